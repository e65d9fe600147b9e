import type { CurrentStaff } from "../../../domain/staff";

export const DASHBOARD_PATH = "/admin/dashboard";
/** Two-factor enrolment: where an admin without it is sent, and where anyone turns it on or off. */
export const TWO_FACTOR_PATH = "/admin/two-factor";

/** Where to go after sign-in: only a path inside /admin, never another origin (open-redirect defence). */
export function safeNextPath(next: string | null): string {
  if (next && next.startsWith("/admin/") && !next.startsWith("//") && !next.includes("\\")) return next;
  return DASHBOARD_PATH;
}

/** The enrolment page, coming back to `next` once two-factor is on. */
export function twoFactorPath(next: string | null): string {
  const back = safeNextPath(next);
  return back === DASHBOARD_PATH || back.startsWith(TWO_FACTOR_PATH)
    ? TWO_FACTOR_PATH
    : `${TWO_FACTOR_PATH}?next=${encodeURIComponent(back)}`;
}

/** Where a signed-in account goes: an admin who must enrol goes to enrolment first, whatever was asked. */
export function pathAfterSignIn(user: Pick<CurrentStaff, "mustEnrolTwoFactor">, next: string | null): string {
  return user.mustEnrolTwoFactor ? twoFactorPath(next) : safeNextPath(next);
}

/**
 * For a staff page (`path` and `search` of its address): null when the account may see it, else where
 * to send it instead. Until an admin has enrolled, the enrolment page is the only one they may see.
 */
export function sessionRedirect(
  user: Pick<CurrentStaff, "mustEnrolTwoFactor"> | null,
  path: string,
  search: string,
): string | null {
  const here = path + search;
  if (!user) return `/admin/login?next=${encodeURIComponent(here)}`;
  if (user.mustEnrolTwoFactor && path !== TWO_FACTOR_PATH) return twoFactorPath(here);
  return null;
}
