import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./live-stream";

describe("reconnectDelay", () => {
  it("doubles from 1-2 s after each refusal in a row, up to 30-60 s", () => {
    const bounds = (failures: number) => [reconnectDelay(failures, () => 0), reconnectDelay(failures, () => 1)];
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(bounds)).toEqual([
      [1_000, 2_000],
      [2_000, 4_000],
      [4_000, 8_000],
      [8_000, 16_000],
      [16_000, 32_000],
      [30_000, 60_000],
      [30_000, 60_000],
      [30_000, 60_000],
    ]);
  });

  it("spreads tabs refused together", () => {
    expect(reconnectDelay(2, () => 0.25)).not.toBe(reconnectDelay(2, () => 0.75));
  });
});
