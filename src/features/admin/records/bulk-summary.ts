import type { MatchCount } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { BULK_MAX, type RecordChangeRequest } from "../../../domain/workspace";

const NOUNS: Record<Collection, [string, string]> = {
  leads: ["lead", "leads"],
  contacts: ["contact message", "contact messages"],
  newsletter: ["subscriber", "subscribers"],
};

/** "12 leads", "1 contact message". */
export function countOf(collection: Collection, n: number): string {
  const [one, many] = NOUNS[collection];
  return `${n.toLocaleString("en-ZA")} ${n === 1 ? one : many}`;
}

/** The one toast a bulk change ends with: "12 leads marked contacted and assigned to ama@erf.test". */
export function bulkSummary(
  collection: Collection,
  updated: number,
  change: RecordChangeRequest,
  me: string | undefined,
): string {
  const parts: string[] = [];
  if (change.status !== undefined) parts.push(`marked ${change.status}`);
  if (change.owner === null) parts.push("unassigned");
  else if (change.owner !== undefined)
    parts.push(
      `assigned to ${me !== undefined && change.owner.toLowerCase() === me.toLowerCase() ? "you" : change.owner}`,
    );
  return `${countOf(collection, updated)} ${parts.join(" and ") || "updated"}`;
}

/**
 * The bulk bar's offer to tick every match: "Select all 237 matching" once the count is in, the newest
 * BULK_MAX (and a note) when more match than one change takes, and the general offer until then or
 * where the back end cannot count (a search on Firebase).
 */
export function selectAllOffer(count: MatchCount | null): { label: string; note: string | null } {
  const max = BULK_MAX.toLocaleString("en-ZA");
  if (count === null) return { label: `Select all matching this filter (up to ${max})`, note: null };
  if (count.more) return { label: `Select the newest ${max}`, note: `More than ${max} match.` };
  return { label: `Select all ${count.count.toLocaleString("en-ZA")} matching`, note: null };
}
