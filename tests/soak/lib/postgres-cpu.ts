import pg from "pg";
import { WEBHOOK_SENDER_APPLICATION } from "../../../server/webhooks/dispatch-thread";
import { processCpuMs } from "./system-stats";

// Whose work PostgreSQL's CPU went to during a soak pass: its processes' CPU time (Linux: /proc) sorted
// by what pg_stat_activity says each process is, sampled every second. A process seen once (one that
// came and went between two samples) counts nothing, so the parts may add up to less than the total.

export type PostgresRole = "the server's connections" | "the webhook sender's connections" | "autovacuum" | "PostgreSQL's own processes";

const roleOf = (backendType: string, application: string): PostgresRole =>
  application === WEBHOOK_SENDER_APPLICATION ? "the webhook sender's connections" : backendType === "client backend" ? "the server's connections" : backendType.startsWith("autovacuum") ? "autovacuum" : "PostgreSQL's own processes";

export interface PostgresCpuSampler {
  /** CPU ms per role since sampling started. */
  stop(): Promise<Map<PostgresRole, number>>;
}

/** Samples the processes serving `database` (and the server-wide ones: writers, checkpointer, launcher). */
export async function samplePostgresCpu(url: string, database: string, everyMs = 1_000): Promise<PostgresCpuSampler> {
  const client = new pg.Client({ connectionString: url, application_name: "erf-soak-sampler" });
  await client.connect();
  const seen = new Map<number, { role: PostgresRole; first: number; last: number }>();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number; backend_type: string; application_name: string }>(
      "select pid, backend_type, application_name from pg_stat_activity where pid <> pg_backend_pid() and (datname = $1 or datname is null)",
      [database],
    );
    for (const row of rows) {
      let cpu: number;
      try {
        cpu = processCpuMs(row.pid);
      } catch {
        continue; // Ended since.
      }
      const known = seen.get(row.pid);
      if (known) known.last = cpu;
      else seen.set(row.pid, { role: roleOf(row.backend_type, row.application_name), first: cpu, last: cpu });
    }
  };
  await sample();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (!stopped) await sample();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sample();
      await client.end();
      const byRole = new Map<PostgresRole, number>();
      for (const { role, first, last } of seen.values()) byRole.set(role, (byRole.get(role) ?? 0) + last - first);
      return byRole;
    },
  };
}
