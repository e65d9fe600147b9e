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
}

export interface ListPage<C extends Collection> {
  items: RecordsByCollection[C][];
  nextCursor: string | null;
  /**
   * The live stream's last seq when the page was read: changes after it may be missing from the page.
   * The dashboard opens the stream from the lowest of its first pages' seqs and replays later changes
   * onto a page that arrives after them, so a record written between a read and the stream is not lost.
   * Absent where the back end has no such log (Firebase).
   */
  seq?: number;
}

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** One created or updated record, as sent over the live stream; `seq` increases monotonically. */
export type RecordChange = {
  [C in Collection]: { seq: number; collection: C; op: "insert" | "update"; record: RecordsByCollection[C] };
}[Collection];

/**
 * Records of a collection were deleted (an erasure or a retention purge): lists of it must be read
 * again. The stream says which collection, never which records: nothing about an erased person stays.
 */
export interface RemovalNotice {
  seq: number;
  collection: Collection;
  op: "reload";
}

/** What the live stream carries. */
export type LiveEvent = RecordChange | RemovalNotice;
