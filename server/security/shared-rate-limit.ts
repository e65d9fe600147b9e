import { hitRateLimit, type Db } from "../db/store";
import { decide, type FixedWindow, type RateLimiter } from "./rate-limit";

/**
 * The same fixed windows as createFixedWindowLimiter, counted in the database (db/rate-limits.ts), so
 * every server instance on one PostgreSQL shares each client's limit. One short statement per request;
 * the hourly maintenance deletes ended windows.
 */
export function createDatabaseLimiter(db: Db, settings: FixedWindow): RateLimiter {
  const { windowMs, clock } = settings;
  return {
    async hit(key) {
      const now = clock().getTime();
      const { hits, windowStart } = await hitRateLimit(
        db,
        key,
        new Date(now).toISOString(),
        new Date(now - windowMs).toISOString(),
      );
      return decide(hits, Date.parse(windowStart), now, settings);
    },
  };
}
