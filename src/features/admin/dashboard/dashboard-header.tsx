import { useState } from "react";
import { Download, LogOut, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { LiveState } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { ROLE_LABELS } from "../../../domain/roles";
import type { CurrentStaff } from "../../../domain/staff";

interface DashboardHeaderProps {
  user: CurrentStaff;
  /** Whether two-factor is managed here (not on Firebase, where Firebase Auth does it). */
  twoFactorHere: boolean;
  live: LiveState;
  /** `extended`: with the owner, first-response and attribution columns (src/domain/csv.ts). */
  onExport: (extended: boolean) => void;
  onLogout: () => void;
}

const LIVE_TEXT: Record<LiveState, string> = {
  live: "Live: new records appear as they arrive",
  reconnecting: "Reconnecting…",
  connecting: "Connecting…",
};

/** The dashboard's heading, whether the live connection is up, who is signed in, export and sign-out. */
export function DashboardHeader({ user, twoFactorHere, live, onExport, onLogout }: DashboardHeaderProps) {
  const [extended, setExtended] = useState(false);
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">CRM Dashboard</h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {LIVE_TEXT[live]}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-2 text-right text-sm text-slate-700">
          <span className="block font-medium text-slate-900">{user.name ?? user.email}</span>
          <span>{ROLE_LABELS[user.role]}</span>
          {twoFactorHere && (
            <>
              {" · "}
              <Link to="/admin/two-factor" className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2">
                <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                Two-factor {user.twoFactor ? "on" : "off"}
              </Link>
            </>
          )}
        </p>
        <Button variant="outline" onClick={() => onExport(extended)}>
          <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
        </Button>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={extended} onChange={(event) => setExtended(event.target.checked)} />
          Extended columns
        </label>
        <Button variant="ghost" onClick={onLogout}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
        </Button>
      </div>
    </header>
  );
}
