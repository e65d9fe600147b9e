import { randomUUID } from "node:crypto";
import type { AdminsTable, Db } from "./schema";

// Staff accounts. Emails are stored lower-cased (a CHECK enforces it), so lookups lower-case too.

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class DuplicateAdminError extends Error {
  override name = "DuplicateAdminError";
}

/** Inserts an account; throws DuplicateAdminError when the email is taken (checked by the unique index). */
export async function insertAdmin(db: Db, email: string, passwordHash: string, now: Date): Promise<AdminsTable> {
  const row: AdminsTable = {
    id: randomUUID(),
    email: normalizeEmail(email),
    passwordHash,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    available: 1,
  };
  const inserted = await db
    .insertInto("admins")
    .values(row)
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new DuplicateAdminError(`An admin with email ${row.email} already exists.`);
  return row;
}

export async function findAdminByEmail(db: Db, email: string): Promise<AdminsTable | undefined> {
  return db.selectFrom("admins").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/**
 * Sets a new password hash and ends every session of the account (a reset usually follows a leak).
 * Returns false for an unknown email.
 */
export async function setAdminPassword(db: Db, email: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .updateTable("admins")
      .set({ passwordHash, updatedAt: now.toISOString() })
      .where("email", "=", normalizeEmail(email))
      .returning("id")
      .executeTakeFirst();
    if (!admin) return false;
    await trx.deleteFrom("sessions").where("adminId", "=", admin.id).execute();
    return true;
  });
}

export async function listAdmins(db: Db): Promise<Pick<AdminsTable, "email" | "createdAt" | "updatedAt">[]> {
  return db.selectFrom("admins").select(["email", "createdAt", "updatedAt"]).orderBy("email").execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
