// What round-robin assignment adds to a submission: one server with a staff account, the same open-loop
// load of signups with the setting off and on, alternating, so drift on the machine hits both alike.
// The goal (lead workspace issue): at most 1 ms more at p50, at 500 submissions a second.
import { ADMIN_ENV, signIn } from "./admin";
import { openLoop } from "./open-loop";
import { startBenchServer } from "./server";
import { median } from "./table";

export const ROUND_ROBIN_RATE = 500;
const SECONDS = 4;
const ALTERNATIONS = 3;

export interface RoundRobinCost {
  off: { p50: number; p99: number };
  on: { p50: number; p99: number };
  /** Median over the alternations of (p50 on - p50 off), each pair run back to back. */
  addedP50: number;
  failures: number;
}

async function setAssignment(url: string, cookie: string, assignment: "off" | "round-robin"): Promise<void> {
  const response = await fetch(`${url}/api/admin/settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie },
    body: JSON.stringify({ assignment }),
  });
  if (response.status !== 200) throw new Error(`PUT /api/admin/settings answered ${response.status}`);
}

/** Off and on at ROUND_ROBIN_RATE, ALTERNATIONS times each; `env` picks the database (SQLite by default). */
export async function measureRoundRobin(env: Record<string, string> = {}): Promise<RoundRobinCost> {
  const server = await startBenchServer({ ...ADMIN_ENV, ...env });
  try {
    const cookie = await signIn(server.url);
    await openLoop(server.url, ROUND_ROBIN_RATE, 2); // JIT, page cache, WAL
    const runs = { off: [] as { p50: number; p99: number }[], on: [] as { p50: number; p99: number }[] };
    let failures = 0;
    for (let round = 0; round < ALTERNATIONS; round += 1) {
      // Alternate which goes first, so neither side always follows the other.
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const side of order) {
        await setAssignment(server.url, cookie, side === "on" ? "round-robin" : "off");
        const run = await openLoop(server.url, ROUND_ROBIN_RATE, SECONDS);
        failures += run.failures;
        runs[side].push({ p50: run.p50, p99: run.p99 });
      }
    }
    const summary = (list: { p50: number; p99: number }[]) => ({
      p50: median(list.map((run) => run.p50)),
      p99: median(list.map((run) => run.p99)),
    });
    return {
      off: summary(runs.off),
      on: summary(runs.on),
      addedP50: median(runs.on.map((on, index) => on.p50 - runs.off[index]!.p50)),
      failures,
    };
  } finally {
    await server.stop();
  }
}
