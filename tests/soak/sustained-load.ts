import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { keepAliveAgent, send, signIn } from "./lib/http";
import { createScratchDatabase, postgresAnswers } from "./lib/postgres";
import { createReport, percentile, selectedDatabases, sleep, type Report } from "./lib/report";
import { openEventStream } from "./lib/sse-client";
import { startServerProcess } from "./lib/server-process";

// Check 4 of docs/reliability.md: a constant rate of public submissions (autocannon, corrected for
// coordinated omission) while an admin reads lists, stats and the CSV export and keeps the live stream
// open, for SOAK_SECONDS (default 600). Must hold: 0 5xx, p99 of submissions under 100 ms at
// SOAK_RATE (default 500) a second, and RSS flat over the second half (the floor of its last quarter
// under 10% above the floor of its first).
//
//   npx tsx tests/soak/sustained-load.ts     (SOAK_DB, SOAK_SECONDS, SOAK_RATE, SOAK_EXPORT_EVERY_S)

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 500);
const EXPORT_EVERY_S = Number(process.env.SOAK_EXPORT_EVERY_S ?? 60);
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
      return { path: "/api/contacts", body: JSON.stringify({ firstName: "Load", lastName: `Test ${n}`, email, phone: "+27 82 555 0101", message: `Sustained load message ${n}: we manage 40 units.` }) };
    case 1:
      return { path: "/api/leads", body: JSON.stringify({ type: "signup", firstName: "Load", lastName: `Signup ${n}`, email, companyName: `Load Co ${n}`, organizationType: "landlord", propertyCount: "6-20", marketingOptIn: n % 8 === 1, termsAccepted: true }) };
    case 2:
      return { path: "/api/leads", body: JSON.stringify({ type: "demo", firstName: "Load", lastName: `Demo ${n}`, email, phone: "+27 21 555 0100", companyName: `Load Estates ${n}`, organizationType: "hoa", propertyCount: "11-50", challenges: "Arrears." }) };
    default:
      return { path: "/api/newsletter", body: JSON.stringify({ email }) };
  }
}

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const dir = mkdtempSync(join(tmpdir(), "erf-load-"));
  const scratch = kind === "postgres" ? await createScratchDatabase("erf_load") : null;
  const server = await startServerProcess({
    databaseUrl: scratch ? scratch.url : `sqlite:${join(dir, "erf.sqlite")}`,
    // info: one JSON line per request, as in production (drained by this process).
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "info" },
    keepOutput: 20_000,
  });
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const cpuBefore = cpuMs(server.pid());
  const started = Date.now();
  const deadline = started + SECONDS * 1000;

  // RSS every 5 s.
  const rss: [number, number][] = [];
  const sampler = setInterval(() => rss.push([(Date.now() - started) / 1000, rssMiB(server.pid())]), 5_000);

  // The admin: lists and stats every second, the export every EXPORT_EVERY_S, the live stream open.
  const admin = { statuses: new Map<number, number>(), errors: 0, listMs: [] as number[], statsMs: [] as number[], exportMs: [] as number[], exportRows: [] as number[] };
  const stream = openEventStream(`${server.url}/api/admin/events`, { cookie });
  const adminLoop = async () => {
    const agent = keepAliveAgent(2);
    let lastExport = Date.now();
    let tick = 0;
    while (Date.now() < deadline) {
      const collection = ["leads", "contacts", "newsletter"][tick % 3]!;
      const query = tick % 5 === 4 ? "?q=load&limit=100" : "?limit=100";
      for (const [path, into] of [[`/api/admin/${collection}${query}`, admin.listMs], ["/api/admin/stats", admin.statsMs]] as const) {
        const result = await send(`${server.url}${path}`, { headers: { Cookie: cookie }, agent, timeoutMs: 30_000 });
        if (!result.ok) admin.errors += 1;
        else {
          admin.statuses.set(result.answer.status, (admin.statuses.get(result.answer.status) ?? 0) + 1);
          into.push(result.answer.ms);
        }
      }
      if (Date.now() - lastExport >= EXPORT_EVERY_S * 1000) {
        lastExport = Date.now();
        const result = await send(`${server.url}/api/admin/export.csv`, { headers: { Cookie: cookie }, agent, timeoutMs: 120_000 });
        if (!result.ok) admin.errors += 1;
        else {
          admin.statuses.set(result.answer.status, (admin.statuses.get(result.answer.status) ?? 0) + 1);
          admin.exportMs.push(result.answer.ms);
          admin.exportRows.push(result.answer.body.split("\r\n").length - 2);
        }
      }
      tick += 1;
      await sleep(1_000);
    }
    agent.destroy();
  };

  // Raw per-response times in 60 s windows, to see whether the tail drifts as the tables grow.
  const windows = new Map<number, number[]>();
  let instance!: autocannon.Instance;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({
    url: server.url,
    connections: 64,
    overallRate: RATE,
    duration: SECONDS,
    timeout: 10,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const { path, body } = nextSubmission();
          return { ...request, path, body, headers: { "content-type": "application/json" } };
        },
      },
    ],
    }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    const window = Math.floor((Date.now() - started) / 60_000);
    const values = windows.get(window) ?? [];
    values.push(responseTime);
    windows.set(window, values);
  });
  const [result] = await Promise.all([load, adminLoop()]);
  clearInterval(sampler);
  const serverCpuMs = cpuMs(server.pid()) - cpuBefore;
  stream.close();
  await server.stop("SIGTERM");

  const statusCounts = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code} x${count ?? 0}`).join(", ");
  const fiveXx = result["5xx"] + [...admin.statuses].filter(([status]) => status >= 500).reduce((s, [, n]) => s + n, 0);
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

  report.figure(`${label}: duration`, `${result.duration} s at a target of ${RATE}/s (${result.requests.total} submissions sent, ${(result.requests.total / result.duration).toFixed(0)}/s achieved)`);
  report.figure(`${label}: submission statuses`, `${statusCounts}; connection errors ${result.errors}, timeouts ${result.timeouts}`);
  report.figure(`${label}: submission latency (ms, corrected for coordinated omission)`, `p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, p99.9 ${result.latency.p99_9}, max ${result.latency.max}`);
  report.figure(
    `${label}: raw p99 per minute (ms)`,
    [...windows].sort(([a], [b]) => a - b).map(([w, values]) => `${w + 1}:${percentile(values, 99).toFixed(0)}`).join(" "),
  );
  report.figure(
    `${label}: server CPU`,
    `${(serverCpuMs / 1000).toFixed(0)} s over ${result.duration} s (${((serverCpuMs / (result.duration * 1000)) * 100).toFixed(0)}% of one core), ${(serverCpuMs / result.requests.total).toFixed(2)} ms per submission including the admin's reads and the live stream`,
  );
  report.figure(`${label}: admin lists`, `${admin.listMs.length} reads, p50 ${percentile(admin.listMs, 50).toFixed(0)} ms, p99 ${percentile(admin.listMs, 99).toFixed(0)} ms`);
  report.figure(`${label}: admin stats`, `${admin.statsMs.length} reads, p50 ${percentile(admin.statsMs, 50).toFixed(0)} ms, p99 ${percentile(admin.statsMs, 99).toFixed(0)} ms`);
  report.figure(`${label}: CSV exports`, admin.exportMs.map((ms, i) => `${admin.exportRows[i]} rows in ${(ms / 1000).toFixed(1)} s`).join("; ") || "none");
  report.figure(`${label}: live stream`, `${stream.events()} change events received, ${stream.drops()} drops`);
  report.figure(`${label}: server RSS (MiB) every 5 s`, rss.map(([, v]) => v.toFixed(0)).join(" "));
  report.figure(
    `${label}: RSS over the second half, first vs last quarter`,
    `floors ${startFloor.toFixed(0)} -> ${endFloor.toFixed(0)} MiB (${(growth * 100).toFixed(1)}%), means ${startHalf.toFixed(0)} -> ${endHalf.toFixed(0)} MiB, slope ${(slope(half) * 60).toFixed(2)} MiB/min`,
  );
  report.mustHold(`${label}: 0 responses 5xx`, fiveXx === 0 && admin.errors === 0 && result.errors === 0, `${fiveXx} 5xx, ${result.errors} submission connection errors, ${admin.errors} admin request errors`);
  report.mustHold(`${label}: p99 of submissions under ${P99_LIMIT_MS} ms at ${RATE}/s`, result.latency.p99 < P99_LIMIT_MS && result.requests.total >= RATE * SECONDS * 0.95, `p99 ${result.latency.p99} ms, ${(result.requests.total / result.duration).toFixed(0)}/s`);
  report.mustHold(
    `${label}: RSS flat over the second half (floor growth under ${RSS_GROWTH_LIMIT * 100}%)`,
    half.length >= 6 && growth < RSS_GROWTH_LIMIT,
    `${(growth * 100).toFixed(1)}% over ${half.length} samples`,
  );

  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
}


const report = createReport(`sustained load (check 4), ${SECONDS} s per database at ${RATE}/s`);
for (const kind of selectedDatabases()) {
  if (kind === "postgres" && !(await postgresAnswers())) {
    report.mustHold("PostgreSQL reachable", false, "set SOAK_PG_URL or SOAK_DB=sqlite");
    continue;
  }
  await runOn(kind, report);
}
process.exit(report.finish());
