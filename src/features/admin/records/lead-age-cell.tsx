import { AlarmClock } from "lucide-react";
import { formatDate } from "../common/format";
import { formatAge, formatWait, isOverdue } from "./lead-age";

/**
 * When a lead arrived and how long ago; a lead still "new" after 15 minutes also gets an icon and the
 * words "No reply yet", so the highlight does not rest on colour alone (WCAG 1.4.1).
 */
export function LeadAgeCell({ createdAt, status, now }: { createdAt: string; status: string; now: number }) {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return <span>{formatDate(createdAt)}</span>;
  const age = Math.max(0, now - created);
  return (
    <div className="flex flex-col leading-tight">
      <span>{formatDate(createdAt)}</span>
      {isOverdue(status, age) ? (
        <span data-overdue="" className="mt-0.5 inline-flex items-center gap-1 self-start rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
          <AlarmClock aria-hidden="true" className="h-3.5 w-3.5" />
          No reply yet: {formatWait(age)}
        </span>
      ) : (
        <span className="text-xs text-slate-600" data-age="">
          {formatAge(age)}
        </span>
      )}
    </div>
  );
}
