import type { Db, Writer } from "./schema";

// Single-use render stamps (migration 0023, docs/decisions/0045-spam-repetition-weighed-by-source.md): each
// stamp GET /api/form-stamp signs serves one submission. The submission writer claims the stamps of a group
// in the group's transaction; the hourly maintenance forgets them once they have expired.

/** A render stamp a submission claims: its nonce, the submission's record id, and when the claim may go. */
export interface StampClaim {
  nonce: string;
  recordId: string;
  expiresAt: string;
}

/**
 * Claims the render stamps of a group of submissions, in the group's transaction, with one insert (the
 * primary key decides): for each, true when its stamp was free (or it has none), false when another
 * submission holds it, an earlier one or one before it in this group. A rolled-back group (a failed member,
 * an Idempotency-Key taken) releases its claims with it, so a retry is never taken for a reuse.
 */
export async function claimRenderStamps(trx: Writer, claims: readonly (StampClaim | null)[]): Promise<boolean[]> {
  const first = new Map<string, StampClaim>();
  for (const claim of claims) if (claim && !first.has(claim.nonce)) first.set(claim.nonce, claim);
  if (first.size === 0) return claims.map(() => true);
  const rows = await trx
    .insertInto("usedRenderStamps")
    .values([...first.values()].map(({ nonce, recordId, expiresAt }) => ({ nonce, recordId, expiresAt })))
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .returning("nonce")
    .execute();
  const won = new Set(rows.map((row) => row.nonce));
  return claims.map((claim) => claim === null || (won.has(claim.nonce) && first.get(claim.nonce) === claim));
}

/** Forgets claims of stamps past their age (they count as missing by then); returns how many went. */
export async function purgeUsedRenderStamps(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("usedRenderStamps").where("expiresAt", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
