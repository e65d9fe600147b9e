// `npm run bench:api -- --baseline <commit>`: the working tree's build against another commit's, as a whole,
// in one run. Both servers (and the bare group-commit server, the hardware's figure) take turns: three
// pairs of 8 s at 50 connections posting distinct contact messages, medians compared. A change that costs
// the submission path more than 10% needs a decision record (docs/performance.md).
import { buildBaseline } from "./baseline";
import { postForm, type LoadResult } from "./load";
import { startBenchServer, type BenchServer } from "./server";
import { ms, printTable, type Row } from "./table";

const PAIRS = 3;
const LOAD = { connections: 50, durationSeconds: 8 };
const REGRESSION_BOUND = 0.9;
const HARDWARE_GOAL = 0.8;

interface Side {
  name: string;
  url: string;
  runs: LoadResult[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rates = (side: Side) => side.runs.map((run) => Math.round(run.requestsPerSecond));
const p99s = (side: Side) => side.runs.map((run) => run.p99);
const failures = (side: Side) => side.runs.reduce((sum, run) => sum + run.failures, 0);

export async function compareWithBaseline(
  rev: string,
  startGroupCommit: () => Promise<{ url: string; stop(): Promise<void> }>,
): Promise<void> {
  const baseline = buildBaseline(rev);
  const servers: BenchServer[] = [];
  const group = await startGroupCommit();
  try {
    const working = await startBenchServer();
    servers.push(working);
    const before = await startBenchServer({}, ["scripts/start.mjs"], baseline.dir);
    servers.push(before);
    const sides: Side[] = [
      { name: `baseline ${baseline.name}`, url: before.url, runs: [] },
      { name: "working tree", url: working.url, runs: [] },
      { name: "bare group-commit server", url: group.url, runs: [] },
    ];
    for (const side of sides) await postForm(side.url, "contact", { connections: 10, durationSeconds: 2 }); // JIT, page cache, WAL
    for (let pair = 0; pair < PAIRS; pair += 1) {
      // Each pair starts with the side the last one ended with, so neither always runs on a warmer machine.
      const order = pair % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) side.runs.push(await postForm(side.url, "contact", LOAD));
    }
    const [old, now, bare] = sides as [Side, Side, Side];
    const ratio = median(rates(now)) / median(rates(old));
    const hardware = median(rates(now)) / median(rates(bare));
    const rows: Row[] = [
      ...sides.map((side) => ({
        what: `${side.name}: contact submissions a second (each pass); p99`,
        goal: "",
        measured: `${rates(side).join(" · ")} (median ${median(rates(side))}); p99 ${p99s(side).map(ms).join(" · ")}${failures(side) > 0 ? `; ${failures(side)} failed` : ""}`,
        met: null,
      })),
      {
        what: "Working tree / baseline, medians",
        goal: `≥ ${REGRESSION_BOUND}`,
        measured: ratio.toFixed(2),
        met: ratio >= REGRESSION_BOUND,
      },
      {
        what: "Working tree / bare group-commit server, medians",
        goal: `≥ ${HARDWARE_GOAL}`,
        measured: hardware.toFixed(2),
        met: hardware >= HARDWARE_GOAL,
      },
    ];
    printTable(`Submissions against ${baseline.name}`, `npm run bench:api -- --baseline ${rev}`, rows, [
      `${PAIRS} passes each of ${LOAD.durationSeconds} s at ${LOAD.connections} connections (autocannon in this process), taking turns; every request a distinct contact message with its own Idempotency-Key; RATE_LIMIT_PER_MINUTE=100000000.`,
      "Both builds are production bundles on SQLite files of their own (WAL, synchronous=FULL), sharing the cores with the load generator.",
    ]);
  } finally {
    await Promise.all([...servers.map((server) => server.stop()), group.stop()]);
    baseline.remove();
  }
}
