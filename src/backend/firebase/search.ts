import type { RecordsByCollection } from "../../domain/admin";
import type { SourceFilters } from "../../domain/attribution";
import type { Collection } from "../../domain/status";

// Firestore has no substring search, so `q` is matched here, over the pages the list reads anyway: the
// same fields and case-insensitive "contains" as the server (server/db/collections.ts searchColumns).

const FIELDS: { [C in Collection]: (record: RecordsByCollection[C]) => (string | null)[] } = {
  leads: (lead) => [lead.firstName, lead.lastName, lead.name, lead.email, lead.companyName],
  contacts: (contact) => [contact.firstName, contact.lastName, contact.email, contact.companyName],
  newsletter: (entry) => [entry.email],
};

export function matchesSearch<C extends Collection>(collection: C, record: RecordsByCollection[C], q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return FIELDS[collection](record).some((value) => (value ?? "").toLowerCase().includes(needle));
}

/** Whether some filters can only be applied in the browser: a search, or one on the first touch. */
export const filtersInBrowser = (filters: { q: string; source: SourceFilters }): boolean => filters.q !== "" || Object.keys(filters.source).length > 0;

/** The search and the first-touch filters (stored lower-case, so matched exactly). */
export function matchesFilters<C extends Collection>(collection: C, record: RecordsByCollection[C], filters: { q: string; source: SourceFilters }): boolean {
  for (const [field, value] of Object.entries(filters.source) as [keyof SourceFilters, string][]) {
    if (record[field] !== value) return false;
  }
  return matchesSearch(collection, record, filters.q);
}
