import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Role } from "../../src/domain/staff";
import type { AdminsTable, Db, Tables } from "./schema";

// Staff accounts. Emails are stored lower-cased (a CHECK enforces it), so lookups lower-case too.

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class DuplicateAdminError extends Error {
  override name = "DuplicateAdminError";
}

export interface NewAdmin {
  /** What the account may do; the CLI and the first-admin bootstrap make admins. */
  role: Role;
  name?: string | null;
  /** A sealed TOTP secret (auth/secret-box.ts): the account starts with two-factor on. */
  totpSecret?: string | null;
  /** Given by the caller when the secret above is sealed with the id (it is the secret's associated data). */
  id?: string;
}

/** A new account's row: active, available for round-robin. */
export function adminRow(
  email: string,
  passwordHash: string,
  now: Date,
  { role, name = null, totpSecret = null, id = randomUUID() }: NewAdmin,
): AdminsTable {
  return {
    id,
    email: normalizeEmail(email),
    passwordHash,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    available: 1,
    name,
    role,
    disabledAt: null,
    totpSecret,
    totpPendingSecret: null,
    totpLastStep: null,
    lastSignInAt: null,
  };
}

/** Inserts an account; throws DuplicateAdminError when the email is taken (checked by the unique index). */
export async function insertAdmin(
  db: Db | Transaction<Tables>,
  email: string,
  passwordHash: string,
  now: Date,
  account: NewAdmin = { role: "admin" },
): Promise<AdminsTable> {
  const row = adminRow(email, passwordHash, now, account);
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

export async function findAdminById(db: Db, id: string): Promise<AdminsTable | undefined> {
  return db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every session of the account ends: a disabled account, a new password. Returns how many. */
export async function deleteSessionsOf(db: Db | Transaction<Tables>, adminId: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("adminId", "=", adminId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordSignIn(db: Db, adminId: string, now: Date): Promise<void> {
  await db.updateTable("admins").set({ lastSignInAt: now.toISOString() }).where("id", "=", adminId).execute();
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
    await deleteSessionsOf(trx, admin.id);
    return true;
  });
}

export async function listAdmins(
  db: Db,
): Promise<Pick<AdminsTable, "email" | "role" | "disabledAt" | "createdAt" | "updatedAt">[]> {
  return db
    .selectFrom("admins")
    .select(["email", "role", "disabledAt", "createdAt", "updatedAt"])
    .orderBy("email")
    .execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
