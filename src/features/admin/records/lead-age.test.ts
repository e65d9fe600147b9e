import { describe, expect, it } from "vitest";
import { RESPONSE_AMBER_MS, RESPONSE_RED_MS } from "../../../domain/workspace";
import {
  formatAge,
  formatDuration,
  formatWait,
  isOverdue,
  OVERDUE_AFTER_MS,
  responseClock,
  urgencyOf,
} from "./lead-age";

const MINUTE = 60_000;

describe("lead age", () => {
  it("reads like a person would say it", () => {
    expect(formatAge(59_000)).toBe("just now");
    expect(formatAge(3 * 60_000 + 59_000)).toBe("3 min ago");
    expect(formatAge(2 * 3_600_000 + 1)).toBe("2 h ago");
    expect(formatAge(24 * 3_600_000)).toBe("1 day ago");
    expect(formatAge(3 * 24 * 3_600_000)).toBe("3 days ago");
    expect(formatWait(17 * 60_000)).toBe("17 min");
    expect(formatWait(95 * 60_000)).toBe("1 h 35 min");
  });

  it("marks only leads still new after 15 minutes", () => {
    expect(isOverdue("new", OVERDUE_AFTER_MS - 1)).toBe(false);
    expect(isOverdue("new", OVERDUE_AFTER_MS)).toBe(true);
    expect(isOverdue("contacted", 10 * OVERDUE_AFTER_MS)).toBe(false);
  });
});

describe("speed to lead", () => {
  const created = "2026-11-23T08:00:00.000Z";
  const at = (minutes: number) => Date.parse(created) + minutes * MINUTE;

  it("says how fast a record was answered once firstResponseAt is set, whatever its status", () => {
    const answered = { createdAt: created, status: "new", firstResponseAt: new Date(at(12)).toISOString() };
    expect(responseClock(answered, at(500))).toEqual({ kind: "responded", afterMs: 12 * MINUTE });
    expect(formatDuration(12 * MINUTE + 59_000)).toBe("12 min");
  });

  it("turns a waiting record amber at 15 minutes and red at 60", () => {
    const waiting = { createdAt: created, status: "new", firstResponseAt: null };
    expect(responseClock(waiting, at(14))).toMatchObject({ kind: "waiting", urgency: "calm" });
    expect(responseClock(waiting, at(15))).toMatchObject({ kind: "waiting", urgency: "amber" });
    expect(responseClock(waiting, at(59))).toMatchObject({ kind: "waiting", urgency: "amber" });
    expect(responseClock(waiting, at(60))).toMatchObject({ kind: "waiting", urgency: "red", ageMs: 60 * MINUTE });
    expect(urgencyOf(RESPONSE_AMBER_MS - 1)).toBe("calm");
    expect(urgencyOf(RESPONSE_RED_MS)).toBe("red");
  });

  it("shows only the age of a record that moved on without a recorded response, and nothing for a bad date", () => {
    expect(responseClock({ createdAt: created, status: "closed" }, at(90))).toEqual({
      kind: "age",
      ageMs: 90 * MINUTE,
    });
    expect(responseClock({ createdAt: "not a date", status: "new" }, at(1))).toBeNull();
    // A clock a little behind the server's never shows a negative wait.
    expect(responseClock({ createdAt: created, status: "new" }, at(-1))).toMatchObject({ ageMs: 0 });
  });

  it("formats spans from seconds to days", () => {
    expect(formatDuration(30_000)).toBe("under 1 min");
    expect(formatDuration(60 * MINUTE)).toBe("1 h");
    expect(formatDuration(65 * MINUTE)).toBe("1 h 5 min");
    expect(formatDuration(24 * 60 * MINUTE)).toBe("1 day");
    expect(formatDuration(3 * 24 * 60 * MINUTE)).toBe("3 days");
  });
});
