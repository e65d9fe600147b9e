import type { ExportFilters } from "../../../backend/admin-port";
import { SOURCE_FILTERS } from "../../../domain/attribution";
import type { ListQuery, RecordsByCollection } from "../../../domain/admin";
import { matchesSearch } from "../../../domain/search";
import type { Collection } from "../../../domain/status";
import { isOwnedCollection } from "../../../domain/workspace";

export interface Filters {
  q: string;
  status: string;
  type: string;
  /** Leads and contacts: "" (anyone's), "me", "none" (unassigned) or a staff email. */
  owner: string;
  /** The first touch's utm_source, utm_medium and utm_campaign (src/domain/attribution.ts), any case. */
  source: string;
  medium: string;
  campaign: string;
  /**
   * Leads and contacts: "" is the inbox (spam left out), "only" the Spam view (src/domain/spam.ts). A
   * view, not a filter: Clear filters keeps it.
   */
  spam: "" | "only";
}

export const NO_FILTERS: Filters = {
  q: "",
  status: "",
  type: "",
  owner: "",
  source: "",
  medium: "",
  campaign: "",
  spam: "",
};

/** The campaign filters, by the Filters key and the record field each one matches (attribution.ts). */
const SOURCE_KEYS = Object.entries(SOURCE_FILTERS) as [
  keyof typeof SOURCE_FILTERS,
  (typeof SOURCE_FILTERS)[keyof typeof SOURCE_FILTERS],
][];

export function hasFilters(filters: Filters): boolean {
  return (
    filters.q.trim() !== "" ||
    filters.status !== "" ||
    filters.type !== "" ||
    filters.owner !== "" ||
    SOURCE_KEYS.some(([key]) => filters[key].trim() !== "")
  );
}

/** Whether a record belongs in the view it would be shown in: the Spam view holds exactly the records held as spam. */
export function inSpamView(record: RecordsByCollection[Collection], filters: Pick<Filters, "spam">): boolean {
  return !("spam" in record) || record.spam === (filters.spam === "only");
}

/** Whether a record's owner passes the owner filter; `me` is the signed-in staff member's email. */
export function matchesOwner(owner: string | null, filter: string, me: string | undefined): boolean {
  if (filter === "") return true;
  if (filter === "none") return owner === null;
  const wanted = filter === "me" ? me : filter;
  return wanted !== undefined && owner !== null && owner.toLowerCase() === wanted.toLowerCase();
}

/** The server's filter rules, applied to a live change so a filtered list only gains rows that belong in it. */
export function matchesFilters<C extends Collection>(
  collection: C,
  record: RecordsByCollection[C],
  filters: Filters,
  me?: string,
): boolean {
  if (!inSpamView(record, filters)) return false;
  if (filters.status && record.status !== filters.status) return false;
  if (collection === "leads" && filters.type && record.type !== filters.type) return false;
  if ("owner" in record && !matchesOwner(record.owner, filters.owner, me)) return false;
  for (const [key, field] of SOURCE_KEYS) {
    const wanted = filters[key].trim().toLowerCase();
    if (wanted && record[field] !== wanted) return false;
  }
  return matchesSearch(collection, record, filters.q);
}

/** The list API's query for a tab's filters: the owner filter and the Spam view only where records have owners. */
export function listQuery(collection: Collection, filters: Filters): ListQuery {
  const { q, status, type, owner } = filters;
  const source = Object.fromEntries(
    SOURCE_KEYS.flatMap(([key]) => (filters[key].trim() ? [[key, filters[key].trim()]] : [])),
  );
  if (!isOwnedCollection(collection)) return { q, status, type, ...source };
  return {
    q,
    status,
    type,
    ...(owner && { owner }),
    ...source,
    ...(filters.spam === "only" && { spam: "only" as const }),
  };
}

/**
 * The CSV export of a tab with filters on, or of its Spam view: the tab's collection, with the filters its
 * list is read with (the owner one included), so the file holds the records the tab shows; everything
 * (spam left out) without filters.
 */
export function exportFilters(collection: Collection, filters: Filters): ExportFilters {
  const { q, status, type, owner, source, medium, campaign, spam } = listQuery(collection, filters);
  if (!hasFilters(filters) && !spam) return {};
  return {
    collections: [collection],
    q,
    status,
    type,
    ...(owner && { owner }),
    ...(source && { source }),
    ...(medium && { medium }),
    ...(campaign && { campaign }),
    ...(spam && { spam }),
  };
}
