import { Mail, Sparkles, UserPlus, Users, Video } from "lucide-react";
import type { DashboardStats } from "../../../domain/admin";

const CARDS = [
  { key: "totalLeads", label: "Total Leads", icon: Users },
  { key: "newLeads", label: "New Leads", icon: Sparkles },
  { key: "signups", label: "Signups", icon: UserPlus },
  { key: "demoRequests", label: "Demo Requests", icon: Video },
  { key: "newsletter", label: "Newsletter", icon: Mail },
] as const;

export function CountCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Counts">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between text-sm font-medium text-slate-700">
            <span>{label}</span>
            <Icon aria-hidden="true" className="h-4 w-4 text-brand-700" />
          </div>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-count={key}>
            {stats[key].toLocaleString("en-ZA")}
          </p>
        </li>
      ))}
    </ul>
  );
}
