import type { RecordsByCollection } from "./admin";
import type { ConsentAction, ConsentPurpose } from "./consent";
import type { OutboxKind } from "./privacy";
import type { Collection } from "./status";

// The lead workspace's shapes (record panel, person timeline, notes, owners, round-robin), shared by the
// server, the http adapter and the Firebase adapter.

/** The collections staff work and assign: each record has an owner and a first-response time. */
export const OWNED_COLLECTIONS = ["leads", "contacts"] as const satisfies readonly Collection[];
export type OwnedCollection = (typeof OWNED_COLLECTIONS)[number];

export const isOwnedCollection = (collection: Collection): collection is OwnedCollection =>
  (OWNED_COLLECTIONS as readonly Collection[]).includes(collection);

/** A note's body: plain text, trimmed, 1 to NOTE_MAX_LENGTH characters. */
export const NOTE_MAX_LENGTH = 5_000;

/** How long an author may delete their own note. */
export const NOTE_DELETE_WINDOW_MS = 15 * 60 * 1000;

/** The most records one bulk change takes (and "all matching this filter" selects). */
export const BULK_MAX = 1_000;

/** A staff member's note on one record. */
export interface Note {
  id: string;
  collection: Collection;
  recordId: string;
  body: string;
  /** The author's staff email. */
  author: string;
  createdAt: string;
}

/** One record in full, as the record panel shows it. */
export type RecordDetail<C extends Collection = Collection> = RecordsByCollection[C] & {
  /** The person the record belongs to: every record with the same normalised email. */
  personId: string;
  /** The phone in E.164 (ZA the default country), or null when there is none or it cannot be read as a number. */
  phoneE164: string | null;
  /** The latest consent given or withdrawn with this record, if any. */
  consent: { purpose: ConsentPurpose; action: ConsentAction; at: string; source: string | null } | null;
};

/** A record of a person, as the person view lists it. */
export interface PersonRecord {
  collection: Collection;
  id: string;
  /** signup, demo, contact or newsletter. */
  type: string;
  status: string;
  createdAt: string;
}

export interface Person {
  id: string;
  email: string;
  records: PersonRecord[];
}

/** Which record of the person an entry is about. */
interface About {
  at: string;
  collection: Collection;
  recordId: string;
}

/** One entry of a person's timeline, newest first. `by` is a staff email, or "round-robin" for an automatic assignment. */
export type TimelineEntry =
  | (About & { kind: "submitted"; type: string; sourcePath: string | null })
  | (About & { kind: "status-changed"; from: string; to: string; by: string })
  | (About & { kind: "note"; noteId: string; body: string; author: string })
  | (About & { kind: "note-deleted"; noteId: string; by: string })
  | (About & { kind: "assigned"; from: string | null; to: string | null; by: string })
  /** A staff "Spam" or "Not spam" (src/domain/spam.ts): `to` is the verdict, `from` what the record was. */
  | (About & { kind: "spam-decision"; from: "spam" | "not-spam"; to: "spam" | "not-spam"; by: string })
  /** `to`: "person" for emails sent to them (welcome), "staff" for alerts and assignment notices about them. */
  | (About & { kind: "email-sent"; email: OutboxKind; to: "person" | "staff" })
  | {
      kind: "consent-given" | "consent-withdrawn";
      at: string;
      purpose: ConsentPurpose;
      source: string | null;
      collection: Collection | null;
      recordId: string | null;
    };

export type TimelineKind = TimelineEntry["kind"];

export const TIMELINE_KINDS = [
  "submitted",
  "status-changed",
  "note",
  "note-deleted",
  "assigned",
  "spam-decision",
  "email-sent",
  "consent-given",
  "consent-withdrawn",
] as const satisfies readonly TimelineKind[];

export interface PersonView {
  person: Person;
  timeline: TimelineEntry[];
}

/** A record in full with its person's records and timeline: the record panel's one read (`?with=person`). */
export type RecordWithPerson<C extends Collection = Collection> = RecordDetail<C> & { person: PersonView };

/** What a PATCH or a bulk change may set: a status, an owner (a staff email, or null for none), or both. */
export interface RecordChangeRequest {
  status?: string;
  owner?: string | null;
}

/** The `owner` list filter: "me", "none", or a staff email. */
export type OwnerFilter = string;

export interface StaffMember {
  email: string;
  /** Takes part in round-robin assignment. */
  available: boolean;
}

export const ASSIGNMENT_MODES = ["off", "round-robin"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export interface WorkspaceSettings {
  assignment: AssignmentMode;
}

/** Speed-to-lead: a new record's age turns amber at 15 minutes and red at 60. */
export const RESPONSE_AMBER_MS = 15 * 60 * 1000;
export const RESPONSE_RED_MS = 60 * 60 * 1000;

/**
 * Among entries of one instant, how late each kind comes: a record's submission before what followed
 * it, a staff opt-out's status change before the withdrawal it records.
 */
const RANK: Record<TimelineEntry["kind"], number> = {
  submitted: 0,
  "consent-given": 1,
  assigned: 2,
  "email-sent": 3,
  "status-changed": 4,
  "spam-decision": 4,
  note: 4,
  "note-deleted": 4,
  "consent-withdrawn": 5,
};

/** Timeline order, newest first (the server and the Firebase adapter sort alike). */
export const newestFirst = (a: TimelineEntry, b: TimelineEntry) =>
  a.at === b.at ? RANK[b.kind] - RANK[a.kind] : a.at < b.at ? 1 : -1;
