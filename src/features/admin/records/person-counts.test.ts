import { describe, expect, it } from "vitest";
import { logPosition, type RecordChange } from "../../../domain/admin";
import { recordsOf, withChange, withPage, type PersonCounts } from "./person-counts";

const none: PersonCounts = new Map();
const at = (n: number) => logPosition(0, n);
const row = (id: string, email: string) => ({ id, email }) as never;
const insert = (n: number, email: string, op: "insert" | "update" = "insert") =>
  ({ position: at(n), collection: "contacts", op, record: { id: `c${n}`, email } }) as unknown as RecordChange;

describe("person counts", () => {
  it("takes the counts a page lists and counts everyone else on it once", () => {
    const counts = withPage(none, {
      items: [row("1", "Ama@Example.com "), row("2", "solo@example.com")],
      personRecords: { "ama@example.com": 3 },
      position: at(5),
    });
    expect(recordsOf(counts, "ama@example.com")).toBe(3);
    expect(recordsOf(counts, "AMA@example.com")).toBe(3);
    expect(recordsOf(counts, "solo@example.com")).toBeUndefined();
    expect(counts.get("solo@example.com")?.count).toBe(1);
  });

  it("adds a live insert to a known person, once, and only when it is newer than the count", () => {
    const page = withPage(none, { items: [row("1", "solo@example.com")], position: at(5) });
    const grown = withChange(page, insert(6, "Solo@example.com"));
    expect(recordsOf(grown, "solo@example.com")).toBe(2);
    expect(withChange(grown, insert(6, "solo@example.com"))).toBe(grown);
    // Already counted by the page (read after it).
    expect(withChange(page, insert(4, "solo@example.com"))).toBe(page);
    expect(withChange(page, insert(7, "solo@example.com", "update"))).toBe(page);
  });

  it("leaves a stranger unknown (no badge) rather than guessing", () => {
    expect(withChange(none, insert(1, "new@example.com"))).toBe(none);
    expect(recordsOf(none, "new@example.com")).toBeUndefined();
  });

  it("never lets an older page overwrite a later count", () => {
    const later = withChange(
      withPage(none, { items: [row("1", "a@example.com")], position: at(5) }),
      insert(9, "a@example.com"),
    );
    const older = withPage(later, { items: [row("1", "a@example.com")], position: at(3) });
    expect(recordsOf(older, "a@example.com")).toBe(2);
    const newer = withPage(later, {
      items: [row("1", "a@example.com")],
      personRecords: { "a@example.com": 4 },
      position: at(10),
    });
    expect(recordsOf(newer, "a@example.com")).toBe(4);
  });

  it("returns the same map when a page changes nothing", () => {
    const counts = withPage(none, { items: [row("1", "a@example.com")], position: at(2) });
    expect(withPage(counts, { items: [row("1", "a@example.com")], position: at(2) })).toBe(counts);
  });
});
