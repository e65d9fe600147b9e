import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { openLoop, type OpenLoopResult } from "../../bench/lib/open-loop";
import { envNumber } from "./lib/env-number";
import { send, signIn } from "./lib/http";
import { withClient } from "./lib/postgres";
import { createReport, median, percentile, runOnSelectedDatabases, sleep, type Report } from "./lib/report";
import { adminEnv, serverOnScratchStore } from "./lib/server-process";

import { postgresCpuMs, processCpuMs as cpuMs } from "./lib/system-stats";
import type { ReceiverTallies } from "./lib/webhook-receivers";

// The webhook worker under load (check 13; server/webhooks/webhook-load.test.ts is its fast in-process
// version; docs/decisions/0048-webhooks-from-a-plain-outbox-worker.md). Per database:
// - Steady: pairs of passes (SOAK_PAIRS, 3 by default), in alternating order, each on a scratch store of
//   its own, at SOAK_RATE (100 a second) for SOAK_SECONDS after the same warm-up: a baseline with no
//   webhook endpoint, and one with two endpoints subscribed to every created event: a fast receiver that
//   verifies each signature, and a faulty one (500 half the time, a 15 s hang a tenth of the time).
//   Must hold: every submission 201; the median p99 with webhooks within 1.25x of the baselines'; at the
//   fast receiver, each event's first arrival within 2 s of its commit at p95, and every stored record's
//   event within a minute of the load's end, duplicates recognisable by webhook-id.
// - Saturation: one pass with the two endpoints at SOAK_SATURATION_RATE (500 a second, more than this
//   machine serves) for SOAK_SATURATION_SECONDS. Must hold: every submission 201, and every stored
//   record's event at the fast receiver within a minute of the load's end.
// The faulty receiver recovers at the load's end; what it got is a figure, not a budget (its retries
// wait on the schedule, scaled by SOAK_WEBHOOK_RETRY_BASE_MS).
//
//   npx tsx tests/soak/webhook-load.ts     (SOAK_DB, SOAK_PAIRS, SOAK_SECONDS, SOAK_RATE, SOAK_WARMUP_SECONDS, SOAK_SATURATION_RATE, SOAK_SATURATION_SECONDS, SOAK_WEBHOOK_RETRY_BASE_MS)

const SECONDS = envNumber("SOAK_SECONDS", 60);
const RATE = envNumber("SOAK_RATE", 100);
const SATURATION_RATE = envNumber("SOAK_SATURATION_RATE", 500);
const SATURATION_SECONDS = envNumber("SOAK_SATURATION_SECONDS", 30);
// A cold server is several times slower until V8 has compiled its hot paths (see sustained-load.ts).
const WARMUP_SECONDS = envNumber("SOAK_WARMUP_SECONDS", 20);
/** Every event at the healthy endpoint within this long of the load's end. */
const DELIVERED_WITHIN_S = 60;
const RETRY_BASE_MS = envNumber("SOAK_WEBHOOK_RETRY_BASE_MS", 1_000);
const P99_RATIO = 1.25;
const FIRST_ATTEMPT_P95_MS = 2_000;
/** Pairs of passes (a baseline and one with webhooks), in alternating order. */
const PAIRS = envNumber("SOAK_PAIRS", 3);
const EVENTS = ["contact.created", "lead.created", "newsletter.subscribed"];
const ADMIN = { email: "webhook.admin@erf.test", password: "webhook load passphrase" };

let sequence = 0;
/** The three forms in turn, each a new address: every 201 is a stored record and one created event. */
function nextSubmission(): { path: string; body: string } {
  const n = sequence++;
  const email = `hook.${process.pid}.${n}@example.com`;
  if (n % 3 === 0)
    return {
      path: "/api/contacts",
      body: JSON.stringify({
        firstName: "Hook",
        lastName: `Load ${n}`,
        email,
        phone: "+27 82 555 0101",
        message: `Webhook load message ${n}.`,
      }),
    };
  if (n % 3 === 1) {
    return {
      path: "/api/leads",
      body: JSON.stringify({
        type: "demo",
        firstName: "Hook",
        lastName: `Demo ${n}`,
        email,
        phone: "+27 21 555 0100",
        companyName: `Hook Estates ${n}`,
        organizationType: "hoa",
        propertyCount: "11-50",
      }),
    };
  }
  return { path: "/api/newsletter", body: JSON.stringify({ email }) };
}

async function storedIds(kind: "sqlite" | "postgres", location: string): Promise<Set<string>> {
  const query = "select id from contacts union all select id from leads union all select id from newsletter";
  if (kind === "postgres")
    return withClient(
      location,
      async (client) => new Set((await client.query<{ id: string }>(query)).rows.map((row) => row.id)),
    );
  const db = new Database(location, { readonly: true, fileMustExist: true });
  try {
    return new Set((db.prepare(query).all() as { id: string }[]).map((row) => row.id));
  } finally {
    db.close();
  }
}

/**
 * The receivers' process (lib/webhook-receivers.ts): one JSON line per command. They stand for other
 * machines, so they run at nice 19 (they lower themselves).
 */
async function startReceivers() {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./lib/webhook-receivers.ts", import.meta.url))],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const ports = JSON.parse(await nextLine()) as { fast: number; faulty: number };
  const ask = async <T>(command: object): Promise<T> => {
    const answer = nextLine();
    child.stdin.write(`${JSON.stringify(command)}\n`);
    return JSON.parse(await answer) as T;
  };
  return {
    ports,
    pid: () => child.pid ?? -1,
    setSecrets: (fast: string, faulty: string) => ask({ cmd: "secrets", fast, faulty }),
    recover: () => ask({ cmd: "recover" }),
    mark: () => ask({ cmd: "mark" }),
    tally: (ids = false) => ask<ReceiverTallies>({ cmd: "tally", ids }),
    stop: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.stdin.end())),
  };
}

interface Pass {
  warmup: OpenLoopResult | null;
  load: OpenLoopResult;
  serverCpuMs: number;
  /** PostgreSQL's processes (null on SQLite, which runs in the server's process). */
  databaseCpuMs: number | null;
  load1: [number, number];
  /** Latencies per 10 s of the measured load: does the tail grow with the webhook backlog? */
  windows: number[][];
}

/** Warm-up, then the measured load; the server's CPU and the 1-min load average over the measured part. */
async function drive(
  kind: "sqlite" | "postgres",
  url: string,
  pid: number,
  rate: number,
  seconds: number,
  beforeLoad: () => Promise<unknown> = async () => {},
): Promise<Pass> {
  const warmup =
    WARMUP_SECONDS > 0
      ? await openLoop(url, Math.max(1, Math.round(rate / 5)), WARMUP_SECONDS, { next: () => nextSubmission() })
      : null;
  await beforeLoad();
  const cpuBefore = cpuMs(pid);
  const databaseBefore = kind === "postgres" ? postgresCpuMs() : null;
  const loadBefore = loadavg()[0] ?? 0;
  const windows: number[][] = [];
  const started = performance.now();
  const load = await openLoop(url, rate, seconds, {
    next: () => nextSubmission(),
    onAnswer: (_status, latency) => (windows[Math.floor((performance.now() - started) / 10_000)] ??= []).push(latency),
  });
  const databaseAfter = databaseBefore === null ? null : postgresCpuMs();
  return {
    warmup,
    load,
    serverCpuMs: cpuMs(pid) - cpuBefore,
    databaseCpuMs: databaseBefore === null || databaseAfter === null ? null : databaseAfter - databaseBefore,
    load1: [loadBefore, loadavg()[0] ?? 0],
    windows,
  };
}

const answered201 = (result: OpenLoopResult | null) => result?.statuses.get(201) ?? 0;
const notAll201 = (pass: Pass) =>
  pass.load.sent - answered201(pass.load) + (pass.warmup ? pass.warmup.sent - answered201(pass.warmup) : 0);
const ms = (value: number) => value.toFixed(1);

function describePass(report: Report, label: string, name: string, pass: Pass, rate: number, seconds: number) {
  const { load, warmup } = pass;
  const statuses = [...load.statuses].map(([code, count]) => `${code} x${count}`).join(", ");
  const errors = [...load.errors].map(([code, count]) => `${code} x${count}`).join(", ");
  if (warmup)
    report.figure(
      `${label}: ${name}: warm-up, not judged`,
      `${WARMUP_SECONDS} s at ${warmup.offered}/s: p99 ${ms(warmup.p99)} ms; ${warmup.failures} not 201`,
    );
  report.figure(
    `${label}: ${name}: statuses`,
    `${statuses}${errors && `; no answer: ${errors}`} (${load.achieved.toFixed(0)}/s answered 201)`,
  );
  report.figure(
    `${label}: ${name}: latency from when due (ms)`,
    `p50 ${ms(load.p50)}, p90 ${ms(load.p90)}, p99 ${ms(load.p99)}, p99.9 ${ms(load.p999)}, max ${ms(load.max)}`,
  );
  report.figure(
    `${label}: ${name}: p99 per 10 s (ms)`,
    pass.windows.map((values) => percentile(values, 99).toFixed(0)).join(" "),
  );
  report.figure(
    `${label}: ${name}: server CPU, 1-min load average`,
    `${(pass.serverCpuMs / 1000).toFixed(0)} s over ${seconds} s (${(pass.serverCpuMs / load.sent).toFixed(2)} ms a submission); load ${pass.load1[0].toFixed(2)} -> ${pass.load1[1].toFixed(2)}`,
  );
  if (pass.databaseCpuMs !== null)
    report.figure(
      `${label}: ${name}: PostgreSQL's CPU (its processes)`,
      `${(pass.databaseCpuMs / 1000).toFixed(1)} s over ${seconds} s (${(pass.databaseCpuMs / load.sent).toFixed(2)} ms a submission)`,
    );
  // At saturation the server answers fewer a second than offered: what must hold is that none fails.
  const steady = rate === RATE;
  report.mustHold(
    `${label}: ${name}: every submission 201 at ${rate}/s`,
    notAll201(pass) === 0 && (!steady || load.achieved >= rate * 0.95),
    `${notAll201(pass)} not 201, ${load.achieved.toFixed(0)}/s`,
  );
}

/** A pass with no endpoint, on a scratch store of its own. */
async function baselinePass(kind: "sqlite" | "postgres", env: Record<string, string>): Promise<Pass> {
  const { store, server } = await serverOnScratchStore(kind, "hookbase", { env });
  const pass = await drive(kind, server.url, server.pid(), RATE, SECONDS);
  await server.stop("SIGTERM");
  await store.remove();
  return pass;
}

/** A pass with the two endpoints, on a scratch store of its own; then the receivers' checks. */
async function webhookPass(
  kind: "sqlite" | "postgres",
  env: Record<string, string>,
  report: Report,
  label: string,
  rate: number,
  seconds: number,
): Promise<Pass> {
  const { store, server } = await serverOnScratchStore(kind, "hookload", { env });
  const receivers = await startReceivers();
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const secrets: string[] = [];
  for (const port of [receivers.ports.fast, receivers.ports.faulty]) {
    const result = await send(`${server.url}/api/admin/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: cookie },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: EVENTS }),
    });
    if (!result.ok || result.answer.status !== 201)
      throw new Error(
        `creating the endpoint failed: ${result.ok ? `${result.answer.status} ${result.answer.body}` : result.error}`,
      );
    secrets.push((JSON.parse(result.answer.body) as { secret: string }).secret);
  }
  await receivers.setSecrets(secrets[0]!, secrets[1]!);
  const receiversCpuBefore = cpuMs(receivers.pid());
  // The first-arrival delays are those of the measured load's events (and of the warm-up's last ones).
  const withHooks = await drive(kind, server.url, server.pid(), rate, seconds, () => receivers.mark());
  const receiversCpuMs = cpuMs(receivers.pid()) - receiversCpuBefore;

  // What the receivers must get: every record the load stored (a submission that timed out may have been
  // stored too, and its event sent: the database says, not the 201s).
  const stored = await storedIds(kind, store.location);
  const loadEnded = Date.now();
  const atLoadEnd = await receivers.tally();
  await receivers.recover();
  const done: { fast?: number; faulty?: number } = {};
  while (Date.now() - loadEnded < DELIVERED_WITHIN_S * 1000) {
    const tally = await receivers.tally();
    if (done.fast === undefined && tally.fast.records >= stored.size) done.fast = (Date.now() - loadEnded) / 1000;
    if (done.faulty === undefined && tally.faulty.records >= stored.size) done.faulty = (Date.now() - loadEnded) / 1000;
    if (done.fast !== undefined && done.faulty !== undefined) break;
    await sleep(250);
  }
  const final = await receivers.tally(true);
  await server.stop("SIGTERM");
  await receivers.stop();
  await store.remove();

  report.figure(
    `${label}: receivers' CPU (their own process) during the load`,
    `${(receiversCpuMs / 1000).toFixed(1)} s over ${seconds} s`,
  );
  report.figure(`${label}: records stored (warm-up and load)`, `${stored.size}`);
  for (const name of ["fast", "faulty"] as const) {
    const [then, now] = [atLoadEnd[name], final[name]];
    const got = new Set(now.recordIds);
    const missing = [...stored].filter((id) => !got.has(id)).length;
    const delay = then.firstDelayMs;
    report.figure(
      `${label}: ${name} receiver`,
      `${then.records} events by the end of the load (${then.requests} requests); first arrival after the commit p50 ${delay.p50} ms, p95 ${delay.p95} ms, max ${delay.max} ms (${delay.count} events); ` +
        `then ${now.records} events, ${now.webhookIds} webhook-ids, ${now.kept} kept, ${now.duplicates} duplicates, ${now.requests} requests; ` +
        `${done[name] === undefined ? `${missing} missing ${DELIVERED_WITHIN_S} s after the load` : `complete ${done[name]!.toFixed(1)} s after the load`}`,
    );
    report.mustHold(
      `${label}: ${name} receiver: every signature valid`,
      now.badSignatures === 0,
      `${now.badSignatures} bad of ${now.requests}`,
    );
    report.mustHold(
      `${label}: ${name} receiver: duplicates recognisable by webhook-id`,
      now.idsWithSeveralRecords === 0 && now.webhookIds === now.kept - now.duplicates,
      `${now.duplicates} duplicates, ${now.idsWithSeveralRecords} ids with several records`,
    );
    if (name === "faulty") continue;
    report.mustHold(
      `${label}: ${name} receiver: every stored record's event within ${DELIVERED_WITHIN_S} s of the load's end`,
      missing === 0,
      `${missing} of ${stored.size} missing`,
    );
    if (rate === RATE)
      report.mustHold(
        `${label}: ${name} receiver: first arrival within ${FIRST_ATTEMPT_P95_MS} ms of the commit at p95`,
        delay.count > 0 && delay.p95 <= FIRST_ATTEMPT_P95_MS,
        `p95 ${delay.p95} ms of ${delay.count}`,
      );
  }
  return withHooks;
}

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  // Every pass runs the same server configuration; only the endpoints differ.
  const env = { ...adminEnv(ADMIN), WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) };
  // The p99 of one 60 s pass moves by up to half between two identical passes on this kind of machine
  // (two baselines in a row, 2026-11-28: x1.52 and x1.11), and the second pass of a pair came out slower
  // both times. So the passes come in pairs, in alternating order, and the budget compares medians.
  const baselines: number[] = [];
  const hooked: number[] = [];
  for (let pair = 1; pair <= PAIRS; pair += 1) {
    const order = pair % 2 === 1 ? (["baseline", "webhooks"] as const) : (["webhooks", "baseline"] as const);
    for (const which of order) {
      const name = `pair ${pair}, ${which === "baseline" ? "baseline, no endpoint" : "two endpoints"}`;
      const pass =
        which === "baseline"
          ? await baselinePass(kind, env)
          : await webhookPass(kind, env, report, `${label}: pair ${pair}`, RATE, SECONDS);
      describePass(report, label, name, pass, RATE, SECONDS);
      (which === "baseline" ? baselines : hooked).push(pass.load.p99);
    }
    report.figure(
      `${label}: pair ${pair}: p99 with webhooks vs without`,
      `${ms(hooked.at(-1)!)} vs ${ms(baselines.at(-1)!)} ms: ratio ${(hooked.at(-1)! / baselines.at(-1)!).toFixed(3)}`,
    );
  }
  const ratio = median(hooked) / median(baselines);
  report.figure(
    `${label}: p99 per pass, without / with webhooks (ms)`,
    `${baselines.map(ms).join(", ")} / ${hooked.map(ms).join(", ")}`,
  );
  report.mustHold(
    `${label}: median p99 with webhooks within ${P99_RATIO}x of without (${PAIRS} pairs at ${RATE}/s)`,
    ratio <= P99_RATIO,
    `${ms(median(hooked))} / ${ms(median(baselines))} ms = ${ratio.toFixed(3)}`,
  );

  const saturated = await webhookPass(kind, env, report, `${label}: saturation`, SATURATION_RATE, SATURATION_SECONDS);
  describePass(report, label, `saturation, two endpoints`, saturated, SATURATION_RATE, SATURATION_SECONDS);
}

const report = createReport(
  `webhook load: ${PAIRS} pairs of ${SECONDS} s passes at ${RATE}/s (a baseline and a pass with two endpoints, one faulty), in alternating order; then ${SATURATION_SECONDS} s at ${SATURATION_RATE}/s with the two endpoints`,
);
await runOnSelectedDatabases(report, runOn);
