import { describe, expect, it } from "vitest";
import { earliestPosition, logPosition, parseLogPosition } from "./admin";

describe("log positions", () => {
  it("order as strings in (transaction, sequence) order, for values of any width", () => {
    const ordered = [
      logPosition(0, 0),
      logPosition(0, 9),
      logPosition(0, 10),
      logPosition(1, 2),
      logPosition(2n ** 63n, 1),
      logPosition("18446744073709551615", "9223372036854775807"),
    ];
    expect([...ordered].sort()).toEqual(ordered);
    expect(new Set(ordered).size).toBe(ordered.length);
  });

  it("read back what logPosition wrote, and nothing else", () => {
    expect(parseLogPosition(logPosition(12, 345))).toEqual({ transaction: 12n, sequence: 345n });
    const zeros = (n: number) => "0".repeat(n);
    for (const text of [
      undefined,
      "",
      "12",
      "0.0",
      `${zeros(20)}.${zeros(19)}`,
      `${zeros(20)}.${zeros(20)}\n`,
      `${zeros(20)}:${zeros(20)}`,
    ]) {
      expect(parseLogPosition(text)).toBeNull();
    }
  });

  it("pick the earliest", () => {
    expect(earliestPosition([logPosition(3, 1), logPosition(1, 7), logPosition(2, 0)])).toBe(logPosition(1, 7));
    expect(earliestPosition([])).toBeUndefined();
  });
});
