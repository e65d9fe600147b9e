import pg from "pg";
import { byMinute } from "./system-stats";

// What PostgreSQL's backends were waiting for during a soak: pg_stat_activity sampled every 100 ms for
// the soak's database (active backends only, plus autovacuum workers, whose database is the same), so
// a minute with a long tail can be matched with what the server was doing in it (docs/reliability.md,
// check 4).

export interface WaitSample {
  /** Seconds since sampling started. */
  at: number;
  /** "type:event" for each active backend that was waiting, "CPU" for one that was not. */
  waits: string[];
  autovacuum: boolean;
}

export interface WaitSampler {
  stop(): Promise<WaitSample[]>;
}

const QUERY = `
  select backend_type, coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait
  from pg_stat_activity
  where datname = $1 and pid <> pg_backend_pid() and (state = 'active' or backend_type = 'autovacuum worker')`;

export async function samplePostgresWaits(url: string, database: string, everyMs = 100): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: WaitSample[] = [];
  const started = Date.now();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ backend_type: string; wait: string }>(QUERY, [database]);
      samples.push({
        at: (Date.now() - started) / 1000,
        waits: rows.filter((row) => row.backend_type === "client backend").map((row) => row.wait),
        autovacuum: rows.some((row) => row.backend_type === "autovacuum worker"),
      });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      return samples;
    },
  };
}

/** Per minute: the mean number of active backends, the three commonest waits (share of backend samples), and the seconds autovacuum ran. */
export function describeWaitMinutes(samples: readonly WaitSample[], everyMs = 100): string {
  return byMinute(samples)
    .map(([minute, list]) => {
      const counts = new Map<string, number>();
      let total = 0;
      for (const sample of list) {
        for (const wait of sample.waits) counts.set(wait, (counts.get(wait) ?? 0) + 1);
        total += sample.waits.length;
      }
      const top = [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([wait, count]) => `${wait} ${((100 * count) / Math.max(total, 1)).toFixed(0)}%`)
        .join(", ");
      const vacuum = (list.filter((sample) => sample.autovacuum).length * everyMs) / 1000;
      return `${minute + 1}: ${(total / list.length).toFixed(1)} active (${top || "none"}); autovacuum ${vacuum.toFixed(0)} s`;
    })
    .join(" | ");
}
