import type { AdminBackend } from "../../../backend/admin-port";
import { MAX_PAGE_SIZE, type ListPage } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { listQuery, type Filters } from "./filters";

/** The ids collected for "select all matching", and whether more records matched than were taken. */
export interface Collected {
  ids: string[];
  more: boolean;
}

/**
 * The ids of every record matching a tab's filters, newest first, read page by page through the list API
 * (the same query the table shows), stopping at `max`: a bulk change takes at most that many.
 */
export async function collectMatching(
  backend: Pick<AdminBackend, "list">,
  collection: Collection,
  filters: Filters,
  max: number,
): Promise<Collected> {
  const ids: string[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    // One more than there is room for: whether it comes says if more records matched than were taken.
    const limit = Math.min(MAX_PAGE_SIZE, max - ids.length + 1);
    const page: ListPage<Collection> = await backend.list(collection, {
      ...listQuery(collection, filters),
      limit,
      cursor,
    });
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      if (ids.length === max) return { ids, more: true };
      seen.add(item.id);
      ids.push(item.id);
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { ids, more: false };
}
