// What the single-use form stamp (decision 0045) adds to a submission: one server, max throughput of
// signups without a stamp and with a fresh one each (so each submission's transaction claims it: one
// primary-key insert into used_render_stamps), alternating, median of each; SQLite, and PostgreSQL when one answers.
import { derivePrivacyKeys } from "../../server/privacy/keys";
import { postLeads } from "./load";
import { createScratchDatabase } from "./postgres";
import { startBenchServer } from "./server";
import { median, type Row } from "./table";

const rps = (value: number) => `${Math.round(value)} req/s`;

const APP_SECRET = "bench-stamp-cost-secret-0123456789abcdef";
const LOAD = { connections: 50, durationSeconds: 4 };
const ALTERNATIONS = 3;

async function measure(env: Record<string, string>): Promise<{ without: number; with: number; failures: number }> {
  const server = await startBenchServer({ APP_SECRET, ...env });
  const stampKey = derivePrivacyKeys(APP_SECRET).renderStamp;
  try {
    await postLeads(server.url, { ...LOAD, durationSeconds: 2, stampKey }); // JIT, page cache, WAL
    const runs = { without: [] as number[], with: [] as number[] };
    let failures = 0;
    for (let round = 0; round < ALTERNATIONS; round += 1) {
      const order = round % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
      for (const side of order) {
        const run = await postLeads(server.url, { ...LOAD, ...(side === "with" && { stampKey }) });
        failures += run.failures;
        runs[side].push(run.requestsPerSecond);
      }
    }
    return { without: median(runs.without), with: median(runs.with), failures };
  } finally {
    await server.stop();
  }
}

const row = (database: string, cost: { without: number; with: number; failures: number }): Row => ({
  what: `${database}: max signups without a stamp / with a fresh stamp each (claimed once, in the submission's transaction), median of ${ALTERNATIONS} alternating`,
  goal: "",
  measured: `${rps(cost.without)} / ${rps(cost.with)} (x${(cost.with / cost.without).toFixed(2)})${cost.failures > 0 ? `, ${cost.failures} failed` : ""}`,
  met: null,
});

export async function stampCostRows(): Promise<Row[]> {
  const rows = [row("Erf SQLite", await measure({}))];
  const scratch = await createScratchDatabase();
  if (scratch) {
    try {
      rows.push(row("Erf PostgreSQL", await measure({ DATABASE_URL: scratch.url })));
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}
