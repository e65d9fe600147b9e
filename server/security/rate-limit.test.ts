import { describe, expect, it } from "vitest";
import { manualClock } from "../test-support/app";
import { createFixedWindowLimiter } from "./rate-limit";

describe("createFixedWindowLimiter", () => {
  it("allows the limit per window, then says how long to wait", () => {
    const time = manualClock();
    const limiter = createFixedWindowLimiter({ limit: 2, windowMs: 60_000, clock: time.clock });
    expect(limiter.hit("a")).toEqual({ allowed: true });
    time.advance(15_000);
    expect(limiter.hit("a")).toEqual({ allowed: true });
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    time.advance(44_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(500);
    expect(limiter.hit("a")).toEqual({ allowed: true });
  });

  it("counts each key separately", () => {
    const limiter = createFixedWindowLimiter({ limit: 1, windowMs: 60_000, clock: manualClock().clock });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });
});
