import { describe, expect, it } from "vitest";
import { UNATTRIBUTED } from "../../../domain/attribution";
import { logPosition, type RecordChange } from "../../../domain/admin";
import type { ContactRecord } from "../../../domain/records";
import { NO_FILTERS } from "./filters";
import { appendToLog, applyChange, CHANGE_LOG_LIMIT, replayAfter } from "./live-merge";
import { NOT_SCORED } from "../../../domain/spam";

const contact = (id: string, status: ContactRecord["status"] = "new", firstName = "Thandi"): ContactRecord => ({
  id,
  firstName,
  lastName: "Nkosi",
  email: `${id}@example.co.za`,
  phone: null,
  message: "Hello",
  companyName: null,
  sourcePath: null,
  ...UNATTRIBUTED,
  status,
  owner: null,
  firstResponseAt: null,
  type: "contact",
  botCheck: "skipped",
  ...NOT_SCORED,
  createdAt: "2026-11-21T10:00:00.000Z",
});
const change = (n: number, op: "insert" | "update", record: ContactRecord): RecordChange => ({
  position: logPosition(0, n),
  collection: "contacts",
  op,
  record,
});

describe("applyChange", () => {
  it("puts an insert on top, replaces an update in place, and ignores other collections", () => {
    const rows = [contact("b"), contact("a")];
    expect(applyChange(rows, change(3, "insert", contact("c")), "contacts", NO_FILTERS).map((row) => row.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
    const updated = applyChange(rows, change(4, "update", contact("a", "closed")), "contacts", NO_FILTERS);
    expect(updated.map((row) => [row.id, row.status])).toEqual([
      ["b", "new"],
      ["a", "closed"],
    ]);
    const other = {
      position: logPosition(0, 5),
      collection: "newsletter",
      op: "insert",
      record: { id: "n" },
    } as unknown as RecordChange;
    expect(applyChange(rows, other, "contacts", NO_FILTERS)).toBe(rows);
  });

  it("keeps an insert out of a list whose filters it does not match, and applies a repeat once", () => {
    const rows = [contact("a")];
    expect(applyChange(rows, change(2, "insert", contact("b")), "contacts", { ...NO_FILTERS, status: "closed" })).toBe(
      rows,
    );
    const once = applyChange(rows, change(2, "insert", contact("b")), "contacts", NO_FILTERS);
    expect(applyChange(once, change(2, "insert", contact("b")), "contacts", NO_FILTERS).map((row) => row.id)).toEqual([
      "b",
      "a",
    ]);
  });
});

describe("replayAfter", () => {
  const log = [
    change(1, "insert", contact("a")),
    change(2, "insert", contact("b")),
    change(3, "update", contact("a", "contacted")),
  ];

  it("applies only the changes after the page's position, in order", () => {
    // A page read after change 1: it holds a, misses b's insert and a's later update.
    const page = [contact("a")];
    const replayed = replayAfter(page, log, logPosition(0, 1), "contacts", NO_FILTERS);
    expect(replayed.map((row) => [row.id, row.status])).toEqual([
      ["b", "new"],
      ["a", "contacted"],
    ]);
  });

  it("orders positions by transaction first, whatever the digits after it", () => {
    // PostgreSQL: transaction 9's change 2 was logged after transaction 7's change 40.
    const later = [
      { ...change(0, "insert", contact("b")), position: logPosition(7, 40) },
      { ...change(0, "update", contact("a", "closed")), position: logPosition(9, 2) },
    ];
    const page = [contact("a")];
    expect(
      replayAfter(page, later, logPosition(7, 40), "contacts", NO_FILTERS).map((row) => [row.id, row.status]),
    ).toEqual([["a", "closed"]]);
    expect(replayAfter(page, later, logPosition(7, 39), "contacts", NO_FILTERS).map((row) => row.id)).toEqual([
      "b",
      "a",
    ]);
  });

  it("leaves a page without a position (a back end without a change log) as read", () => {
    const page = [contact("a")];
    expect(replayAfter(page, log, undefined, "contacts", NO_FILTERS)).toBe(page);
  });
});

describe("appendToLog", () => {
  it("keeps the newest changes up to the limit", () => {
    let log: RecordChange[] = [];
    for (let seq = 1; seq <= CHANGE_LOG_LIMIT + 5; seq += 1)
      log = appendToLog(log, change(seq, "insert", contact(`c${seq}`)));
    expect(log).toHaveLength(CHANGE_LOG_LIMIT);
    expect(log[0]!.position).toBe(logPosition(0, 6));
  });
});

describe("the inbox and the Spam view", () => {
  const SPAM_VIEW = { ...NO_FILTERS, spam: "only" as const };
  const held = (id: string) => ({ ...contact(id), spamScore: 100, spamSignals: "blocklisted", spam: true });

  it("puts a held insert in the Spam view only, and a clean one in the inbox only", () => {
    const rows = [contact("a")];
    expect(applyChange(rows, change(1, "insert", held("h")), "contacts", NO_FILTERS)).toBe(rows);
    expect(applyChange([], change(1, "insert", held("h")), "contacts", SPAM_VIEW).map((row) => row.id)).toEqual(["h"]);
    expect(applyChange([], change(2, "insert", contact("c")), "contacts", SPAM_VIEW)).toEqual([]);
  });

  it("takes a record out of the view it left: Spam from the inbox, Not spam from the Spam view", () => {
    const inbox = [contact("b"), contact("a")];
    expect(applyChange(inbox, change(3, "update", held("a")), "contacts", NO_FILTERS).map((row) => row.id)).toEqual([
      "b",
    ]);
    const spam = [held("x"), held("y")];
    expect(applyChange(spam, change(4, "update", contact("x")), "contacts", SPAM_VIEW).map((row) => row.id)).toEqual([
      "y",
    ]);
    // A change that keeps it where it is still replaces it in place.
    const kept = applyChange(
      spam,
      change(5, "update", { ...held("y"), status: "closed" as const }),
      "contacts",
      SPAM_VIEW,
    );
    expect(kept.map((row) => [row.id, row.status])).toEqual([
      ["x", "new"],
      ["y", "closed"],
    ]);
  });
});
