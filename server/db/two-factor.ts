import { appendAudit, type NewAuditEntry } from "./audit";
import { enqueueOutbox } from "./outbox";
import type { Db, Writer } from "./schema";

// An account's two-factor: the secret being set up, the secret in use (both sealed by the caller, see
// auth/secret-box.ts), the last TOTP step accepted, and the single-use recovery codes (keyed hashes).

/**
 * What follows a change or removal of an account's second factor (decision 0043), in its transaction:
 * the account's other sessions end (all of them when `keepSession` is null: an admin reset someone
 * else's), and, when mail is on, the account is emailed that its two-factor changed.
 */
export interface TwoFactorChangeEffects {
  /** The token hash of the session that made the change, kept when it is the account's own. */
  keepSession: string | null;
  /** The account's address, to email through the outbox; null when SMTP is not configured. */
  notify: string | null;
}

export async function afterTwoFactorChange(
  trx: Writer,
  adminId: string,
  { keepSession, notify }: TwoFactorChangeEffects,
  now: Date,
): Promise<void> {
  let sessions = trx.deleteFrom("sessions").where("adminId", "=", adminId);
  if (keepSession !== null) sessions = sessions.where("tokenHash", "!=", keepSession);
  await sessions.execute();
  if (notify !== null) {
    await enqueueOutbox(
      trx,
      { kind: "two-factor-changed", subjectEmail: notify, recordCollection: "staff-accounts", recordId: adminId },
      now.toISOString(),
    );
  }
}

export async function setPendingTotpSecret(db: Db, adminId: string, sealed: string): Promise<void> {
  await db.updateTable("admins").set({ totpPendingSecret: sealed }).where("id", "=", adminId).execute();
}

export interface EnableTotp {
  adminId: string;
  /** The pending secret the code was checked against: enabling fails if another setup replaced it meanwhile. */
  pending: string;
  /** The step the confirming code was accepted for: it cannot be used again to sign in. */
  step: number;
  codeHashes: readonly string[];
  now: Date;
  audit: NewAuditEntry;
  /** When a secret in use is replaced: its other sessions end and the account is told (first enrolment: none). */
  replacing?: TwoFactorChangeEffects;
}

/** Turns the pending secret on, with fresh recovery codes (any earlier ones go); false if it was replaced. */
export async function enableTotp(
  db: Db,
  { adminId, pending, step, codeHashes, now, audit, replacing }: EnableTotp,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable("admins")
      .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step, updatedAt: now.toISOString() })
      .where("id", "=", adminId)
      .where("totpPendingSecret", "=", pending)
      .returning("id")
      .executeTakeFirst();
    if (!enabled) return false;
    await trx.deleteFrom("recoveryCodes").where("adminId", "=", adminId).execute();
    await trx
      .insertInto("recoveryCodes")
      .values(codeHashes.map((codeHash) => ({ adminId, codeHash, createdAt: now.toISOString(), usedAt: null })))
      .execute();
    if (replacing) await afterTwoFactorChange(trx, adminId, replacing, now);
    await appendAudit(trx, audit);
    return true;
  });
}

/** Two-factor off: secret, pending secret, last step and recovery codes all go. */
export async function clearTwoFactor(trx: Writer, adminId: string, now: Date): Promise<void> {
  await trx
    .updateTable("admins")
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now.toISOString() })
    .where("id", "=", adminId)
    .execute();
  await trx.deleteFrom("recoveryCodes").where("adminId", "=", adminId).execute();
}

/** Two-factor off, by the account itself or by an admin's reset, with what follows a change. */
export async function disableTotp(
  db: Db,
  adminId: string,
  { now, audit, effects }: { now: Date; audit: NewAuditEntry; effects: TwoFactorChangeEffects },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await clearTwoFactor(trx, adminId, now);
    await afterTwoFactorChange(trx, adminId, effects, now);
    await appendAudit(trx, audit);
  });
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was before:
 * one conditional update, so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, adminId: string, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable("admins")
    .set({ totpLastStep: step })
    .where("id", "=", adminId)
    .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
    .returning("id")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Uses up one recovery code; false when the account has no unused code with this hash. */
export async function useRecoveryCode(db: Db, adminId: string, codeHash: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("recoveryCodes")
    .set({ usedAt: now.toISOString() })
    .where("adminId", "=", adminId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is", null)
    .returning("codeHash")
    .executeTakeFirst();
  return used !== undefined;
}

export async function unusedRecoveryCodes(db: Db, adminId: string): Promise<number> {
  const { count } = await db
    .selectFrom("recoveryCodes")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("adminId", "=", adminId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}
