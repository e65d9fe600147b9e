import { useCallback, useState } from "react";
import type { TeamAdmin } from "../../../backend/admin-port";
import { useToast } from "../../../components/ui/toast";
import { ROLE_LABELS, type Role } from "../../../domain/roles";
import type { StaffAccount } from "../../../domain/staff";
import { adminErrorText } from "../common/admin-error";

/**
 * An admin's changes to accounts. The live stream carries record changes only, so the staff list is read
 * again after every change, whether it worked or not (another admin may have changed it meanwhile).
 */
export function useTeamActions(team: TeamAdmin, refreshStaff: () => Promise<void>) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  /** Why the last change was refused, shown above the table until the next change. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = useCallback(
    /** Resolves to whether the change was made. */
    async (email: string, change: () => Promise<StaffAccount>, done: string): Promise<boolean> => {
      setBusy(email);
      setRefusal(null);
      try {
        await change();
        toast({ title: done });
        return true;
      } catch (error) {
        console.error(`Changing ${email} failed:`, error);
        const reason = `${email} was not changed. ${adminErrorText(error, "The server could not be reached or failed.")}`;
        setRefusal(reason);
        toast({ title: "Nothing was changed", description: reason, variant: "destructive" });
        return false;
      } finally {
        setBusy(null);
        await refreshStaff();
      }
    },
    [toast, refreshStaff],
  );

  return {
    busy,
    refusal,
    changeRole: (email: string, role: Role) =>
      run(email, () => team.update(email, { role }), `${email} is now ${ROLE_LABELS[role]}`),
    setDisabled: (email: string, disabled: boolean) =>
      run(
        email,
        () => team.update(email, { disabled }),
        disabled ? `${email} is disabled and signed out` : `${email} is enabled`,
      ),
    resetTwoFactor: (email: string) => run(email, () => team.resetTwoFactor(email), `Two-factor reset for ${email}`),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
