import type { Clock } from "../clock";
import { randomUUID } from "node:crypto";
import { appendAudit, countAdmins, DuplicateAdminError, insertAdmin, type Db } from "../db/store";
import type { Logger } from "../logger";
import { checkPasswordStrength, PASSWORD_PROBLEM_MESSAGES, type PasswordHasher } from "./passwords";
import { sealSecret } from "./secret-box";

export interface BootstrapOptions {
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * ADMIN_TOTP_SECRET with the key that seals it (privacy/keys.ts): the admin starts with two-factor on,
   * so an automated set-up (end-to-end tests) need not go through enrolment. Admins must enrol anyway.
   */
  twoFactor?: { secret: string; key: Buffer } | null;
  hasher: PasswordHasher;
  clock: Clock;
  logger: Logger;
}

export type BootstrapOutcome = "exists" | "created" | "missing" | "weak-password";

/**
 * At start-up with no admin at all: create one from ADMIN_EMAIL/ADMIN_PASSWORD when both are set,
 * otherwise say how to create one. Never touches an existing account, so leaving the variables set
 * cannot reset a password that was changed since.
 */
export async function ensureFirstAdmin(
  db: Db,
  { adminEmail, adminPassword, twoFactor = null, hasher, clock, logger }: BootstrapOptions,
): Promise<BootstrapOutcome> {
  if ((await countAdmins(db)) > 0) return "exists";
  if (!adminEmail || !adminPassword) {
    logger.info("no-admin", {
      message:
        "No admin account yet. Create one with: npm run admin -- create --email you@example.com (or set ADMIN_EMAIL and ADMIN_PASSWORD)",
    });
    return "missing";
  }
  const problem = checkPasswordStrength(adminPassword);
  if (problem) {
    logger.error("admin-bootstrap-failed", { message: `ADMIN_PASSWORD: ${PASSWORD_PROBLEM_MESSAGES[problem]}` });
    return "weak-password";
  }
  try {
    const id = randomUUID();
    const totpSecret = twoFactor ? sealSecret(twoFactor.key, id, twoFactor.secret) : null;
    await insertAdmin(db, adminEmail, await hasher.hash(adminPassword), clock(), { role: "admin", id, totpSecret });
  } catch (error) {
    // Another instance starting at the same moment created it first: the goal is met.
    if (!(error instanceof DuplicateAdminError)) throw error;
    return "exists";
  }
  // An account change like the CLI's; made by the server itself at start-up from its settings.
  await appendAudit(db, {
    actor: "system",
    action: "admin.create",
    details: { email: adminEmail, role: "admin", source: "ADMIN_EMAIL", ...(twoFactor && { twoFactor: true }) },
    at: clock(),
  });
  logger.info("admin-created", { email: adminEmail });
  return "created";
}
