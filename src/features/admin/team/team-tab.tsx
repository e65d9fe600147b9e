import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { AdminBackend, TeamAdmin } from "../../../backend/admin-port";
import { can, ROLE_LABELS } from "../../../domain/roles";
import type { CurrentStaff, StaffAccount } from "../../../domain/staff";
import { useNow } from "../common/use-now";
import { TeamTable } from "./team-table";
import { InviteForm } from "./invite-form";
import { useTeamActions } from "./use-team-actions";

interface TeamTabProps {
  backend: AdminBackend;
  user: CurrentStaff;
  staff: readonly StaffAccount[];
  refreshStaff: () => Promise<void>;
}

const sectionClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";

/** The signed-in account: its role and two-factor, with the way to turn two-factor on or off. */
function OwnAccount({ user, twoFactor }: { user: CurrentStaff; twoFactor: boolean }) {
  return (
    <section
      aria-labelledby="own-account"
      className={`${sectionClass} flex flex-wrap items-center gap-x-6 gap-y-2 text-sm`}
    >
      <h2 id="own-account" className="text-base font-semibold">
        Your account
      </h2>
      <p>
        {user.email} · {ROLE_LABELS[user.role]}
      </p>
      <p className="inline-flex items-center gap-1">
        <ShieldCheck aria-hidden="true" className={`h-4 w-4 ${user.twoFactor ? "text-green-700" : "text-slate-500"}`} />
        Two-factor sign-in: {user.twoFactor ? "On" : "Off"}
      </p>
      {twoFactor && (
        <Link to="/admin/two-factor" className="font-semibold text-brand-700 underline underline-offset-2">
          {user.twoFactor ? "Manage two-factor" : "Turn on two-factor"}
        </Link>
      )}
    </section>
  );
}

function TeamControls({
  team,
  staff,
  user,
  refreshStaff,
  now,
}: { team: TeamAdmin; now: number } & Omit<TeamTabProps, "backend">) {
  const actions = useTeamActions(team, refreshStaff);
  return (
    <>
      <section aria-labelledby="invite" className={`${sectionClass} grid gap-3`}>
        <h2 id="invite" className="text-base font-semibold">
          Invite a colleague
        </h2>
        <InviteForm team={team} />
      </section>
      {actions.refusal && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {actions.refusal}
        </p>
      )}
      {/* The role shown everywhere comes from the session: read it again after changing one's own. */}
      <TeamTable
        staff={staff}
        me={user.email}
        now={now}
        actions={actions}
        onOwnRoleChanged={() => window.location.reload()}
      />
    </>
  );
}

/**
 * The Team tab: every staff account for everyone; for admins (where the back end manages accounts)
 * invitations, roles, disabling and two-factor resets.
 */
export function TeamTab({ backend, user, staff, refreshStaff }: TeamTabProps) {
  const now = useNow(30_000);
  // Other admins' changes do not come over the live stream: read the list again each time the tab opens.
  useEffect(() => {
    void refreshStaff();
  }, [refreshStaff]);
  const manages = can(user.role, "staff");
  return (
    <section aria-label="Team" className="grid gap-4">
      <OwnAccount user={user} twoFactor={Boolean(backend.twoFactor)} />
      {manages && backend.team ? (
        <TeamControls team={backend.team} staff={staff} user={user} refreshStaff={refreshStaff} now={now} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {manages
              ? "Accounts and roles are managed in Firebase Authentication (npm run firebase:grant-admin)."
              : "Only an admin can invite colleagues or change accounts."}
          </p>
          <TeamTable staff={staff} me={user.email} now={now} onOwnRoleChanged={() => undefined} />
        </>
      )}
    </section>
  );
}
