import { deleteSessionsOf } from "./admins";
import { appendAudit, type NewAuditEntry } from "./audit";
import { enqueueOutbox } from "./outbox";
import type { Db, PasswordResetsTable } from "./schema";

// Password resets by email: asked for by anyone, sent through the outbox, used once. Only the token's
// hash is stored.

export interface ResetRequest {
  /** The account to send a link to, or null (unknown, disabled or throttled): only the audit entry is written. */
  reset: Omit<PasswordResetsTable, "usedAt"> | null;
  /** The account's address (the email's subject), when there is a reset. */
  email: string | null;
  audit: NewAuditEntry;
}

/**
 * One transaction for every request, whether or not a link is sent, so that the answer costs about the
 * same time either way (a commit dominates; a row or two more in it do not show).
 */
export async function recordResetRequest(db: Db, { reset, email, audit }: ResetRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (reset && email) {
      await trx
        .insertInto("passwordResets")
        .values({ ...reset, usedAt: null })
        .execute();
      await enqueueOutbox(
        trx,
        { kind: "password-reset", subjectEmail: email, recordCollection: "password-resets", recordId: reset.id },
        reset.createdAt,
      );
    }
    await appendAudit(trx, audit);
  });
}

/** The reset with this id and its account's address, while it can still be used (for its email). */
export async function findOpenReset(db: Db, id: string, now: Date): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom("passwordResets")
    .innerJoin("admins", "admins.id", "passwordResets.adminId")
    .select(["passwordResets.id", "admins.email"])
    .where("passwordResets.id", "=", id)
    .where("passwordResets.usedAt", "is", null)
    .where("passwordResets.expiresAt", ">", now.toISOString())
    .where("admins.disabledAt", "is", null)
    .executeTakeFirst();
}

/** Whether a link with this token hash can still be used: checked before the new password is hashed. */
export async function isOpenResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("passwordResets")
    .select("id")
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export interface ResetUse {
  tokenHash: string;
  passwordHash: string;
  now: Date;
  audit: (email: string) => NewAuditEntry;
}

/**
 * Uses the link (only if unused and unexpired: one conditional update, so it works once), sets the
 * password, ends every session of the account and voids its other reset links, in one transaction.
 * Null when the link cannot be used.
 */
export async function useReset(
  db: Db,
  { tokenHash, passwordHash, now, audit }: ResetUse,
): Promise<{ email: string; adminId: string } | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable("passwordResets")
      .set({ usedAt: at })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", at)
      .returning("adminId")
      .executeTakeFirst();
    if (!reset) return null;
    await trx
      .updateTable("passwordResets")
      .set({ usedAt: at })
      .where("adminId", "=", reset.adminId)
      .where("usedAt", "is", null)
      .execute();
    const admin = await trx
      .updateTable("admins")
      .set({ passwordHash, updatedAt: at })
      .where("id", "=", reset.adminId)
      .returning("email")
      .executeTakeFirstOrThrow();
    await deleteSessionsOf(trx, reset.adminId);
    await appendAudit(trx, audit(admin.email));
    return { email: admin.email, adminId: reset.adminId };
  });
}

/** Reset links that can no longer be used, kept a while for the record, then deleted. */
export async function purgePasswordResets(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("passwordResets").where("expiresAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
