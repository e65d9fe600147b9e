import type { ListPage, LogPosition, RecordChange } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";

// How many records each person has, for the tables' "3 records" badge. A list page says so for the
// people on it (ListPage.personRecords lists those with more than one); live inserts then add to the
// count of a person already known, so a returning visitor's badge grows without a reload. Each count
// remembers the change-log position it is true at, so an insert a page already counted is not counted
// twice, and a page read earlier never overwrites a later count.

export interface PersonCount {
  count: number;
  at: LogPosition;
}

export type PersonCounts = ReadonlyMap<string, PersonCount>;

/** A person is every record with the same email, trimmed and lower-cased. */
export const personKey = (email: string) => email.trim().toLowerCase();

/** The counts with one list page's people set as the page saw them (1 for those it does not list). */
export function withPage<C extends Collection>(
  counts: PersonCounts,
  page: Pick<ListPage<C>, "items" | "personRecords" | "position">,
): PersonCounts {
  const at = page.position ?? "";
  const listed = new Map(Object.entries(page.personRecords ?? {}).map(([email, count]) => [personKey(email), count]));
  let next: Map<string, PersonCount> | null = null;
  for (const item of page.items) {
    const key = personKey(item.email);
    const known = (next ?? counts).get(key);
    if (known && known.at > at) continue;
    const count = listed.get(key) ?? 1;
    if (known && known.count === count && known.at === at) continue;
    next ??= new Map(counts);
    next.set(key, { count, at });
  }
  return next ?? counts;
}

/** The counts after a live change: a new record of a known person adds one; anything else changes nothing. */
export function withChange(counts: PersonCounts, change: RecordChange): PersonCounts {
  if (change.op !== "insert") return counts;
  const key = personKey(change.record.email);
  const known = counts.get(key);
  if (!known || change.position <= known.at) return counts;
  return new Map(counts).set(key, { count: known.count + 1, at: change.position });
}

/** The badge's number for an email: its record count when more than one, else undefined. */
export function recordsOf(counts: PersonCounts, email: string): number | undefined {
  const count = counts.get(personKey(email))?.count;
  return count !== undefined && count > 1 ? count : undefined;
}
