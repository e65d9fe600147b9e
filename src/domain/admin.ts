import type { ContactRecord, LeadRecord, NewsletterRecord } from "./records";
import type { Collection } from "./status";

// The staff API's shapes, shared by the server, the http adapter and the Firebase adapter.

export interface DashboardStats {
  totalLeads: number;
  newLeads: number;
  signups: number;
  demoRequests: number;
  newsletter: number;
  /** Each tab's record count. */
  tabs: Record<Collection, number>;
  /**
   * The median time from arrival to first response (a status change from "new", or a first note) of the
   * leads and contacts that arrived in the last 7 days and were answered, in milliseconds; null if none.
   */
  medianFirstResponseMs: number | null;
}

export interface RecordsByCollection {
  leads: LeadRecord;
  contacts: ContactRecord;
  newsletter: NewsletterRecord;
}

export interface ListQuery {
  limit?: number;
  /** Opaque keyset cursor from a previous page's nextCursor. */
  cursor?: string | null;
  /** Searches name, email and company. */
  q?: string;
  status?: string;
  /** Leads only: signup or demo. */
  type?: string;
  /** Leads and contacts: "me", "none" (unassigned) or a staff email. */
  owner?: string;
  /** The record's first touch (src/domain/attribution.ts), matched exactly, any case. */
  source?: string;
  medium?: string;
  campaign?: string;
  /** Leads and contacts: "only" reads the Spam view (src/domain/spam.ts); without it, spam is left out. */
  spam?: "only";
}

/**
 * A place in the live stream's change log, as the server gives it (ListPage.position, each change's
 * position, the stream's event ids). Fixed-width digits, so positions order as strings do: a change
 * logged later has a greater position. The server's format is `logPosition(transaction, sequence)`.
 */
export type LogPosition = string;

const POSITION_DIGITS = 20;

/** The position of the `sequence`th change of `transaction` (both at most 20 digits). */
export const logPosition = (transaction: bigint | number | string, sequence: bigint | number | string): LogPosition =>
  `${String(transaction).padStart(POSITION_DIGITS, "0")}.${String(sequence).padStart(POSITION_DIGITS, "0")}`;

/** A position as a client may send it back (Last-Event-ID, ?after=), or null when it is not one. */
export function parseLogPosition(text: string | undefined): { transaction: bigint; sequence: bigint } | null {
  const match = text === undefined ? null : /^(\d{20})\.(\d{20})$/.exec(text);
  return match ? { transaction: BigInt(match[1]!), sequence: BigInt(match[2]!) } : null;
}

/** The earliest of some positions. */
export const earliestPosition = (positions: readonly LogPosition[]): LogPosition | undefined =>
  positions.reduce<LogPosition | undefined>(
    (earliest, position) => (earliest === undefined || position < earliest ? position : earliest),
    undefined,
  );

export interface ListPage<C extends Collection> {
  items: RecordsByCollection[C][];
  nextCursor: string | null;
  /**
   * The live stream's last position when the page was read: changes after it may be missing from the
   * page. The dashboard opens the stream from the earliest of its first pages' positions and replays
   * later changes onto a page that arrives after them, so a record written between a read and the
   * stream is not lost. Absent where the back end has no such log (Firebase).
   */
  position?: LogPosition;
  /**
   * How many records each person on the page has, across every collection, keyed by email; only people
   * with more than one record are listed (the tables' "3 records" badge).
   */
  personRecords?: Record<string, number>;
}

/**
 * How many records match a list's filters (GET /api/admin/{collection}/count), counted no further than
 * the most one bulk change takes: "Select all 237 matching", or "more than 1,000 match".
 */
export interface MatchCount {
  /** The records that match, at most the cap (BULK_MAX). */
  count: number;
  /** More records than `count` match. */
  more: boolean;
}

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** One created or updated record, as sent over the live stream, in order of `position`. */
export type RecordChange = {
  [C in Collection]: { position: LogPosition; collection: C; op: "insert" | "update"; record: RecordsByCollection[C] };
}[Collection];

/**
 * Records of a collection were deleted (an erasure or a retention purge): lists of it must be read
 * again. The stream says which collection, never which records: nothing about an erased person stays.
 */
export interface RemovalNotice {
  position: LogPosition;
  collection: Collection;
  op: "reload";
}

/** What the live stream carries. */
export type LiveEvent = RecordChange | RemovalNotice;
