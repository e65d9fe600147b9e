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
    // On a phone: the heading with the two buttons (their words left to screen readers) on one line, who
    // is signed in on the next; from sm up, all on one line.
    <header className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 sm:mb-6 sm:justify-between">
      <div className="min-w-0 flex-1 sm:flex-none">
        <h1 className="text-xl font-bold sm:text-2xl">CRM Dashboard</h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {LIVE_TEXT[live]}
        </p>
      </div>
      <p className="order-last w-full text-sm text-slate-700 sm:order-none sm:ml-auto sm:w-auto sm:text-right">
        <span className="font-medium break-all text-slate-900 sm:block">{user.name ?? user.email}</span>
        <span className="sm:hidden"> · </span>
        <span>{ROLE_LABELS[user.role]}</span>
        {twoFactorHere && (
          <>
            {" · "}
            <Link
              to="/admin/two-factor"
              className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2"
            >
              <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
              Two-factor {user.twoFactor ? "on" : "off"}
            </Link>
          </>
        )}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          onClick={() => onExport(extended)}
          title="Export CSV"
          className="max-sm:w-11 max-sm:px-0"
        >
          <Download aria-hidden="true" className="h-4 w-4" /> <span className="max-sm:sr-only">Export CSV</span>
        </Button>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={extended}
            onChange={(event) => setExtended(event.target.checked)}
          />
          Extended columns
        </label>
        <Button variant="ghost" onClick={onLogout} title="Logout" className="max-sm:w-11 max-sm:px-0">
          <LogOut aria-hidden="true" className="h-4 w-4" /> <span className="max-sm:sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}
