import type { Db, SuppressionReason } from "./schema";

// The suppression list: addresses that opted out or were erased, as keyed hashes only (see
// server/privacy/keys.ts). Checked before any mail to a data subject; cleared only by an active
// re-subscription from the newsletter form.

export async function suppress(db: Db, emailHash: string, reason: SuppressionReason, now: string): Promise<void> {
  await db
    .insertInto("suppressions")
    .values({ emailHash, reason, createdAt: now })
    // An erasure outranks an earlier unsubscribe; a later unsubscribe does not undo an erasure's reason.
    .onConflict((conflict) =>
      reason === "erased"
        ? conflict.column("emailHash").doUpdateSet({ reason, createdAt: now })
        : conflict.column("emailHash").doNothing(),
    )
    .execute();
}

export async function unsuppress(db: Db, emailHash: string): Promise<void> {
  await db.deleteFrom("suppressions").where("emailHash", "=", emailHash).execute();
}

export async function isSuppressed(db: Db, emailHash: string): Promise<boolean> {
  return (
    (await db.selectFrom("suppressions").select("emailHash").where("emailHash", "=", emailHash).executeTakeFirst()) !==
    undefined
  );
}
