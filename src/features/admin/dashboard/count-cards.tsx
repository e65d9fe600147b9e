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

const cardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";
const labelClass = "flex items-center justify-between gap-2 text-sm font-medium text-slate-700";

export function CountCards({ stats }: { stats: DashboardStats }) {
  const median = stats.medianFirstResponseMs;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" aria-label="Counts">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key} className={cardClass}>
          <div className={labelClass}>
            <span>{label}</span>
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          </div>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-count={key}>
            {formatCount(stats[key])}
          </p>
        </li>
      ))}
      {/* Speed to lead: how long the leads and contacts of the last 7 days waited for their first answer. */}
      <li className={cardClass}>
        <div className={labelClass}>
          <span>Median first response (last 7 days)</span>
          <Timer aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        </div>
        <p className="mt-2 text-3xl font-bold tabular-nums" data-count="medianFirstResponse">
          {median === null || median === undefined ? "N/A" : formatDuration(median)}
        </p>
      </li>
    </ul>
  );
}
