import type { Collection } from "../../../domain/status";
import type { RecordChangeRequest } from "../../../domain/workspace";

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
export function bulkSummary(collection: Collection, updated: number, change: RecordChangeRequest, me: string | undefined): string {
  const parts: string[] = [];
  if (change.status !== undefined) parts.push(`marked ${change.status}`);
  if (change.owner === null) parts.push("unassigned");
  else if (change.owner !== undefined) parts.push(`assigned to ${me !== undefined && change.owner.toLowerCase() === me.toLowerCase() ? "you" : change.owner}`);
  return `${countOf(collection, updated)} ${parts.join(" and ") || "updated"}`;
}
