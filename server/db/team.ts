import type { Role, StaffAccount } from "../../src/domain/staff";
import { deleteSessionsOf, normalizeEmail } from "./admins";
import { appendAudit, type NewAuditEntry } from "./audit";
import { isPostgres } from "./connect";
import type { Db } from "./schema";
import { findStaffAccount, toStaffAccount } from "./staff";
import { afterTwoFactorChange, clearTwoFactor } from "./two-factor";

// What an admin changes about another account (or their own): role, disabled, availability, and a reset
// of its two-factor. Each change and its audit entry commit together.

/** Who made a change and from where: every audit entry of the change gets it. */
export type AuditBase = Omit<NewAuditEntry, "action" | "details">;

export interface AccountChange {
  role?: Role;
  disabled?: boolean;
  available?: boolean;
}

export type AccountChangeOutcome =
  | { ok: true; account: StaffAccount; adminId: string; disabledNow: boolean }
  | { ok: false; reason: "not-found" | "last-admin" };

/**
 * Applies `change` to the account with this email. Demoting or disabling an active admin is refused when
 * no other active admin would remain. Race-safe: on PostgreSQL the active admins' rows are locked
 * (FOR UPDATE, in id order) before they are counted, so two admins demoting each other at once cannot
 * both succeed; SQLite runs one write transaction at a time. Disabling ends the account's sessions.
 */
export async function changeStaffAccount(
  db: Db,
  email: string,
  change: AccountChange,
  base: AuditBase,
): Promise<AccountChangeOutcome> {
  const at = base.at.toISOString();
  return db.transaction().execute(async (trx): Promise<AccountChangeOutcome> => {
    const target = await trx
      .selectFrom("admins")
      .selectAll()
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!target) return { ok: false, reason: "not-found" };
    const activeAdmin = target.role === "admin" && target.disabledAt === null;
    if (activeAdmin && (change.role === "sales" || change.disabled === true)) {
      let others = trx
        .selectFrom("admins")
        .select("id")
        .where("role", "=", "admin")
        .where("disabledAt", "is", null)
        .orderBy("id");
      if (isPostgres(db)) others = others.forUpdate();
      const active = await others.execute();
      if (!active.some((row) => row.id !== target.id)) return { ok: false, reason: "last-admin" };
    }
    const roleChanged = change.role !== undefined && change.role !== target.role;
    const disabledNow = change.disabled === true && target.disabledAt === null;
    const enabledNow = change.disabled === false && target.disabledAt !== null;
    const row = await trx
      .updateTable("admins")
      .set({
        ...(roleChanged && { role: change.role }),
        ...(disabledNow && { disabledAt: at }),
        ...(enabledNow && { disabledAt: null }),
        ...(change.available !== undefined && { available: change.available ? 1 : 0 }),
        updatedAt: at,
      })
      .where("id", "=", target.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (disabledNow) await deleteSessionsOf(trx, target.id);
    const account = toStaffAccount(row);
    if (roleChanged)
      await appendAudit(trx, {
        ...base,
        action: "staff.role",
        details: { email: account.email, from: target.role, to: account.role },
      });
    if (disabledNow) await appendAudit(trx, { ...base, action: "staff.disable", details: { email: account.email } });
    if (enabledNow) await appendAudit(trx, { ...base, action: "staff.enable", details: { email: account.email } });
    if (change.available !== undefined)
      await appendAudit(trx, {
        ...base,
        action: "staff.available",
        details: { email: account.email, available: account.available },
      });
    return { ok: true, account, adminId: target.id, disabledNow };
  });
}

/**
 * Turns another account's two-factor off (a lost phone); undefined for an unknown email. When it had a
 * factor, every session of the account ends and, with `notify` (mail is on), it is emailed (decision 0043).
 */
export async function resetTwoFactor(
  db: Db,
  email: string,
  base: AuditBase,
  { notify }: { notify: boolean },
): Promise<{ account: StaffAccount; adminId: string; hadFactor: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom("admins")
      .select(["id", "email", "totpSecret"])
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!target) return undefined;
    await clearTwoFactor(trx, target.id, base.at);
    const hadFactor = target.totpSecret !== null;
    if (hadFactor)
      await afterTwoFactorChange(trx, target.id, { keepSession: null, notify: notify ? target.email : null }, base.at);
    const account = await findStaffAccount(trx, email);
    await appendAudit(trx, { ...base, action: "staff.two-factor-reset", details: { email: account!.email } });
    return { account: account!, adminId: target.id, hadFactor };
  });
}
