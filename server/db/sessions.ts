import type { Role } from "../../src/domain/staff";
import type { Db, SessionsTable } from "./schema";

export interface SessionWithAdmin extends SessionsTable {
  email: string;
  name: string | null;
  role: Role;
  disabledAt: string | null;
  /** Whether the account has two-factor on (its secret itself is not read here). */
  twoFactor: boolean;
}

export async function insertSession(db: Db, session: SessionsTable): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionWithAdmin | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("admins", "admins.id", "sessions.adminId")
    .select([
      "sessions.tokenHash",
      "sessions.adminId",
      "sessions.createdAt",
      "sessions.lastSeenAt",
      "sessions.expiresAt",
      "admins.email",
      "admins.name",
      "admins.role",
      "admins.disabledAt",
      "admins.totpSecret",
    ])
    .where("sessions.tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { totpSecret, ...session } = row;
  return { ...session, twoFactor: totpSecret !== null };
}

export async function touchSession(db: Db, tokenHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("sessions").set({ lastSeenAt }).where("tokenHash", "=", tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
}

/** Deletes sessions past their absolute end or idle for longer than allowed; returns how many went. */
export async function purgeSessions(db: Db, { now, idleSince }: { now: string; idleSince: string }): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expiresAt", "<=", now), eb("lastSeenAt", "<=", idleSince)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
