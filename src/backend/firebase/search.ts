import type { RecordsByCollection } from "../../domain/admin";
import type { SourceFilters } from "../../domain/attribution";
import { searchMatcher } from "../../domain/search";
import type { Collection } from "../../domain/status";

// What Firestore cannot filter by index here is matched in the browser, over the pages the list reads
// anyway: the search (src/domain/search.ts, the server's rule) and the first touch's source, medium and
// campaign (stored lower-case, so matched exactly; an index for every mix with the others would be many).

interface BrowserFilters {
  q: string;
  source: SourceFilters;
}

/** Whether some of the filters can only be applied in the browser. */
export const filtersInBrowser = (filters: BrowserFilters): boolean =>
  filters.q !== "" || Object.keys(filters.source).length > 0;

/** The search and the first-touch filters, compiled once for the records they are run over. */
export function filtersMatcher<C extends Collection>(
  collection: C,
  filters: BrowserFilters,
): (record: RecordsByCollection[C]) => boolean {
  const search = searchMatcher(collection, filters.q);
  const source = Object.entries(filters.source) as [keyof SourceFilters, string][];
  return (record) => source.every(([field, value]) => record[field] === value) && search(record);
}
