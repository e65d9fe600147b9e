import { ROLE_LABELS } from "../../../domain/roles";
import type { StaffAccount } from "../../../domain/staff";
import { formatDate } from "../common/format";
import { formatAge } from "../records/lead-age";

/** A last sign-in as the Team table shows it: "3 min ago", with the exact time for the tooltip. */
export function lastSignIn(iso: string | null, now: number): { relative: string; exact: string | null } {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return { relative: "Never", exact: null };
  return { relative: formatAge(Math.max(0, now - at)), exact: formatDate(iso) };
}

export const statusText = (account: Pick<StaffAccount, "disabled">) => (account.disabled ? "Disabled" : "Active");
export const twoFactorText = (account: Pick<StaffAccount, "twoFactor">) => (account.twoFactor ? "On" : "Off");
export const roleText = (account: Pick<StaffAccount, "role">) => ROLE_LABELS[account.role] ?? account.role;

export const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The accounts in the order the Team table lists them: active before disabled, then by email. */
export function teamOrder(staff: readonly StaffAccount[]): StaffAccount[] {
  return [...staff].sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.email.localeCompare(b.email));
}

/** What an admin's change to an account means, for its confirmation dialog (null: no confirmation needed). */
export interface Confirmation {
  title: string;
  description: string;
  confirmLabel: string;
}

export function confirmationFor(
  action: { kind: "disable" } | { kind: "reset-two-factor" } | { kind: "role"; role: StaffAccount["role"] },
  account: Pick<StaffAccount, "email" | "role">,
  self: boolean,
): Confirmation | null {
  switch (action.kind) {
    case "disable":
      return {
        title: `Disable ${account.email}?`,
        description:
          "They are signed out everywhere at once and cannot sign in until an admin enables the account again. Their leads and contacts keep them as owner, marked (disabled), until reassigned.",
        confirmLabel: "Disable account",
      };
    case "reset-two-factor":
      return {
        title: `Reset two-factor for ${account.email}?`,
        description:
          account.role === "admin"
            ? "Their authenticator app and recovery codes stop working, they are signed out everywhere and emailed. As an admin they must set up two-factor again when they next sign in."
            : "Their authenticator app and recovery codes stop working, they are signed out everywhere and emailed, and they sign in with their password alone until they set up two-factor again.",
        confirmLabel: "Reset two-factor",
      };
    case "role":
      // Only stepping down oneself needs a second thought: it takes away the Team, Privacy and Audit tabs.
      return self && account.role === "admin" && action.role !== "admin"
        ? {
            title: "Make yourself a sales user?",
            description:
              "You lose the Team controls, the Privacy and Audit tabs and the settings at once. Only another admin can give them back.",
            confirmLabel: "Change my role",
          }
        : null;
  }
}
