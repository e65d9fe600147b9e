import type { Transaction } from "kysely";
import type { StaffMember } from "../../src/domain/workspace";
import { normalizeEmail } from "./admins";
import type { Db, Tables } from "./schema";

// The staff accounts as the workspace sees them: who can own a record, and who takes part in
// round-robin. (Accounts themselves are made and reset by `npm run admin`: admins.ts.)

type Reader = Db | Transaction<Tables>;

export async function listStaff(db: Reader): Promise<StaffMember[]> {
  const rows = await db.selectFrom("admins").select(["email", "available"]).orderBy("email").execute();
  return rows.map((row) => ({ email: row.email, available: Number(row.available) === 1 }));
}

/** The account with its new availability, or undefined when no account has that email. */
export async function setStaffAvailable(db: Reader, email: string, available: boolean): Promise<StaffMember | undefined> {
  const row = await db
    .updateTable("admins")
    .set({ available: available ? 1 : 0 })
    .where("email", "=", normalizeEmail(email))
    .returning(["email", "available"])
    .executeTakeFirst();
  return row && { email: row.email, available: Number(row.available) === 1 };
}

/** Whether a staff account has this (normalised) email: only staff may own a record. */
export async function isStaffEmail(db: Reader, email: string): Promise<boolean> {
  const row = await db.selectFrom("admins").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row !== undefined;
}
