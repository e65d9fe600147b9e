// The staff roles, what each may do, and the plain limits of staff accounts: no zod here, so the
// dashboard can import them without loading zod (whose eval probe the Content Security Policy reports).
// src/domain/staff.ts re-exports all of it beside the account types and the request schemas.

export const ROLES = ["admin", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", sales: "Sales" };

/**
 * What a role may do. `records`: read and work leads, contacts and subscribers (notes, status, owner,
 * bulk changes, export, live updates). `privacy`: find, export and erase a person, and the email
 * outbox. `audit`: read the audit log. `staff`: invite, change roles, disable and enable accounts, reset
 * another's two-factor. `settings`: workspace settings such as round-robin (and later webhooks, API tokens).
 */
export const CAPABILITIES = ["records", "privacy", "audit", "staff", "settings"] as const;
export type Capability = (typeof CAPABILITIES)[number];

const GRANTS: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  sales: ["records"],
};

export const can = (role: Role, capability: Capability): boolean => GRANTS[role].includes(capability);

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1_024;
export const NAME_MAX_LENGTH = 100;

/** An invitation link's life. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** A password-reset link's life. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** How many single-use recovery codes two-factor enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
