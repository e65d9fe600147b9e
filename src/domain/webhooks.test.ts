import { describe, expect, it } from "vitest";
import { retryDelayMs, WEBHOOK_RETRY_BASE_MS } from "./webhooks";

describe("the webhook retry delay", () => {
  it("follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up", () => {
    const middle = (attempt: number) => retryDelayMs(attempt, () => 0.5);
    const minute = 60_000;
    const hour = 60 * minute;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(middle)).toEqual([
      5_000,
      5 * minute,
      30 * minute,
      2 * hour,
      5 * hour,
      10 * hour,
      10 * hour,
      null,
      null,
    ]);
    expect(WEBHOOK_RETRY_BASE_MS).toBe(5_000);
  });

  it("jitters each wait by up to a tenth either way", () => {
    expect(retryDelayMs(2, () => 0)).toBe(270_000);
    expect(retryDelayMs(2, () => 1)).toBe(330_000);
  });

  it("scales with a shorter base, keeping its shape (the soak checks' setting)", () => {
    expect([1, 2, 7, 8].map((attempt) => retryDelayMs(attempt, () => 0.5, 1_000))).toEqual([
      1_000,
      60_000,
      7_200_000,
      null,
    ]);
  });
});
