import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../../domain/privacy";
import { ACTION_LABELS, actionLabel, auditDetailText } from "./audit-text";

describe("the Audit tab's words for an entry", () => {
  it("labels every action the server writes, each differently", () => {
    const labels = AUDIT_ACTIONS.map((action) => actionLabel(action));
    expect(labels.every((label, index) => label !== AUDIT_ACTIONS[index])).toBe(true);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    // A newer server's action shows as written rather than as nothing.
    expect(actionLabel("deal.create")).toBe("deal.create");
  });

  it("reads status and owner changes as from → to, naming the record and a bulk change", () => {
    expect(
      auditDetailText({
        action: "record.status",
        details: { collection: "leads", id: "l-1", from: "new", to: "contacted" },
      }),
    ).toBe("Lead l-1: new → contacted");
    expect(
      auditDetailText({
        action: "record.owner",
        details: { collection: "contacts", id: "c-1", from: null, to: "ama@erf.test", bulk: true },
      }),
    ).toBe("Contact message c-1: unassigned → ama@erf.test (bulk change)");
    expect(
      auditDetailText({
        action: "record.owner",
        details: { collection: "leads", id: "l-2", from: "ama@erf.test", to: null },
      }),
    ).toBe("Lead l-2: ama@erf.test → unassigned");
  });

  it("names the note and its record for notes added and deleted", () => {
    expect(auditDetailText({ action: "note.add", details: { collection: "contacts", id: "c-1", noteId: "n-9" } })).toBe(
      "Note n-9 on contact message c-1",
    );
    expect(auditDetailText({ action: "note.delete", details: { collection: "leads", id: "l-1", noteId: "n-8" } })).toBe(
      "Note n-8 on lead l-1",
    );
  });

  it("says what a settings or availability change set", () => {
    expect(auditDetailText({ action: "settings.update", details: { assignment: "round-robin" } })).toBe(
      "New records assigned: in turn (round-robin)",
    );
    expect(auditDetailText({ action: "settings.update", details: { assignment: "off" } })).toBe(
      "New records assigned: off",
    );
    expect(auditDetailText({ action: "staff.available", details: { email: "ama@erf.test", available: false } })).toBe(
      "ama@erf.test: not available for round-robin",
    );
    expect(auditDetailText({ action: "staff.available", details: { email: "ama@erf.test", available: true } })).toBe(
      "ama@erf.test: available for round-robin",
    );
  });

  it("falls back to key: value for the other actions and for details it cannot read as a sentence", () => {
    expect(
      auditDetailText({
        action: "retention.purge",
        details: { retentionDays: 730, deleted: { leads: 2 }, skipped: null },
      }),
    ).toBe('retentionDays: 730 · deleted: {"leads":2}');
    expect(auditDetailText({ action: "record.owner", details: { to: "ama@erf.test" } })).toBe("to: ama@erf.test");
  });
});
