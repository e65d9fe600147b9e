import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock";
import { clientIp } from "../http/client-ip";
import { clientBucket } from "./client-bucket";

/** The public forms' window: RATE_LIMIT_PER_MINUTE requests per client. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `key` (a client bucket: client-bucket.ts) and says whether it may go on. */
  hit(key: string): Promise<RateLimitDecision>;
}

export interface FixedWindow {
  limit: number;
  windowMs: number;
  clock: Clock;
}

/** The decision for the `hits`-th request of a window opened at `windowStart` (ms), at `now`. */
export const decide = (
  hits: number,
  windowStart: number,
  now: number,
  { limit, windowMs }: FixedWindow,
): RateLimitDecision =>
  hits <= limit
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };

/**
 * A fixed window per key that opens at the key's first request, kept in this process's memory: for
 * SQLite, whose one file serves one server process. Several instances on one PostgreSQL count in the
 * database instead (shared-rate-limit.ts), or N instances would allow N times the limit.
 */
export function createFixedWindowLimiter(settings: FixedWindow): RateLimiter {
  const { windowMs, clock } = settings;
  const windows = new Map<string, { start: number; count: number }>();
  let nextSweep = 0;

  const sweep = (now: number) => {
    // Dropping finished windows keeps memory bounded by the clients of the last minute.
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
    nextSweep = now + windowMs;
  };

  return {
    async hit(key) {
      const now = clock().getTime();
      if (now >= nextSweep) sweep(now);
      let current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        current = { start: now, count: 0 };
        windows.set(key, current);
      }
      current.count += 1;
      return decide(current.count, current.start, now, settings);
    },
  };
}

/** 429 with Retry-After once a client (an IPv4 address, an IPv6 /64) has used up its window. */
export function rateLimit(limiter: RateLimiter, trustProxy: number): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.hit(clientBucket(clientIp(c, trustProxy)));
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: "too-many-requests", message: "Too many requests; please wait a minute." }, 429);
    }
    await next();
  };
}
