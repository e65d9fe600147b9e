import type { ConsentPurpose } from "../../domain/consent";
import { COLLECTIONS, type Collection } from "../../domain/status";
import { newestFirst, type PersonRecord, type RecordDetail, type TimelineEntry } from "../../domain/workspace";
import { isoTime, toRecord } from "./records";

// A person's records and timeline from what Firestore holds (person-view.ts reads it): their records
// (submitted), each record's `events` (status changes, assignments, deleted notes) and `notes`, and the
// consent ledger. There is no outbox on Firebase, so no "email-sent" entries. A staff member setting a
// subscription to "unsubscribed" is the only opt-out there is, and shows as a consent withdrawn by
// "admin", as the server records it.

/** The most entries one source gives the timeline, and the most it shows: the newest (as on the server). */
export const TIMELINE_LIMIT = 500;

type Data = Record<string, unknown>;

export interface StoredRecord {
  collection: Collection;
  id: string;
  data: Data;
}

/** A note or an event, with the record it belongs to. */
export interface StoredEntry {
  collection: Collection;
  recordId: string;
  id: string;
  data: Data;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const textOrNull = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const isCollection = (value: unknown): value is Collection => (COLLECTIONS as readonly unknown[]).includes(value);
const isPurpose = (value: unknown): value is ConsentPurpose => value === "newsletter" || value === "marketing";

/** The person's records, newest first, with the page each came from. */
export function personRecords(records: readonly StoredRecord[]): (PersonRecord & { sourcePath: string | null })[] {
  return records
    .map(({ collection, id, data }) => {
      const record = toRecord(collection, id, data);
      const sourcePath = "sourcePath" in record ? record.sourcePath : null;
      return { collection, id, type: record.type, status: record.status, createdAt: record.createdAt, sourcePath };
    })
    .sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));
}

/** A staff opt-out: a subscription's status set from "subscribed" to "unsubscribed". */
const isOptOut = (entry: StoredEntry) =>
  entry.collection === "newsletter" &&
  entry.data.kind === "status-changed" &&
  entry.data.from === "subscribed" &&
  entry.data.to === "unsubscribed";

function eventEntries(event: StoredEntry): TimelineEntry[] {
  const about = { at: isoTime(event.data.at) ?? "", collection: event.collection, recordId: event.recordId };
  const { data } = event;
  switch (data.kind) {
    case "status-changed": {
      const change: TimelineEntry = {
        ...about,
        kind: "status-changed",
        from: text(data.from),
        to: text(data.to),
        by: text(data.by),
      };
      if (!isOptOut(event)) return [change];
      return [
        change,
        {
          kind: "consent-withdrawn",
          at: about.at,
          purpose: "newsletter",
          source: "admin",
          collection: event.collection,
          recordId: event.recordId,
        },
      ];
    }
    case "assigned":
      return [{ ...about, kind: "assigned", from: textOrNull(data.from), to: textOrNull(data.to), by: text(data.by) }];
    case "note-deleted":
      return [{ ...about, kind: "note-deleted", noteId: text(data.noteId), by: text(data.by) }];
    default:
      return [];
  }
}

function noteEntry(note: StoredEntry): TimelineEntry {
  return {
    at: isoTime(note.data.createdAt) ?? "",
    kind: "note",
    collection: note.collection,
    recordId: note.recordId,
    noteId: note.id,
    body: text(note.data.body),
    author: text(note.data.author),
  };
}

/** A `consents` ledger entry: the proof its record carried when it was written. */
function consentEntry(entry: Data): TimelineEntry[] {
  const proof = entry.consent as Data | undefined;
  if (!proof || !isPurpose(proof.purpose)) return [];
  return [
    {
      kind: proof.action === "withdrawn" ? "consent-withdrawn" : "consent-given",
      at: isoTime(proof.at) ?? "",
      purpose: proof.purpose,
      source: textOrNull(proof.sourcePath),
      collection: isCollection(entry.recordCollection) ? entry.recordCollection : null,
      recordId: textOrNull(entry.recordId),
    },
  ];
}

export interface PersonSources {
  records: readonly StoredRecord[];
  notes: readonly StoredEntry[];
  events: readonly StoredEntry[];
  /** The person's `consents` ledger entries. */
  consents: readonly Data[];
}

export function timelineOf({ records, notes, events, consents }: PersonSources): TimelineEntry[] {
  const submitted = personRecords(records).map((record): TimelineEntry => ({
    at: record.createdAt,
    kind: "submitted",
    collection: record.collection,
    recordId: record.id,
    type: record.type,
    sourcePath: record.sourcePath,
  }));
  return [...submitted, ...events.flatMap(eventEntries), ...notes.map(noteEntry), ...consents.flatMap(consentEntry)]
    .sort(newestFirst)
    .slice(0, TIMELINE_LIMIT);
}

/**
 * The latest consent tied to one record: the proof it carries (a subscription's latest, a ticked
 * signup's), or a staff opt-out after it (`optedOutAt`, from its events).
 */
export function recordConsent(target: Collection, data: Data, optedOutAt: string | null): RecordDetail["consent"] {
  const proof = (target === "newsletter" ? data.consent : target === "leads" ? data.marketingConsent : undefined) as
    Data | undefined;
  const at = proof ? isoTime(proof.at) : null;
  const given =
    proof && at && isPurpose(proof.purpose)
      ? { purpose: proof.purpose, action: "given" as const, at, source: textOrNull(proof.sourcePath) }
      : null;
  if (target === "newsletter" && optedOutAt && (!given || optedOutAt > given.at)) {
    return { purpose: "newsletter", action: "withdrawn", at: optedOutAt, source: "admin" };
  }
  return given;
}

/** When staff last opted a subscription out, from its events (status changes to "unsubscribed"). */
export function latestOptOut(events: readonly StoredEntry[]): string | null {
  return events.filter(isOptOut).reduce<string | null>((latest, event) => {
    const at = isoTime(event.data.at);
    return at && (!latest || at > latest) ? at : latest;
  }, null);
}
