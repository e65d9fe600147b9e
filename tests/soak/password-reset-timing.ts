import { createPasswordHasher } from "../../server/auth/passwords";
import { connectDatabase, insertAdmin } from "../../server/db/store";
import { envNumber } from "./lib/env-number";
import { keepAliveAgent, send } from "./lib/http";
import { createReport, median, percentile, runOnSelectedDatabases, type Report } from "./lib/report";
import { serverOnScratchStore } from "./lib/server-process";

// Check 5's password-reset half: `POST /api/auth/password-reset` must not tell a stranger whether an
// address has an account by the time it takes. The real server, SMTP set (to an address where nothing
// listens: the links are made and queued, the sending fails later, off the request), 200 requests for
// known addresses (each its own account, asked once, so every one is sent a link) and 200 for unknown
// ones, interleaved at random, each from its own forwarded address so the per-client limit stays out
// of the way. Must hold: the same status and body for both, and medians within 35% (as the newsletter:
// a transaction that writes two rows more is the difference left).
//
//   npx tsx tests/soak/password-reset-timing.ts     (SOAK_DB, TIMING_TRIES)

const TRIES = envNumber("TIMING_TRIES", 200);
const LIMIT = 0.35;

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const { store, server } = await serverOnScratchStore(kind, "reset_timing", {
    env: { SMTP_URL: "smtp://127.0.0.1:1", TRUST_PROXY: "1" },
  });
  const db = connectDatabase(store.databaseUrl);
  const hash = await createPasswordHasher().hash("a long enough passphrase");
  for (let i = 0; i < TRIES + 10; i++)
    await insertAdmin(db, `known.${i}@erf.test`, hash, new Date(), { role: "sales" });
  await db.destroy();

  const agent = keepAliveAgent(1);
  let client = 0;
  const ask = (email: string) => {
    client += 1;
    return send(`${server.url}/api/auth/password-reset`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: server.url,
        "X-Forwarded-For": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      },
      body: JSON.stringify({ email }),
      agent,
    });
  };
  // Warm-up: the first queries and plans are slower for everyone.
  for (let i = 0; i < 10; i++) await ask(i % 2 ? `known.${TRIES + i}@erf.test` : `warm${i}@erf.test`);

  const order = [
    ...Array.from({ length: TRIES }, () => "known" as const),
    ...Array.from({ length: TRIES }, () => "unknown" as const),
  ].sort(() => Math.random() - 0.5);
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = { known: new Set<string>(), unknown: new Set<string>() };
  const index = { known: 0, unknown: 0 };
  for (const which of order) {
    const result = await ask(
      which === "known" ? `known.${index.known++}@erf.test` : `nobody.${index.unknown++}@erf.test`,
    );
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
    `${label}: known address, a link made and queued (ms)`,
    `median ${known.toFixed(2)}, p10 ${percentile(times.known, 10).toFixed(2)}, p90 ${percentile(times.known, 90).toFixed(2)} over ${TRIES}`,
  );
  report.figure(
    `${label}: unknown address (ms)`,
    `median ${unknown.toFixed(2)}, p10 ${percentile(times.unknown, 10).toFixed(2)}, p90 ${percentile(times.unknown, 90).toFixed(2)} over ${TRIES}`,
  );
  report.mustHold(
    `${label}: same status and body`,
    answers.known.size === 1 && answers.unknown.size === 1 && [...answers.known][0] === [...answers.unknown][0],
    [...answers.known, ...answers.unknown].join(" | "),
  );
  report.mustHold(
    `${label}: medians differ by under ${LIMIT * 100}%`,
    difference < LIMIT,
    `${(difference * 100).toFixed(1)}%`,
  );

  await store.remove();
}

const report = createReport("password-reset timing, known vs unknown address (check 5)");
await runOnSelectedDatabases(report, runOn);
