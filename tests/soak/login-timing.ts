import { envNumber } from "./lib/env-number";
import { keepAliveAgent, send } from "./lib/http";
import { createReport, median, percentile, runOnSelectedDatabases, type Report } from "./lib/report";
import { adminEnv, serverOnScratchStore } from "./lib/server-process";

// Check 5 of docs/reliability.md, the timing half (the counting half is tests/unit/reliability/
// brute-force.test.ts): the real server with the production argon2id cost, 200 wrong-password sign-ins
// for a known email and 200 for an unknown one, interleaved in random order, one at a time. Must hold:
// the same status and body for both, and medians within 10% of each other.
//
//   npx tsx tests/soak/login-timing.ts     (SOAK_DB, TIMING_TRIES)

const TRIES = envNumber("TIMING_TRIES", 200);
const LIMIT = 0.1;
const ADMIN = { email: "timing.admin@erf.test", password: "timing check passphrase" };

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  // The lockout would answer 429 after 10 failures; lifted so every try reaches the password check.
  const { store, server } = await serverOnScratchStore(kind, "timing", {
    env: { ...adminEnv(ADMIN), LOGIN_MAX_FAILURES: "1000000" },
  });
  const agent = keepAliveAgent(1);
  const login = (email: string) =>
    send(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email, password: "a wrong password, long enough" }),
      agent,
    });

  // Warm-up: the first argon2 calls and query plans are slower for everyone.
  for (let i = 0; i < 10; i++) await login(i % 2 ? ADMIN.email : `warm${i}@erf.test`);

  const order = [
    ...Array.from({ length: TRIES }, () => "known" as const),
    ...Array.from({ length: TRIES }, () => "unknown" as const),
  ].sort(() => Math.random() - 0.5);
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = { known: new Set<string>(), unknown: new Set<string>() };
  let unknownIndex = 0;
  for (const which of order) {
    const result = await login(which === "known" ? ADMIN.email : `nobody.${unknownIndex++}@erf.test`);
    if (!result.ok) throw new Error(result.error);
    times[which].push(result.answer.ms);
    answers[which].add(`${result.answer.status} ${result.answer.body}`);
  }
  agent.destroy();
  await server.stop("SIGTERM");

  const known = median(times.known);
  const unknown = median(times.unknown);
  const difference = Math.abs(known - unknown) / Math.min(known, unknown);
  report.figure(
    `${label}: known email, wrong password (ms)`,
    `median ${known.toFixed(1)}, p10 ${percentile(times.known, 10).toFixed(1)}, p90 ${percentile(times.known, 90).toFixed(1)} over ${TRIES}`,
  );
  report.figure(
    `${label}: unknown email (ms)`,
    `median ${unknown.toFixed(1)}, p10 ${percentile(times.unknown, 10).toFixed(1)}, p90 ${percentile(times.unknown, 90).toFixed(1)} over ${TRIES}`,
  );
  report.mustHold(
    `${label}: same status and body`,
    answers.known.size === 1 && [...answers.known][0] === [...answers.unknown][0] && answers.unknown.size === 1,
    [...answers.known, ...answers.unknown].join(" | ").slice(0, 200),
  );
  report.mustHold(
    `${label}: medians differ by under ${LIMIT * 100}%`,
    difference < LIMIT,
    `${(difference * 100).toFixed(1)}%`,
  );

  await store.remove();
}

const report = createReport("sign-in timing, known vs unknown email (check 5)");
await runOnSelectedDatabases(report, runOn);
