import { Mail, Sparkles, Timer, UserPlus, Users, Video } from "lucide-react";
import type { DashboardStats } from "../../../domain/admin";
import { formatCount } from "../common/format";
import { formatDuration } from "../records/lead-age";

const CARDS = [
  { key: "totalLeads", label: "Total Leads", icon: Users },
  { key: "newLeads", label: "New Leads", icon: Sparkles },
  { key: "signups", label: "Signups", icon: UserPlus },
  { key: "demoRequests", label: "Demo Requests", icon: Video },
  { key: "newsletter", label: "Newsletter", icon: Mail },
] as const;

// On a phone the six counts sit three to a row, small, so the records start on the first screen.
const cardClass = "rounded-xl border border-slate-200 bg-white p-2.5 shadow-sm sm:p-4";
const labelClass =
  "flex items-start justify-between gap-2 text-xs leading-tight font-medium text-slate-700 sm:items-center sm:text-sm";
const iconClass = "hidden h-4 w-4 shrink-0 text-brand-700 sm:block";
const countClass = "mt-1 text-xl font-bold tabular-nums sm:mt-2 sm:text-3xl";

export function CountCards({ stats }: { stats: DashboardStats }) {
  const median = stats.medianFirstResponseMs;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6" aria-label="Counts">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key} className={cardClass}>
          <div className={labelClass}>
            <span>{label}</span>
            <Icon aria-hidden="true" className={iconClass} />
          </div>
          <p className={countClass} data-count={key}>
            {formatCount(stats[key])}
          </p>
        </li>
      ))}
      {/* Speed to lead: how long the leads and contacts of the last 7 days waited for their first answer. */}
      <li className={cardClass}>
        <div className={labelClass}>
          <span>Median first response (last 7 days)</span>
          <Timer aria-hidden="true" className={iconClass} />
        </div>
        <p className={countClass} data-count="medianFirstResponse">
          {median === null || median === undefined ? "N/A" : formatDuration(median)}
        </p>
      </li>
    </ul>
  );
}
