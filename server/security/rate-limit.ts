import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock";
import { clientIp } from "../http/client-ip";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string): RateLimitDecision;
}

/**
 * A fixed window per key, kept in this process's memory. Each server instance keeps its own windows,
 * so N instances behind a load balancer allow up to N times the limit; a shared store (the database
 * or Redis) behind this same interface is the fix when that matters.
 */
export function createFixedWindowLimiter({ limit, windowMs, clock }: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let nextSweep = 0;

  const sweep = (now: number) => {
    // Dropping finished windows keeps memory bounded by the clients of the last minute.
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
    nextSweep = now + windowMs;
  };

  return {
    hit(key) {
      const now = clock().getTime();
      if (now >= nextSweep) sweep(now);
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    },
  };
}

/** 429 with Retry-After once a client has used up its window. */
export function rateLimit(limiter: RateLimiter, trustProxy: number): MiddlewareHandler {
  return async (c, next) => {
    const decision = limiter.hit(clientIp(c, trustProxy));
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: "too-many-requests", message: "Too many requests; please wait a minute." }, 429);
    }
    await next();
  };
}
