import type { Role } from "../../src/domain/staff";
import { adminRow, normalizeEmail } from "./admins";
import { appendAudit, type NewAuditEntry } from "./audit";
import { enqueueOutbox } from "./outbox";
import type { Db, StaffInvitationsTable } from "./schema";

// Invitations to the staff team: made by an admin, emailed through the outbox, accepted once. The
// account exists only from the acceptance on.

export type NewInvitation = Omit<StaffInvitationsTable, "acceptedAt">;

/**
 * Stores the invitation and queues its email, in one transaction with its audit entry; an earlier
 * invitation of the same address that was not accepted stops working. "exists" when an account already
 * has the address.
 */
export async function createInvitation(
  db: Db,
  invitation: NewInvitation,
  audit: NewAuditEntry,
): Promise<"created" | "exists"> {
  const email = normalizeEmail(invitation.email);
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom("admins").select("id").where("email", "=", email).executeTakeFirst();
    if (account) return "exists";
    await trx.deleteFrom("staffInvitations").where("email", "=", email).where("acceptedAt", "is", null).execute();
    await trx
      .insertInto("staffInvitations")
      .values({ ...invitation, email, acceptedAt: null })
      .execute();
    await enqueueOutbox(
      trx,
      { kind: "invitation", subjectEmail: email, recordCollection: "staff-invitations", recordId: invitation.id },
      invitation.createdAt,
    );
    await appendAudit(trx, audit);
    return "created";
  });
}

/** The invitation with this id while it can still be accepted (its email is sent then, not later). */
export async function findOpenInvitation(db: Db, id: string, now: Date): Promise<StaffInvitationsTable | undefined> {
  return db
    .selectFrom("staffInvitations")
    .selectAll()
    .where("id", "=", id)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
}

/** Whether a link with this token hash can still be accepted: checked before the password is hashed. */
export async function isOpenInvitationToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("staffInvitations")
    .select("id")
    .where("tokenHash", "=", tokenHash)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export interface Acceptance {
  tokenHash: string;
  name: string;
  passwordHash: string;
  now: Date;
  /** The audit entry, given the invitation that was accepted. */
  audit: (invitation: { email: string; role: Role; invitedBy: string }) => NewAuditEntry;
}

export type AcceptanceOutcome =
  { ok: true; email: string; role: Role } | { ok: false; reason: "invalid-token" | "exists" };

class AccountExists extends Error {}

/**
 * Uses the invitation (only if unused and unexpired: one conditional update, so it works once) and
 * creates the account with its role, all in one transaction.
 */
export async function acceptInvitation(
  db: Db,
  { tokenHash, name, passwordHash, now, audit }: Acceptance,
): Promise<AcceptanceOutcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<AcceptanceOutcome> => {
      const invitation = await trx
        .updateTable("staffInvitations")
        .set({ acceptedAt: now.toISOString() })
        .where("tokenHash", "=", tokenHash)
        .where("acceptedAt", "is", null)
        .where("expiresAt", ">", now.toISOString())
        .returning(["email", "role", "invitedBy"])
        .executeTakeFirst();
      if (!invitation) return { ok: false, reason: "invalid-token" };
      const created = await trx
        .insertInto("admins")
        .values(adminRow(invitation.email, passwordHash, now, { role: invitation.role, name }))
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      // Rolled back, so the invitation stays unused for when the other account is gone.
      if (!created) throw new AccountExists();
      await appendAudit(trx, audit(invitation));
      return { ok: true, email: invitation.email, role: invitation.role };
    });
  } catch (error) {
    if (error instanceof AccountExists) return { ok: false, reason: "exists" };
    throw error;
  }
}

/** Invitations that can no longer be used, kept a while for the record, then deleted. */
export async function purgeInvitations(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("staffInvitations")
    .where((eb) => eb.or([eb("expiresAt", "<", before), eb("acceptedAt", "<", before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
