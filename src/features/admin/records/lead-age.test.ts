import { describe, expect, it } from "vitest";
import { formatAge, formatWait, isOverdue, OVERDUE_AFTER_MS } from "./lead-age";

describe("lead age", () => {
  it("reads like a person would say it", () => {
    expect(formatAge(59_000)).toBe("just now");
    expect(formatAge(3 * 60_000 + 59_000)).toBe("3 min ago");
    expect(formatAge(2 * 3_600_000 + 1)).toBe("2 h ago");
    expect(formatAge(24 * 3_600_000)).toBe("1 day ago");
    expect(formatAge(3 * 24 * 3_600_000)).toBe("3 days ago");
    expect(formatWait(17 * 60_000)).toBe("17 min");
  });

  it("marks only leads still new after 15 minutes", () => {
    expect(isOverdue("new", OVERDUE_AFTER_MS - 1)).toBe(false);
    expect(isOverdue("new", OVERDUE_AFTER_MS)).toBe(true);
    expect(isOverdue("contacted", 10 * OVERDUE_AFTER_MS)).toBe(false);
  });
});
