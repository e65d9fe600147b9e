import { describe, expect, it } from "vitest";
import { retryDelayMs, WEBHOOK_RETRY_BASE_MS } from "./webhooks";

describe("the webhook retry delay", () => {
  it("doubles from 30 s up to an hour, a random share of it between half and all", () => {
    const most = (attempt: number) => retryDelayMs(attempt, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(most)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(retryDelayMs(1, () => 0)).toBe(15_000);
    expect(WEBHOOK_RETRY_BASE_MS).toBe(30_000);
  });

  it("scales with a shorter base, keeping its shape (the soak checks' setting)", () => {
    expect([1, 2, 8, 20].map((attempt) => retryDelayMs(attempt, () => 1, 1_000))).toEqual([1_000, 2_000, 120_000, 120_000]);
  });
});
