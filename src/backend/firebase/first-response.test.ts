import { Timestamp } from "firebase/firestore";
import { describe, expect, it } from "vitest";
import { median, responseTimes } from "./first-response";

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

describe("median first response", () => {
  it("takes the middle value, or the mean of the middle two, rounded; null for none", () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 31])).toBe(26);
  });

  it("counts only records that arrived in the window and were answered", () => {
    const since = new Date("2026-11-16T00:00:00Z");
    const times = responseTimes(
      [
        { createdAt: at("2026-11-20T10:00:00Z"), firstResponseAt: at("2026-11-20T10:12:00Z") },
        // Answered in the window, but it arrived before it.
        { createdAt: at("2026-11-15T23:00:00Z"), firstResponseAt: at("2026-11-16T01:00:00Z") },
        { createdAt: at("2026-11-21T09:00:00Z"), firstResponseAt: null },
        { createdAt: at("2026-11-22T09:00:00Z"), firstResponseAt: at("2026-11-22T09:00:30Z") },
      ],
      since,
    );
    expect(times).toEqual([12 * 60_000, 30_000]);
  });
});
