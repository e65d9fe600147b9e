import { describe, expect, it } from "vitest";
import type { Clock } from "../clock";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { createFixedWindowLimiter, type FixedWindow, type RateLimiter } from "./rate-limit";
import { createDatabaseLimiter } from "./shared-rate-limit";

// The same fixed windows, counted in memory (SQLite's one process) or in the database (PostgreSQL's
// instances); the database one is checked on both databases, as its SQL is written for each.

type MakeLimiter = (window: FixedWindow) => RateLimiter;

function limiterContract(make: () => MakeLimiter) {
  const limiter = (limit: number, clock: Clock) => make()({ limit, windowMs: 60_000, clock });

  it("allows the limit per window, then says how long to wait", async () => {
    const time = manualClock();
    const limited = limiter(2, time.clock);
    expect(await limited.hit("a")).toEqual({ allowed: true });
    time.advance(15_000);
    expect(await limited.hit("a")).toEqual({ allowed: true });
    expect(await limited.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    time.advance(44_500);
    expect(await limited.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(500);
    expect(await limited.hit("a")).toEqual({ allowed: true });
  });

  it("counts each key separately", async () => {
    const limited = limiter(1, manualClock().clock);
    expect((await limited.hit("a")).allowed).toBe(true);
    expect((await limited.hit("b")).allowed).toBe(true);
    expect((await limited.hit("a")).allowed).toBe(false);
  });

  it("lets exactly the limit through when a burst arrives at once", async () => {
    const limited = limiter(5, manualClock().clock);
    const decisions = await Promise.all(Array.from({ length: 12 }, () => limited.hit("burst")));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });
}

describe("createFixedWindowLimiter", () => {
  limiterContract(() => createFixedWindowLimiter);
});

describeStorage("createDatabaseLimiter", (open) => {
  limiterContract(() => (window) => createDatabaseLimiter(open.db, window));

  it("keeps one row per client, restarting it when its window has ended", async () => {
    const time = manualClock();
    const limited = createDatabaseLimiter(open.db, { limit: 1, windowMs: 60_000, clock: time.clock });
    await limited.hit("198.51.100.7");
    await limited.hit("198.51.100.7");
    time.advance(60_000);
    expect(await limited.hit("198.51.100.7")).toEqual({ allowed: true });
    expect(await open.db.selectFrom("rateLimits").selectAll().execute()).toEqual([
      { key: "198.51.100.7", windowStart: time.clock().toISOString(), hits: 1 },
    ]);
  });
});
