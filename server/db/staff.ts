import type { Transaction } from "kysely";
import type { StaffAccount } from "../../src/domain/staff";
import { normalizeEmail } from "./admins";
import type { AdminsTable, Db, Tables } from "./schema";

// The staff accounts as the Team tab and the workspace see them: who can own a record, who takes part in
// round-robin, each account's role, status and two-factor. (Changes an admin makes are in team.ts.)

type Reader = Db | Transaction<Tables>;

const COLUMNS = ["email", "name", "role", "disabledAt", "totpSecret", "lastSignInAt", "available"] as const;
type AccountRow = Pick<AdminsTable, (typeof COLUMNS)[number]>;

/** The Team tab's view of an account row: never its secrets, only whether two-factor is on. */
export const toStaffAccount = (row: AccountRow): StaffAccount => ({
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabledAt !== null,
  twoFactor: row.totpSecret !== null,
  lastSignInAt: row.lastSignInAt,
  available: Number(row.available) === 1,
});

export async function listStaff(db: Reader): Promise<StaffAccount[]> {
  const rows = await db.selectFrom("admins").select(COLUMNS).orderBy("email").execute();
  return rows.map(toStaffAccount);
}

export async function findStaffAccount(db: Reader, email: string): Promise<StaffAccount | undefined> {
  const row = await db
    .selectFrom("admins")
    .select(COLUMNS)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && toStaffAccount(row);
}

/** The account with its new availability, or undefined when no account has that email. */
export async function setStaffAvailable(
  db: Reader,
  email: string,
  available: boolean,
): Promise<StaffAccount | undefined> {
  const row = await db
    .updateTable("admins")
    .set({ available: available ? 1 : 0 })
    .where("email", "=", normalizeEmail(email))
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toStaffAccount(row);
}

/** Whether an active (not disabled) staff account has this email: only they may be made a record's owner. */
export async function isStaffEmail(db: Reader, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("admins")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .where("disabledAt", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}
