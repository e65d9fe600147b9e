import { AlarmClock, CheckCircle2 } from "lucide-react";
import { formatDate } from "../common/format";
import { formatAge, formatDuration, formatWait, responseClock } from "./lead-age";

interface LeadAgeCellProps {
  createdAt: string;
  status: string;
  firstResponseAt?: string | null;
  now: number;
  /** On one line (a card) rather than the date above the age (a table cell). */
  inline?: boolean;
}

const URGENT = {
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
} as const;

/**
 * When a record arrived and its speed-to-lead clock: "responded in 12 min" once answered; while still
 * new, its age, turning into an amber marker at 15 minutes and a red one at 60. The markers carry an
 * icon and the words "No reply yet", so they do not rest on colour alone (WCAG 1.4.1).
 */
export function LeadAgeCell({ createdAt, status, firstResponseAt, now, inline = false }: LeadAgeCellProps) {
  const clock = responseClock({ createdAt, status, firstResponseAt }, now);
  if (!clock) return <span>{formatDate(createdAt)}</span>;
  return (
    <span
      className={inline ? "flex flex-wrap items-center gap-x-2 gap-y-1 leading-tight" : "flex flex-col leading-tight"}
    >
      <span>{formatDate(createdAt)}</span>
      {clock.kind === "responded" ? (
        <span data-responded="" className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-700">
          <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5 text-green-700" />
          responded in {formatDuration(clock.afterMs)}
        </span>
      ) : clock.kind === "waiting" && clock.urgency !== "calm" ? (
        <span
          data-overdue={clock.urgency}
          className={`mt-0.5 inline-flex items-center gap-1 self-start rounded px-1.5 text-xs font-semibold ${URGENT[clock.urgency]}`}
        >
          <AlarmClock aria-hidden="true" className="h-3.5 w-3.5" />
          No reply yet: {formatWait(clock.ageMs)}
        </span>
      ) : (
        <span className="text-xs text-slate-600" data-age="">
          {formatAge(clock.ageMs)}
        </span>
      )}
    </span>
  );
}
