import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openLoop } from "../../bench/lib/open-loop";
import { envNumber } from "./lib/env-number";
import { signIn } from "./lib/http";
import { describeCpuMinutes, describeDiskMinutes, sampleCpu, sampleDisks } from "./lib/system-stats";
import { SOAK_PG_URL } from "./lib/postgres";
import { describeWaitMinutes, samplePostgresWaits } from "./lib/postgres-waits";
import { createReport, percentile, runOnSelectedDatabases, type Report } from "./lib/report";
import type { AdminActivity } from "./lib/admin-activity";
import { adminEnv, serverOnScratchStore } from "./lib/server-process";

// Check 4 of docs/reliability.md: a constant rate of public submissions (an open loop, evenly spaced,
// latency counted from when each was due: bench/lib/open-loop.ts; autocannon's fixed rate sends each
// second's quota in one burst and so measures its own queue) while an admin reads lists, stats and the CSV export and keeps the live stream
// open, for SOAK_SECONDS (default 600). Must hold: 0 5xx, p99 of submissions under 100 ms at
// SOAK_RATE (default 500) a second, and RSS flat over the second half (the floor of its last quarter
// under 10% above the floor of its first).
//
//   npx tsx tests/soak/sustained-load.ts     (SOAK_DB, SOAK_SECONDS, SOAK_RATE, SOAK_EXPORT_EVERY_S, SOAK_WARMUP_SECONDS)

const SECONDS = envNumber("SOAK_SECONDS", 600);
const RATE = envNumber("SOAK_RATE", 500);
const EXPORT_EVERY_S = envNumber("SOAK_EXPORT_EVERY_S", 60);
// A cold server runs interpreted code until V8 has compiled the hot paths, several times slower than
// it will: 500/s from the first second builds a backlog of seconds that says nothing about the server
// at work. So a warm-up at a fifth of the rate comes first; its figures are printed, not judged.
const WARMUP_SECONDS = envNumber("SOAK_WARMUP_SECONDS", 20);
const P99_LIMIT_MS = 100;
const RSS_GROWTH_LIMIT = 0.1;
const ADMIN = { email: "load.admin@erf.test", password: "sustained load passphrase" };

/** CPU time (user + system) the process has used, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

const slope = (points: [number, number][]) => {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};

let sequence = 0;
function nextSubmission(): { path: string; body: string } {
  const n = sequence++;
  const email = `load.${process.pid}.${n}@example.com`;
  switch (n % 4) {
    case 0:
      return {
        path: "/api/contacts",
        body: JSON.stringify({
          firstName: "Load",
          lastName: `Test ${n}`,
          email,
          phone: "+27 82 555 0101",
          message: `Sustained load message ${n}: we manage 40 units.`,
        }),
      };
    case 1:
      return {
        path: "/api/leads",
        body: JSON.stringify({
          type: "signup",
          firstName: "Load",
          lastName: `Signup ${n}`,
          email,
          companyName: `Load Co ${n}`,
          organizationType: "landlord",
          propertyCount: "6-20",
          marketingOptIn: n % 8 === 1,
          termsAccepted: true,
        }),
      };
    case 2:
      return {
        path: "/api/leads",
        body: JSON.stringify({
          type: "demo",
          firstName: "Load",
          lastName: `Demo ${n}`,
          email,
          phone: "+27 21 555 0100",
          companyName: `Load Estates ${n}`,
          organizationType: "hoa",
          propertyCount: "11-50",
          challenges: "Arrears.",
        }),
      };
    default:
      return { path: "/api/newsletter", body: JSON.stringify({ email }) };
  }
}

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const { store, server } = await serverOnScratchStore(kind, "load", {
    // info: one JSON line per request, as in production (drained by this process).
    env: { ...adminEnv(ADMIN), LOG_LEVEL: "info" },
    keepOutput: 20_000,
  });
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  // The admin in a child process (see lib/admin-activity.ts for why), from before the warm-up to the
  // end of the run: its start (a second Node process compiling TypeScript) must not land in the
  // measured minutes. Its figures include the warm-up.
  const adminProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("./lib/admin-activity.ts", import.meta.url)),
      server.url,
      cookie,
      String(Date.now() + (WARMUP_SECONDS + SECONDS + 5) * 1000),
      String(EXPORT_EVERY_S),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let adminOutput = "";
  adminProcess.stdout.on("data", (chunk: Buffer) => (adminOutput += chunk.toString()));
  const adminDone = new Promise<AdminActivity>((resolve, reject) =>
    adminProcess.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(adminOutput) as AdminActivity)
        : reject(new Error(`admin activity exited with ${code}`)),
    ),
  );

  const warmupRate = Math.max(1, Math.round(RATE / 5));
  const warmup =
    WARMUP_SECONDS > 0
      ? await openLoop(server.url, warmupRate, WARMUP_SECONDS, { next: () => nextSubmission() })
      : null;
  // PostgreSQL: what its backends wait for, every 100 ms (lib/postgres-waits.ts).
  const waitSampler = store.postgres ? await samplePostgresWaits(SOAK_PG_URL, store.postgres.name) : null;
  const cpuBefore = cpuMs(server.pid());
  const started = Date.now();

  // RSS every 5 s.
  const rss: [number, number][] = [];
  const sampler = setInterval(() => rss.push([(Date.now() - started) / 1000, rssMiB(server.pid())]), 5_000);
  // The disk and the CPUs each second: a slow flush stalls every commit waiting on it, and time the
  // hypervisor steals stalls everything (see lib/system-stats.ts).
  const diskSampler = sampleDisks();
  const cpuSampler = sampleCpu();

  // Latency per 60 s window, to see whether the tail drifts as the tables grow.
  const windows = new Map<number, number[]>();
  const load = openLoop(server.url, RATE, SECONDS, {
    next: () => nextSubmission(),
    onAnswer: (_status, latency) => {
      const window = Math.floor((Date.now() - started) / 60_000);
      const values = windows.get(window) ?? [];
      values.push(latency);
      windows.set(window, values);
    },
  });
  const result = await load;
  const duration = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const disk = diskSampler.stop();
  const cpuSeconds = cpuSampler.stop();
  const waits = await waitSampler?.stop();
  const serverCpuMs = cpuMs(server.pid()) - cpuBefore;
  const activity = await adminDone;
  const admin = { ...activity, statuses: new Map(activity.statuses) };
  await server.stop("SIGTERM");

  const statusCounts = [...result.statuses].map(([code, count]) => `${code} x${count}`).join(", ");
  const answered = [...result.statuses.values()].reduce((sum, count) => sum + count, 0);
  const connectionFailures = result.sent - answered;
  const fiveXx =
    [...result.statuses].filter(([status]) => status >= 500).reduce((s, [, n]) => s + n, 0) +
    [...admin.statuses].filter(([status]) => status >= 500).reduce((s, [, n]) => s + n, 0);
  // RSS saws up and down with garbage collection (a tooth of 40 to 60 MiB every minute or so at this
  // rate), so a quarter's mean depends on where in the tooth it starts and ends. What a leak raises is
  // the floor, what survives each collection: the first and last quarters of the second half are
  // compared by their lowest sample (their means are reported too).
  const half = rss.filter(([t]) => t >= SECONDS / 2);
  const quarter = Math.max(1, Math.floor(half.length / 4));
  const mean = (points: [number, number][]) => points.reduce((sum, [, v]) => sum + v, 0) / points.length;
  const floor = (points: [number, number][]) => Math.min(...points.map(([, v]) => v));
  const startHalf = mean(half.slice(0, quarter));
  const endHalf = mean(half.slice(-quarter));
  const startFloor = floor(half.slice(0, quarter));
  const endFloor = floor(half.slice(-quarter));
  const growth = (endFloor - startFloor) / startFloor;

  report.figure(
    `${label}: duration`,
    `${duration.toFixed(1)} s at ${RATE}/s offered, evenly spaced (${result.sent} submissions sent, ${result.achieved.toFixed(0)}/s answered 201)`,
  );
  if (warmup) {
    report.figure(
      `${label}: warm-up, not judged`,
      `${WARMUP_SECONDS} s at ${warmupRate}/s: p50 ${warmup.p50.toFixed(1)}, p99 ${warmup.p99.toFixed(1)}, max ${warmup.max.toFixed(1)} ms; ${warmup.failures} not 201`,
    );
  }
  const errorCodes = [...result.errors].map(([code, count]) => `${code} x${count}`).join(", ");
  report.figure(
    `${label}: submission statuses`,
    `${statusCounts}; connection errors and timeouts ${connectionFailures}${errorCodes && ` (${errorCodes})`}`,
  );
  const ms = (value: number) => value.toFixed(1);
  report.figure(
    `${label}: submission latency from when each was due (ms)`,
    `p50 ${ms(result.p50)}, p90 ${ms(result.p90)}, p99 ${ms(result.p99)}, p99.9 ${ms(result.p999)}, max ${ms(result.max)}`,
  );
  report.figure(
    `${label}: p99 per minute (ms)`,
    [...windows]
      .sort(([a], [b]) => a - b)
      .map(([w, values]) => `${w + 1}:${percentile(values, 99).toFixed(0)}`)
      .join(" "),
  );
  report.figure(
    `${label}: server CPU`,
    `${(serverCpuMs / 1000).toFixed(0)} s over ${duration.toFixed(0)} s (${((serverCpuMs / (duration * 1000)) * 100).toFixed(0)}% of one core), ${(serverCpuMs / result.sent).toFixed(2)} ms per submission including the admin's reads and the live stream`,
  );
  if (disk) {
    report.figure(
      `${label}: disk ${disk.device} per minute (MB/s written, worst one-second mean write / flush time)`,
      describeDiskMinutes(disk.seconds),
    );
  }
  if (cpuSeconds.length > 0)
    report.figure(
      `${label}: CPUs per minute (busy, of both cores; stolen by the hypervisor: mean, worst second)`,
      describeCpuMinutes(cpuSeconds),
    );
  if (waits)
    report.figure(
      `${label}: PostgreSQL backends per minute (mean active; commonest waits, of backend samples every 100 ms; autovacuum)`,
      describeWaitMinutes(waits),
    );
  report.figure(
    `${label}: load generator CPU`,
    `${result.generatorCpuMsPerRequest.toFixed(3)} ms per submission (this process: bench/lib/open-loop.ts)`,
  );
  report.figure(
    `${label}: admin lists`,
    `${admin.listMs.length} reads, p50 ${percentile(admin.listMs, 50).toFixed(0)} ms, p99 ${percentile(admin.listMs, 99).toFixed(0)} ms`,
  );
  report.figure(
    `${label}: admin stats`,
    `${admin.statsMs.length} reads, p50 ${percentile(admin.statsMs, 50).toFixed(0)} ms, p99 ${percentile(admin.statsMs, 99).toFixed(0)} ms`,
  );
  report.figure(
    `${label}: CSV exports`,
    admin.exportMs.map((ms, i) => `${admin.exportRows[i]} rows in ${(ms / 1000).toFixed(1)} s`).join("; ") || "none",
  );
  report.figure(`${label}: live stream`, `${admin.streamEvents} change events received, ${admin.streamDrops} drops`);
  report.figure(`${label}: server RSS (MiB) every 5 s`, rss.map(([, v]) => v.toFixed(0)).join(" "));
  report.figure(
    `${label}: RSS over the second half, first vs last quarter`,
    `floors ${startFloor.toFixed(0)} -> ${endFloor.toFixed(0)} MiB (${(growth * 100).toFixed(1)}%), means ${startHalf.toFixed(0)} -> ${endHalf.toFixed(0)} MiB, slope ${(slope(half) * 60).toFixed(2)} MiB/min`,
  );
  report.mustHold(
    `${label}: 0 responses 5xx`,
    fiveXx === 0 && admin.errors === 0 && connectionFailures === 0,
    `${fiveXx} 5xx, ${connectionFailures} submission connection errors, ${admin.errors} admin request errors`,
  );
  report.mustHold(
    `${label}: p99 of submissions under ${P99_LIMIT_MS} ms at ${RATE}/s`,
    result.p99 < P99_LIMIT_MS && result.achieved >= RATE * 0.95,
    `p99 ${ms(result.p99)} ms, ${result.achieved.toFixed(0)}/s`,
  );
  report.mustHold(
    `${label}: RSS flat over the second half (floor growth under ${RSS_GROWTH_LIMIT * 100}%)`,
    half.length >= 6 && growth < RSS_GROWTH_LIMIT,
    `${(growth * 100).toFixed(1)}% over ${half.length} samples`,
  );

  await store.remove();
}

const report = createReport(`sustained load (check 4), ${SECONDS} s per database at ${RATE}/s`);
await runOnSelectedDatabases(report, runOn);
