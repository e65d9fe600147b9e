/** A lead still "new" this long after it arrived is overdue for a reply (speed to lead). */
export const OVERDUE_AFTER_MS = 15 * 60 * 1000;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "2 h ago", "5 days ago". */
export function formatAge(ms: number): string {
  if (ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** Minutes, hours or days a lead has waited, for the overdue marker ("17 min", "2 h", "3 days"). */
export function formatWait(ms: number): string {
  return formatAge(ms).replace(/ ago$/, "");
}

export function isOverdue(status: string, ageMs: number): boolean {
  return status === "new" && ageMs >= OVERDUE_AFTER_MS;
}
