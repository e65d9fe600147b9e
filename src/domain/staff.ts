import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, type Role } from "./roles";

// The staff team: roles and what each may do, accounts as the Team tab lists them, and the inputs of
// invitations, password reset and two-factor sign-in. Shared by the server (which enforces the roles),
// the dashboard (which hides what a role cannot use) and the Firebase adapter (a `role` custom claim).

// The roles and limits without zod live in ./roles, so the dashboard can use them without loading zod
// (whose eval probe the Content Security Policy reports); they are re-exported here.
export * from "./roles";

/** The body of a 403 for a signed-in account whose role lacks the capability. */
export const FORBIDDEN = { error: "forbidden" } as const;

/**
 * The body of a 403 for an admin who has not enrolled two-factor yet: until they do, only the session,
 * sign-out and two-factor set-up routes answer.
 */
export const TWO_FACTOR_ENROLMENT_REQUIRED = { error: "two-factor-enrolment-required" } as const;

/** The signed-in staff member, as GET /api/auth/session and the dashboard see them. */
export interface CurrentStaff {
  email: string;
  name: string | null;
  role: Role;
  twoFactor: boolean;
  /** An admin without two-factor: the dashboard sends them to enrolment and nothing else works. */
  mustEnrolTwoFactor: boolean;
}

/** A staff account as the Team tab (GET /api/admin/staff) lists it. */
export interface StaffAccount {
  email: string;
  name: string | null;
  role: Role;
  disabled: boolean;
  twoFactor: boolean;
  lastSignInAt: string | null;
  /** Takes part in round-robin assignment. */
  available: boolean;
}

const email = z
  .string({ error: "Required" })
  .trim()
  .toLowerCase()
  .min(1, "Required")
  .max(254, "At most 254 characters")
  .pipe(z.email("Enter a valid email address"));
const password = z
  .string({ error: "Required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
const token = z.string({ error: "Required" }).min(1, "Required").max(200, "At most 200 characters");
const role = z.enum(ROLES, { error: `One of: ${ROLES.join(", ")}` });
/** A six-digit TOTP code, or a recovery code (letters, digits and dashes); spaces are ignored. */
const code = z
  .string({ error: "Required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, "Required").max(32, "At most 32 characters"));

export const invitationInput = z.object({ email, role });
export type InvitationInput = z.infer<typeof invitationInput>;

export const acceptInvitationInput = z.object({
  token,
  name: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`),
  password,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

export const passwordResetInput = z.object({ email });
export const passwordResetConfirmInput = z.object({ token, password });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;

/** The password typed again to prove the person (any length a sign-in takes: it is checked, not set). */
const currentPassword = z
  .string({ error: "Required" })
  .min(1, "Required")
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * POST /api/auth/2fa/setup: the password, always; with two-factor on, also `code`, a current code from
 * the app (or an unused recovery code), required by the server then (decision 0043).
 */
export const twoFactorSetupInput = z.object({ password: currentPassword, code: code.optional() });
/** POST /api/auth/2fa/enable: the code of the new secret, and the password again. */
export const twoFactorEnableInput = z.object({ code, password: currentPassword });
/** POST /api/auth/2fa/disable: a current code (or a recovery code), and the password. */
export const twoFactorDisableInput = z.object({ code, password: currentPassword });

/** PATCH /api/admin/staff/{email}: an admin may change role and disabled; anyone only their own availability. */
export const staffChangeInput = z
  .object({
    role: role.optional(),
    disabled: z.boolean({ error: "true or false" }).optional(),
    available: z.boolean({ error: "true or false" }).optional(),
  })
  .strict()
  .refine((change) => change.role !== undefined || change.disabled !== undefined || change.available !== undefined, {
    message: "Give role, disabled or available",
    path: ["role"],
  });
export type StaffChange = z.infer<typeof staffChangeInput>;

/** What POST /api/auth/2fa/setup answers: scan the URI as a QR code, or type the secret. */
export interface TwoFactorSetup {
  otpauthUri: string;
  secret: string;
}
