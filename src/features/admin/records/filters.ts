import type { RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";

export interface Filters {
  q: string;
  status: string;
  type: string;
}

export const NO_FILTERS: Filters = { q: "", status: "", type: "" };

export function hasFilters(filters: Filters): boolean {
  return filters.q.trim() !== "" || filters.status !== "" || filters.type !== "";
}

/** The server's filter rules, applied to a live change so a filtered list only gains rows that belong in it. */
export function matchesFilters<C extends Collection>(collection: C, record: RecordsByCollection[C], filters: Filters): boolean {
  if (filters.status && record.status !== filters.status) return false;
  if (collection === "leads" && filters.type && record.type !== filters.type) return false;
  const q = filters.q.trim().toLowerCase();
  if (!q) return true;
  const haystack =
    "firstName" in record
      ? [record.firstName, record.lastName, "name" in record ? record.name : "", record.email, record.companyName ?? ""]
      : [record.email];
  return haystack.some((value) => value.toLowerCase().includes(q));
}
