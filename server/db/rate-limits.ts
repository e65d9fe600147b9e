import { CompiledQuery } from "kysely";
import { placeholdersOf } from "./bulk-insert";
import type { Db } from "./schema";

// The public forms' per-client counters, one row per client key, each a fixed window that opens at the
// client's first request, as the in-process limiter counts (security/rate-limit.ts). Kept in the
// database on PostgreSQL so every server instance counts against one limit.

export interface WindowHit {
  /** Requests in the current window, this one included. */
  hits: number;
  windowStart: string;
}

// Runs before every public submission on PostgreSQL: one statement, SQL text (not built by Kysely each
// time, see bulk-insert.ts). The upsert takes the row's lock, so concurrent requests from one client,
// on any instance, count one after another; a window that has ended starts again at this request. In an
// UPDATE's SET every expression reads the row as it was, so the two CASEs agree.
const HIT = {
  sqlite: `insert into "rate_limits" ("key", "window_start", "hits") values (?, ?, 1)
on conflict ("key") do update set
  "hits" = case when "rate_limits"."window_start" <= ? then 1 else "rate_limits"."hits" + 1 end,
  "window_start" = case when "rate_limits"."window_start" <= ? then "excluded"."window_start" else "rate_limits"."window_start" end
returning "hits", "window_start" as "windowStart"`,
  postgres: `insert into "rate_limits" ("key", "window_start", "hits") values ($1, $2, 1)
on conflict ("key") do update set
  "hits" = case when "rate_limits"."window_start" <= $3 then 1 else "rate_limits"."hits" + 1 end,
  "window_start" = case when "rate_limits"."window_start" <= $3 then "excluded"."window_start" else "rate_limits"."window_start" end
returning "hits", "window_start" as "windowStart"`,
};

// SQLite's plain placeholders are positional, so the bound comes twice there.
const PARAMETERS = {
  sqlite: (key: string, now: string, before: string) => [key, now, before, before],
  postgres: (key: string, now: string, before: string) => [key, now, before],
};

/** Counts one request of `key`; a window opened at or before `windowOpenedBefore` has ended. */
export async function hitRateLimit(db: Db, key: string, now: string, windowOpenedBefore: string): Promise<WindowHit> {
  const dialect = placeholdersOf(db);
  const { rows } = await db.executeQuery<WindowHit>(
    CompiledQuery.raw(HIT[dialect], PARAMETERS[dialect](key, now, windowOpenedBefore)),
  );
  const row = rows[0]!; // an upsert with RETURNING always returns its row
  return { hits: Number(row.hits), windowStart: row.windowStart };
}

/** Deletes the windows that have ended; returns how many went. */
export async function purgeRateLimits(db: Db, windowOpenedBefore: string): Promise<number> {
  const result = await db.deleteFrom("rateLimits").where("windowStart", "<=", windowOpenedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
