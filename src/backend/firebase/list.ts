import { getCountFromServer, getDocs, type Firestore } from "firebase/firestore";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type ListPage,
  type ListQuery,
  type MatchCount,
  type RecordsByCollection,
} from "../../domain/admin";
import type { Collection } from "../../domain/status";
import { BULK_MAX } from "../../domain/workspace";
import { adminCall, validationError } from "./admin-errors";
import { keysetOf, newestFirst, parseFilters } from "./collection-query";
import { decodeCursor, encodeCursor, type FirestoreKeyset } from "./cursor";
import { personRecordCounts } from "./person-counts";
import { toRecord } from "./records";
import { filtersInBrowser, filtersMatcher } from "./search";

/**
 * Most documents one searching list() call reads. A search filters in the browser (Firestore has no
 * substring match), so it reads up to this many and returns what matched with a cursor to go on from;
 * the dashboard asks for more as the staff member scrolls.
 */
export const SEARCH_SCAN_BUDGET = 1_000;

/** A page, with how many records each person on it has (person-counts.ts). `me`: the signed-in staff email. */
export async function listPage<C extends Collection>(
  db: Firestore,
  target: C,
  request: ListQuery,
  me: string | null = null,
): Promise<ListPage<C>> {
  const page = await readPage(db, target, request, me);
  if (page.items.length === 0) return { ...page, personRecords: {} };
  const personRecords = await adminCall(() =>
    personRecordCounts(
      db,
      page.items.map((item) => item.email),
    ),
  );
  return { ...page, personRecords };
}

async function readPage<C extends Collection>(
  db: Firestore,
  target: C,
  request: ListQuery,
  me: string | null,
): Promise<ListPage<C>> {
  const size = request.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw validationError(`limit: use a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const filters = parseFilters(target, request, me);
  let after: FirestoreKeyset | null = null;
  if (request.cursor) {
    after = decodeCursor(request.cursor);
    if (!after) throw validationError("cursor: malformed");
  }
  return adminCall(async () => {
    if (!filtersInBrowser(filters)) {
      // One extra document says whether another page exists, so the last page carries no cursor.
      const { docs } = await getDocs(newestFirst(db, target, filters, after, size + 1));
      const page = docs.slice(0, size);
      const last = page.at(-1);
      return {
        items: page.map((snapshot) => toRecord(target, snapshot.id, snapshot.data())),
        nextCursor: docs.length > size && last ? encodeCursor(keysetOf(last)) : null,
      };
    }
    const items: RecordsByCollection[C][] = [];
    const matches = filtersMatcher(target, filters);
    let scanned = 0;
    while (scanned < SEARCH_SCAN_BUDGET) {
      const batch = Math.min(Math.max(size, DEFAULT_PAGE_SIZE), SEARCH_SCAN_BUDGET - scanned);
      const { docs } = await getDocs(newestFirst(db, target, filters, after, batch));
      scanned += docs.length;
      for (const snapshot of docs) {
        after = keysetOf(snapshot);
        const record = toRecord(target, snapshot.id, snapshot.data());
        if (!matches(record)) continue;
        items.push(record);
        if (items.length === size) return { items, nextCursor: encodeCursor(after) };
      }
      if (docs.length < batch) return { items, nextCursor: null };
    }
    return { items, nextCursor: after ? encodeCursor(after) : null };
  });
}

/**
 * How many records match the list's filters, up to BULK_MAX: Firestore's count() of the list's own query
 * (the same index), limited to one past the cap, so it costs a read per 1,000 entries counted at most.
 * A search or a first-touch filter is applied in the browser, so it cannot be counted this way: null.
 */
export async function countMatching(
  db: Firestore,
  target: Collection,
  request: ListQuery,
  me: string | null = null,
): Promise<MatchCount | null> {
  const filters = parseFilters(target, request, me);
  if (filtersInBrowser(filters)) return null;
  const counted = await adminCall(
    async () => (await getCountFromServer(newestFirst(db, target, filters, null, BULK_MAX + 1))).data().count,
  );
  return { count: Math.min(counted, BULK_MAX), more: counted > BULK_MAX };
}
