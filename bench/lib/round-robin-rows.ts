// The round-robin rows of bench:api's table: SQLite, and PostgreSQL when one answers.
import { createScratchDatabase } from "./postgres";
import { measureRoundRobin, ROUND_ROBIN_RATE, type RoundRobinCost } from "./round-robin-cost";
import { ms, type Row } from "./table";

const GOAL_MS = 1;

const row = (database: string, cost: RoundRobinCost): Row => ({
  what: `${database} at ${ROUND_ROBIN_RATE} signups/s: p50 (p99) with round-robin off / on, and what it adds to p50 (median of 3 back-to-back pairs)`,
  goal: `≤ +${GOAL_MS} ms p50`,
  measured: `${ms(cost.off.p50)} (${ms(cost.off.p99)}) / ${ms(cost.on.p50)} (${ms(cost.on.p99)}); ${cost.addedP50 >= 0 ? "+" : ""}${cost.addedP50.toFixed(2)} ms${cost.failures > 0 ? ` (${cost.failures} failed)` : ""}`,
  met: cost.addedP50 <= GOAL_MS && cost.failures === 0,
});

export async function roundRobinRows(): Promise<Row[]> {
  const rows = [row("Erf SQLite", await measureRoundRobin())];
  const scratch = await createScratchDatabase();
  if (scratch) {
    try {
      rows.push(row("Erf PostgreSQL", await measureRoundRobin({ DATABASE_URL: scratch.url })));
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}
