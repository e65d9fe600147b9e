import { RESPONSE_AMBER_MS, RESPONSE_RED_MS } from "../../../domain/workspace";

/** A lead still "new" this long after it arrived is overdue for a reply (speed to lead). */
export const OVERDUE_AFTER_MS = RESPONSE_AMBER_MS;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
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

/** A span as staff read it: "under 1 min", "12 min", "1 h 5 min", "3 days". */
export function formatDuration(ms: number): string {
  if (ms < MINUTE) return "under 1 min";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) {
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return `${Math.floor(ms / HOUR)} h${minutes ? ` ${minutes} min` : ""}`;
  }
  const days = Math.floor(ms / DAY);
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** How long a lead has waited, for the overdue marker ("17 min", "1 h 35 min", "3 days"). */
export const formatWait = formatDuration;

export function isOverdue(status: string, ageMs: number): boolean {
  return status === "new" && ageMs >= OVERDUE_AFTER_MS;
}

/** How long a record still waiting for its first answer has waited: calm, amber from 15 min, red from 60. */
export type Urgency = "calm" | "amber" | "red";

export function urgencyOf(ageMs: number): Urgency {
  if (ageMs >= RESPONSE_RED_MS) return "red";
  return ageMs >= RESPONSE_AMBER_MS ? "amber" : "calm";
}

/**
 * The speed-to-lead clock of a lead or contact at `now`: how fast it was answered once firstResponseAt
 * is set; while it is still new, how long it has waited; otherwise (moved on before the clock existed)
 * just its age. Null when the arrival time cannot be read.
 */
export type ResponseClock =
  | { kind: "responded"; afterMs: number }
  | { kind: "waiting"; ageMs: number; urgency: Urgency }
  | { kind: "age"; ageMs: number };

export function responseClock(
  record: { createdAt: string; status: string; firstResponseAt?: string | null },
  now: number,
): ResponseClock | null {
  const created = Date.parse(record.createdAt);
  if (Number.isNaN(created)) return null;
  const responded = record.firstResponseAt ? Date.parse(record.firstResponseAt) : Number.NaN;
  if (!Number.isNaN(responded)) return { kind: "responded", afterMs: Math.max(0, responded - created) };
  const ageMs = Math.max(0, now - created);
  return record.status === "new" ? { kind: "waiting", ageMs, urgency: urgencyOf(ageMs) } : { kind: "age", ageMs };
}
