import { describe, expect, it } from "vitest";
import { NOTE_DELETE_WINDOW_MS, TIMELINE_KINDS, type TimelineEntry } from "../../../domain/workspace";
import { actorName, canDeleteNote, timelineItems } from "./timeline-format";

const about = { collection: "leads", recordId: "lead-1" } as const;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute)).toISOString();

const ENTRIES: TimelineEntry[] = [
  { kind: "submitted", at: at(0), ...about, type: "demo", sourcePath: "/request-demo" },
  { kind: "email-sent", at: at(1), ...about, email: "lead-alert", to: "staff" },
  { kind: "assigned", at: at(2), ...about, from: null, to: "sipho@erf.test", by: "round-robin" },
  { kind: "status-changed", at: at(3), ...about, from: "new", to: "contacted", by: "sipho@erf.test" },
  { kind: "note", at: at(4), ...about, noteId: "n1", body: "Called: wants a demo on Friday", author: "sipho@erf.test" },
  { kind: "consent-given", at: at(5), purpose: "newsletter", source: "/", collection: "newsletter", recordId: "sub-1" },
  {
    kind: "consent-withdrawn",
    at: at(6),
    purpose: "newsletter",
    source: "unsubscribe-link",
    collection: null,
    recordId: null,
  },
  { kind: "assigned", at: at(7), ...about, from: "sipho@erf.test", to: null, by: "ama@erf.test" },
  { kind: "spam-decision", at: at(7), ...about, from: "spam", to: "not-spam", by: "ama@erf.test" },
  { kind: "email-sent", at: at(8), collection: "newsletter", recordId: "sub-1", email: "welcome", to: "person" },
];

describe("timelineItems", () => {
  it("lists newest first, one plain sentence per kind", () => {
    const items = timelineItems(ENTRIES);
    expect(items.map((item) => [item.title, item.detail, item.actor])).toEqual([
      ["Welcome email sent to them", null, null],
      ["Unassigned", "was sipho@erf.test", "ama@erf.test"],
      ["Not spam: restored from the Spam view", null, "ama@erf.test"],
      ["Withdrew newsletter consent", "via unsubscribe-link", null],
      ["Gave newsletter consent", "via /", null],
      ["Note", null, "sipho@erf.test"],
      ["Status: new → contacted", null, "sipho@erf.test"],
      ["Assigned to sipho@erf.test", null, "round-robin"],
      ["New-lead alert sent to staff", null, null],
      ["Sent the demo request form", "on /request-demo", null],
    ]);
  });

  it("says which record each entry is about, and carries a note's text and the note itself", () => {
    const items = timelineItems(ENTRIES);
    const note = items.find((item) => item.kind === "note");
    expect(note?.body).toBe("Called: wants a demo on Friday");
    expect(note?.note).toEqual({
      id: "n1",
      ...about,
      body: "Called: wants a demo on Friday",
      author: "sipho@erf.test",
      createdAt: at(4),
    });
    expect(items.find((item) => item.kind === "consent-withdrawn")?.about).toBeNull();
    expect(items.find((item) => item.kind === "consent-given")?.about).toEqual({
      collection: "newsletter",
      recordId: "sub-1",
    });
  });

  it("covers every kind the contract names", () => {
    const withDeleted = [
      ...ENTRIES,
      { kind: "note-deleted", at: at(9), ...about, noteId: "n1", by: "sipho@erf.test" } as const,
    ];
    const kinds = new Set(
      timelineItems([
        ...withDeleted,
        { kind: "note", at: at(10), ...about, noteId: "n2", body: "x", author: "a@erf.test" },
      ]).map((item) => item.kind),
    );
    expect([...kinds].sort()).toEqual([...TIMELINE_KINDS].sort());
  });

  it("drops a deleted note's text and keeps the deletion", () => {
    const items = timelineItems([
      ...ENTRIES,
      { kind: "note-deleted", at: at(9), ...about, noteId: "n1", by: "sipho@erf.test" },
    ]);
    expect(items.some((item) => item.kind === "note")).toBe(false);
    expect(items[0]).toMatchObject({ title: "Note deleted", actor: "sipho@erf.test", body: null });
  });

  it("names an email kind it does not know yet, and a page it was not told", () => {
    const [assignment, submitted] = timelineItems([
      { kind: "email-sent", at: at(2), ...about, email: "owner-assigned" as never, to: "staff" },
      { kind: "submitted", at: at(1), ...about, type: "contact", sourcePath: null },
    ]);
    expect(assignment?.title).toBe("Owner assigned email sent to staff");
    expect(submitted).toMatchObject({ title: "Sent the contact form", detail: "page not known" });
  });

  it("keeps the server's order for entries at the same moment", () => {
    const same = timelineItems([
      { kind: "submitted", at: at(0), ...about, type: "demo", sourcePath: "/a" },
      { kind: "email-sent", at: at(0), ...about, email: "lead-alert", to: "staff" },
    ]);
    expect(same.map((item) => item.kind)).toEqual(["submitted", "email-sent"]);
  });
});

describe("notes", () => {
  const note = {
    id: "n1",
    collection: "leads",
    recordId: "lead-1",
    body: "x",
    author: "Sipho@erf.test",
    createdAt: at(0),
  } as const;
  const written = Date.parse(at(0));

  it("may be deleted by their author within 15 minutes only", () => {
    expect(canDeleteNote(note, "sipho@erf.test", written + 60_000)).toBe(true);
    expect(canDeleteNote(note, "sipho@erf.test", written + NOTE_DELETE_WINDOW_MS - 1)).toBe(true);
    expect(canDeleteNote(note, "sipho@erf.test", written + NOTE_DELETE_WINDOW_MS)).toBe(false);
    expect(canDeleteNote(note, "ama@erf.test", written + 60_000)).toBe(false);
    expect(canDeleteNote(note, undefined, written + 60_000)).toBe(false);
  });

  it("names the signed-in author 'you'", () => {
    expect(actorName("Sipho@erf.test", "sipho@erf.test")).toBe("you");
    expect(actorName("round-robin", "sipho@erf.test")).toBe("round-robin");
  });
});
