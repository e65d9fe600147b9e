import { Timestamp } from "firebase/firestore";
import { describe, expect, it } from "vitest";
import { latestOptOut, recordConsent, timelineOf, type StoredEntry } from "./timeline";

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const T = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, "0")}:00.000Z`;
const proof = (purpose: string, minute: number, sourcePath?: string) => ({
  purpose,
  channel: "email",
  action: "given",
  wordingVersion: "v",
  wording: "w",
  ...(sourcePath && { sourcePath }),
  at: at(T(minute)),
});

const signup = {
  collection: "leads" as const,
  id: "lead-1",
  data: {
    type: "signup",
    email: "p@example.com",
    status: "contacted",
    sourcePath: "/signup",
    createdAt: at(T(0)),
    marketingConsent: proof("marketing", 0, "/signup"),
  },
};
const subscription = {
  collection: "newsletter" as const,
  id: "hash",
  data: { email: "p@example.com", status: "unsubscribed", createdAt: at(T(5)), consent: proof("newsletter", 5, "/") },
};
const event = (
  collection: "leads" | "newsletter",
  recordId: string,
  id: string,
  data: Record<string, unknown>,
): StoredEntry => ({ collection, recordId, id, data });

describe("a person's timeline on Firebase", () => {
  const events = [
    event("leads", "lead-1", "e1", {
      kind: "status-changed",
      from: "new",
      to: "contacted",
      by: "staff@erf.test",
      at: at(T(2)),
    }),
    event("leads", "lead-1", "e2", {
      kind: "assigned",
      from: null,
      to: "staff@erf.test",
      by: "staff@erf.test",
      at: at(T(2)),
    }),
    event("leads", "lead-1", "note-deleted-n2", {
      kind: "note-deleted",
      noteId: "n2",
      by: "staff@erf.test",
      at: at(T(4)),
    }),
    event("newsletter", "hash", "e3", {
      kind: "status-changed",
      from: "subscribed",
      to: "unsubscribed",
      by: "staff@erf.test",
      at: at(T(9)),
    }),
  ];
  const timeline = timelineOf({
    records: [signup, subscription],
    notes: [
      {
        collection: "leads",
        recordId: "lead-1",
        id: "n1",
        data: { body: "Called", author: "staff@erf.test", createdAt: at(T(1)) },
      },
    ],
    events,
    consents: [
      {
        email: "p@example.com",
        consent: proof("marketing", 0, "/signup"),
        recordCollection: "leads",
        recordId: "lead-1",
      },
      {
        email: "p@example.com",
        consent: proof("newsletter", 5, "/"),
        recordCollection: "newsletter",
        recordId: "hash",
      },
    ],
  });

  it("lists every submission, change, note and consent newest first; a staff opt-out withdraws consent", () => {
    expect(timeline.map((entry) => [entry.at.slice(14, 16), entry.kind])).toEqual([
      ["09", "consent-withdrawn"],
      ["09", "status-changed"],
      ["05", "consent-given"],
      ["05", "submitted"],
      ["04", "note-deleted"],
      ["02", "status-changed"],
      ["02", "assigned"],
      ["01", "note"],
      ["00", "consent-given"],
      ["00", "submitted"],
    ]);
  });

  it("keeps who, what and which record", () => {
    expect(timeline).toContainEqual({
      at: T(0),
      kind: "submitted",
      collection: "leads",
      recordId: "lead-1",
      type: "signup",
      sourcePath: "/signup",
    });
    expect(timeline).toContainEqual({
      at: T(5),
      kind: "submitted",
      collection: "newsletter",
      recordId: "hash",
      type: "newsletter",
      sourcePath: null,
    });
    expect(timeline).toContainEqual({
      at: T(2),
      kind: "assigned",
      collection: "leads",
      recordId: "lead-1",
      from: null,
      to: "staff@erf.test",
      by: "staff@erf.test",
    });
    expect(timeline).toContainEqual({
      at: T(1),
      kind: "note",
      collection: "leads",
      recordId: "lead-1",
      noteId: "n1",
      body: "Called",
      author: "staff@erf.test",
    });
    expect(timeline).toContainEqual({
      at: T(0),
      kind: "consent-given",
      purpose: "marketing",
      source: "/signup",
      collection: "leads",
      recordId: "lead-1",
    });
    expect(timeline).toContainEqual({
      kind: "consent-withdrawn",
      at: T(9),
      purpose: "newsletter",
      source: "admin",
      collection: "newsletter",
      recordId: "hash",
    });
  });

  it("gives a record panel the latest consent: the proof it carries, or a later staff opt-out", () => {
    expect(recordConsent("leads", signup.data, null)).toEqual({
      purpose: "marketing",
      action: "given",
      at: T(0),
      source: "/signup",
    });
    expect(recordConsent("newsletter", subscription.data, latestOptOut(events))).toEqual({
      purpose: "newsletter",
      action: "withdrawn",
      at: T(9),
      source: "admin",
    });
    // Subscribed again after the opt-out: the newer consent is the one that counts.
    expect(recordConsent("newsletter", { ...subscription.data, consent: proof("newsletter", 12) }, T(9))).toEqual({
      purpose: "newsletter",
      action: "given",
      at: T(12),
      source: null,
    });
    expect(recordConsent("contacts", { email: "p@example.com" }, null)).toBeNull();
  });
});
