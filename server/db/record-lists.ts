import { sql, type Kysely } from "kysely";
import type { RecordsByCollection } from "../../src/domain/admin";
import { SOURCE_FILTERS } from "../../src/domain/attribution";
import { phoneSearchNeedles } from "../../src/domain/phone";
import type { Collection } from "../../src/domain/status";
import { COLLECTION_SPECS } from "./collections";
import type { Db } from "./schema";

export interface ListFilters {
  /** Already trimmed; empty means no search. */
  q?: string;
  /** Must be one of the collection's statuses (checked by the caller). */
  status?: string;
  /** Leads only; ignored for the other collections. */
  type?: string;
  /** Leads and contacts (checked by the caller): a staff email, or null for records nobody owns. */
  owner?: string | null;
  /** The first touch, lower-cased (parseSourceFilters): exact matches. */
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /**
   * Leads and contacts: true reads the Spam view only; otherwise spam is left out (the score held it
   * back, or staff said "Spam": src/domain/spam.ts). Newsletter rows are never held.
   */
  spam?: boolean;
}

/** A position in the newest-first order: the last row of the previous page. */
export interface Keyset {
  createdAt: string;
  id: string;
}

export interface ListOptions {
  filters: ListFilters;
  after: Keyset | null;
  limit: number;
}

// The three tables share the columns these queries touch (id, status, email, created_at...), but
// Kysely cannot type a query over "one of three tables" chosen at run time; the rows are typed again
// by each collection's toRecord.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const SOURCE_COLUMNS = Object.values(SOURCE_FILTERS);

/** LIKE pattern for a substring match with %, _ and \ in the search text taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page, newest first (created_at, then id, descending). Keyset, not OFFSET: the (created_at, id)
 * row comparison seeks straight into the index, so page 1,000 costs what page 1 does, and rows that
 * share a created_at are neither skipped nor repeated.
 */
export async function listRecords<C extends Collection>(
  db: Db,
  collection: C,
  options: ListOptions,
): Promise<RecordsByCollection[C][]> {
  const rows = await listQuery(db, collection, options).execute();
  return rows.map((row) => COLLECTION_SPECS[collection].toRecord(row));
}

/** The page query, unexecuted: record-lists.test.ts checks its plan uses the indexes. */
export function listQuery(db: Db, collection: Collection, { filters, after, limit }: ListOptions) {
  let query = matching(db, collection, filters).selectAll();
  if (after) query = query.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(after.createdAt, after.id)));
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit);
}

/** The collection's rows that pass the filters, as a query to select from. */
function matching(db: Db, collection: Collection, filters: ListFilters) {
  const spec = COLLECTION_SPECS[collection];
  let query = (db as unknown as AnyDb).selectFrom(spec.table);
  // A literal, not a parameter: the Spam view reads the partial index WHERE spam = 1 (migration 0015),
  // which neither database uses for a bound value.
  if (spec.spam) query = query.where(sql.ref("spam"), "=", sql.lit(filters.spam ? 1 : 0));
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.type && spec.types) query = query.where("type", "=", filters.type);
  if (filters.owner !== undefined) query = query.where("owner", filters.owner === null ? "is" : "=", filters.owner);
  for (const column of SOURCE_COLUMNS) {
    const value = filters[column];
    if (value !== undefined) query = query.where(column, "=", value);
  }
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const needles = spec.phoneSearch ? phoneSearchNeedles(filters.q) : null;
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's only for non-ASCII.
    query = query.where((eb) =>
      eb.or([
        ...spec.searchColumns.map((column) => eb(sql`lower(${sql.ref(column)})`, "like", sql`${pattern} escape '\\'`)),
        // A phone number also looks in the phone's E.164 form, stored with the row (src/domain/phone.ts
        // phoneMatches). Needles are digits and a leading +: nothing to escape. Not the phone as typed
        // too: the replace() calls that would take its separators out tripled a search's scan on SQLite.
        ...(needles ?? []).map((needle) => eb("phoneE164", "like", `%${needle}%`)),
      ]),
    );
  }
  return query;
}

/**
 * How many records pass the filters, counting no further than `cap`: the count reads at most `cap`
 * index entries (or rows, for a search), so a filter that matches 100,000 records costs what one that
 * matches `cap` does. record-lists.test.ts checks its plans.
 */
export function countQuery(db: Db, collection: Collection, filters: ListFilters, cap: number) {
  const capped = matching(db, collection, filters)
    .select(sql<number>`1`.as("one"))
    .limit(cap)
    .as("capped");
  return (db as unknown as AnyDb)
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"));
}

export async function countRecords(db: Db, collection: Collection, filters: ListFilters, cap: number): Promise<number> {
  const row = await countQuery(db, collection, filters, cap).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The records with these ids (any order); ids that no longer exist are left out. */
export async function findRecords<C extends Collection>(
  db: Db,
  collection: C,
  ids: readonly string[],
): Promise<RecordsByCollection[C][]> {
  if (ids.length === 0) return [];
  const spec = COLLECTION_SPECS[collection];
  const rows = await (db as unknown as AnyDb)
    .selectFrom(spec.table)
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
  return rows.map((row) => spec.toRecord(row));
}
