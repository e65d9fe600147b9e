// npm run bench:api — lead submissions (POST /api/leads, a valid signup with its own Idempotency-Key each)
// against the physical limit measured in the same run: bench/lib/limit-server.mjs, a bare node:http server
// that parses the JSON and runs one prepared better-sqlite3 insert with the same pragmas (WAL,
// synchronous=FULL). Max throughput with autocannon (closed loop); then a fixed offered load of 2,000
// submissions a second and a ladder of lower rates, evenly spaced (open loop); the same for PostgreSQL.
// Then what round-robin assignment adds to a submission (off and on alternating, one server each).
// `npm run bench:api -- --round-robin` runs only that part. Then what the spam score and attribution add
// (bench/lib/spam-cost.ts); `npm run bench:api -- --spam` runs only that part. Then what claiming a
// single-use form stamp adds (bench/lib/stamp-cost.ts); `npm run bench:api -- --stamps` runs only that part.
// `npm run bench:api -- --baseline <commit>` instead builds that commit beside this checkout and alternates
// the two builds, as a whole, with the bare group-commit server (bench/lib/compare-baseline.ts).
// Bounded: about four minutes; 127.0.0.1 only; stops its servers itself.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareWithBaseline } from "./lib/compare-baseline";
import { fdatasyncLatency } from "./lib/disk";
import { postLeads, type LoadResult } from "./lib/load";
import { openLoop, type OpenLoopResult } from "./lib/open-loop";
import { createScratchDatabase } from "./lib/postgres";
import { freePort } from "../tests/support/free-port";
import { requireBuild, ROOT, startBenchServer, waitFor } from "./lib/server";
import { roundRobinRows } from "./lib/round-robin-rows";
import { spamCostRows } from "./lib/spam-cost";
import { stampCostRows } from "./lib/stamp-cost";
import { ms, printTable, type Row } from "./lib/table";

const MAX_LOAD = { connections: 50, durationSeconds: 5 };
// Max throughput is taken this many times for each, alternating, so a burst of load from elsewhere on the
// machine hits both sides of the ratio alike; the median counts.
const ALTERNATIONS = 3;
const FIXED_RATE = 2_000;
const FIXED_SECONDS = 5;
const LADDER_SECONDS = 4;
// Offered loads tried for "highest rate with p99 <= 10 ms".
const LADDER = [100, 200, 400, 800, 1_600];
const P99_GOAL_MS = 10;
const RATIO_GOAL = 0.5;

interface Target {
  name: string;
  url: string;
  stop(): Promise<void>;
}

async function startLimit(groupCommit = false): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "erf-limit-"));
  const port = await freePort();
  let log = "";
  const args = [
    join(ROOT, "bench", "lib", "limit-server.mjs"),
    String(port),
    join(dir, "limit.sqlite"),
    ...(groupCommit ? ["--group-commit"] : []),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, () => log);
  return {
    name: groupCommit ? "group-commit" : "limit",
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  max: LoadResult;
  fixed: OpenLoopResult;
  /** Highest offered rate of LADDER at which p99 stayed within the goal; 0 if none. */
  sustainable: number;
}

const warmUp = (target: Target) => postLeads(target.url, { connections: 10, durationSeconds: 2 }); // JIT, page cache, WAL

/** Max throughput of each target, alternating between them; the run with the median rate of each. */
async function alternateMax(targets: Target[]): Promise<LoadResult[]> {
  const runs: LoadResult[][] = targets.map(() => []);
  for (let round = 0; round < ALTERNATIONS; round += 1) {
    for (const [index, target] of targets.entries()) runs[index]!.push(await postLeads(target.url, MAX_LOAD));
  }
  return runs.map(
    (list) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(list.length / 2)]!,
  );
}

/** The ladder of rates for "highest rate with p99 within the goal" (rising, before any overload), then the fixed load. */
async function underLoad(target: Target, max: LoadResult): Promise<Figures> {
  let sustainable = 0;
  for (const rate of LADDER) {
    const run = await openLoop(target.url, rate, LADDER_SECONDS);
    if (run.p99 > P99_GOAL_MS || run.failures > 0) break;
    sustainable = rate;
  }
  const fixed = await openLoop(target.url, FIXED_RATE, FIXED_SECONDS);
  return { max, fixed, sustainable };
}

const rps = (value: number) => `${Math.round(value)} req/s`;
const failed = (result: { failures: number }) => (result.failures > 0 ? ` (${result.failures} failed)` : "");

requireBuild();
const baselineAt = process.argv.indexOf("--baseline");
if (baselineAt !== -1) {
  const rev = process.argv[baselineAt + 1];
  if (!rev) throw new Error("--baseline takes a commit, e.g. `npm run bench:api -- --baseline HEAD~1`");
  await compareWithBaseline(rev, () => startLimit(true));
  process.exit(0);
}
if (process.argv.includes("--round-robin")) {
  printTable(
    "Round-robin assignment: what it adds to a submission",
    "npm run bench:api -- --round-robin",
    await roundRobinRows(),
  );
  process.exit(0);
}
if (process.argv.includes("--stamps")) {
  printTable(
    "Single-use form stamps: what claiming one adds to a submission",
    "npm run bench:api -- --stamps",
    await stampCostRows(),
  );
  process.exit(0);
}
if (process.argv.includes("--spam")) {
  printTable(
    "Spam score and attribution: what they add to a submission",
    "npm run bench:api -- --spam",
    await spamCostRows(),
  );
  process.exit(0);
}
// The disk alone, before any server runs: what one durable commit costs here.
const probeDir = mkdtempSync(join(tmpdir(), "erf-disk-"));
const disk = fdatasyncLatency(probeDir);
rmSync(probeDir, { recursive: true, force: true });
const limitTarget = await startLimit();
const groupTarget = await startLimit(true);
const erfServer = await startBenchServer();
const erfTarget: Target = { name: "erf", url: erfServer.url, stop: erfServer.stop };
let limit: Figures;
let sqlite: Figures;
let group: Figures;
try {
  for (const target of [limitTarget, groupTarget, erfTarget]) await warmUp(target);
  const [limitMax, erfMax, groupMax] = await alternateMax([limitTarget, erfTarget, groupTarget]);
  limit = await underLoad(limitTarget, limitMax!);
  sqlite = await underLoad(erfTarget, erfMax!);
  group = await underLoad(groupTarget, groupMax!);
} finally {
  await Promise.all([limitTarget.stop(), groupTarget.stop(), erfTarget.stop()]);
}
const scratch = await createScratchDatabase();
let postgres: Figures | null = null;
if (scratch) {
  try {
    const server = await startBenchServer({ DATABASE_URL: scratch.url });
    try {
      const target: Target = { name: "erf-pg", url: server.url, stop: server.stop };
      await warmUp(target);
      const [max] = await alternateMax([target]);
      postgres = await underLoad(target, max!);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

const ratio = sqlite.max.requestsPerSecond / limit.max.requestsPerSecond;
const rows: Row[] = [
  {
    what: "The disk alone: fdatasync after a 64 KB write, p50 / p99 / max (3 s, before the servers start)",
    goal: "",
    measured: `${ms(disk.p50)} / ${ms(disk.p99)} / ${ms(disk.max)} (${disk.syncs} syncs)`,
    met: null,
  },
  {
    what: "Limit: bare node:http + 1 prepared insert (SQLite, WAL, synchronous=FULL), max",
    goal: "",
    measured: rps(limit.max.requestsPerSecond) + failed(limit.max),
    met: null,
  },
  {
    what: "Erf POST /api/leads (SQLite), max",
    goal: "",
    measured: rps(sqlite.max.requestsPerSecond) + failed(sqlite.max),
    met: null,
  },
  {
    what: "Erf / limit, max throughput",
    goal: `≥ ${RATIO_GOAL}`,
    measured: ratio.toFixed(2),
    met: ratio >= RATIO_GOAL,
  },
  {
    what: `Erf (SQLite) at ${FIXED_RATE.toLocaleString("en")} req/s offered: p99 (p50), achieved`,
    goal: `p99 ≤ ${P99_GOAL_MS} ms`,
    measured: `${ms(sqlite.fixed.p99)} (${ms(sqlite.fixed.p50)}), ${rps(sqlite.fixed.achieved)}${failed(sqlite.fixed)}`,
    met: sqlite.fixed.p99 <= P99_GOAL_MS && sqlite.fixed.achieved >= FIXED_RATE * 0.98,
  },
  {
    what: `Limit at ${FIXED_RATE.toLocaleString("en")} req/s offered: p99 (p50), achieved`,
    goal: "",
    measured: `${ms(limit.fixed.p99)} (${ms(limit.fixed.p50)}), ${rps(limit.fixed.achieved)}${failed(limit.fixed)}`,
    met: null,
  },
  {
    what: `Highest offered rate with p99 ≤ ${P99_GOAL_MS} ms (of ${LADDER.join(", ")}): limit / Erf SQLite`,
    goal: "",
    measured: `${limit.sustainable} / ${sqlite.sustainable} req/s`,
    met: null,
  },
  {
    what: "For comparison, the limit server with group commit (one transaction per event-loop turn): max; p99 (p50), achieved at 2,000/s; highest rate with p99 ≤ 10 ms",
    goal: "",
    measured: `${rps(group.max.requestsPerSecond)}; ${ms(group.fixed.p99)} (${ms(group.fixed.p50)}), ${rps(group.fixed.achieved)}${failed(group.fixed)}; ${group.sustainable} req/s`,
    met: null,
  },
];
if (postgres) {
  rows.push(
    {
      what: "Erf POST /api/leads (PostgreSQL 127.0.0.1), max",
      goal: "",
      measured: rps(postgres.max.requestsPerSecond) + failed(postgres.max),
      met: null,
    },
    {
      what: `Erf (PostgreSQL) at ${FIXED_RATE.toLocaleString("en")} req/s offered: p99 (p50), achieved`,
      goal: `p99 ≤ ${P99_GOAL_MS} ms`,
      measured: `${ms(postgres.fixed.p99)} (${ms(postgres.fixed.p50)}), ${rps(postgres.fixed.achieved)}${failed(postgres.fixed)}`,
      met: postgres.fixed.p99 <= P99_GOAL_MS && postgres.fixed.achieved >= FIXED_RATE * 0.98,
    },
    {
      what: `Highest offered rate with p99 ≤ ${P99_GOAL_MS} ms: Erf PostgreSQL`,
      goal: "",
      measured: `${postgres.sustainable} req/s`,
      met: null,
    },
  );
}
rows.push(...(await roundRobinRows()));
rows.push(...(await spamCostRows()));
rows.push(...(await stampCostRows()));
printTable("Lead submission throughput", "npm run bench:api", rows, [
  `autocannon in this process; max: ${MAX_LOAD.connections} connections for ${MAX_LOAD.durationSeconds} s, ${ALTERNATIONS} times each alternating limit and Erf, median; fixed rates: an open loop (bench/lib/open-loop.ts: evenly spaced, latency from the moment each request was due), ${FIXED_RATE} req/s for ${FIXED_SECONDS} s, ladder steps ${LADDER_SECONDS} s; RATE_LIMIT_PER_MINUTE=100000000.`,
  "Both servers are one Node process and share the 2 cores with the load generator; every request is a distinct signup with its own Idempotency-Key.",
  `The open loop's own CPU: ${sqlite.fixed.generatorCpuMsPerRequest.toFixed(3)} ms per request at ${FIXED_RATE}/s (bench/lib/lean-http.ts).`,
  ...(postgres
    ? []
    : ["PostgreSQL: no server answered at BENCH_POSTGRES_URL / 127.0.0.1:5432, so no PostgreSQL rows."]),
]);
