import type { Db } from "./schema";

// The ledger behind the Idempotency-Key header: one row per (route, key), kept for a day.

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyScope {
  route: string;
  key: string;
}

export async function findStoredResponse(
  db: Db,
  { route, key }: IdempotencyScope,
  notBefore: string,
): Promise<StoredResponse | undefined> {
  return db
    .selectFrom("idempotencyKeys")
    .select(["status", "body"])
    .where("route", "=", route)
    .where("key", "=", key)
    .where("createdAt", ">=", notBefore)
    .executeTakeFirst();
}

export interface KeyClaim extends IdempotencyScope {
  response: StoredResponse;
  createdAt: string;
  /** A row older than this has left the replay window and may be taken over. */
  expiredBefore: string;
}

/**
 * Records the response for each key, in one statement; returns how many were claimed. A key that a
 * live row already holds (a concurrent or earlier duplicate) is not, so a count below claims.length
 * means one of them is taken; an expired row is taken over. On PostgreSQL a concurrent insert of the
 * same key waits here for the other transaction, then sees its row; the same key twice in one call
 * fails the statement there, and claims one of them on SQLite: either way the caller sees a failure.
 * Rows count as expired before the earliest claim's bound, so a row that expires between two claims'
 * clocks counts as live (the caller then claims each key alone, with its own bound).
 */
export async function claimIdempotencyKeys(db: Db, claims: readonly KeyClaim[]): Promise<number> {
  if (claims.length === 0) return 0;
  const expiredBefore = claims.reduce((earliest, claim) => (claim.expiredBefore < earliest ? claim.expiredBefore : earliest), claims[0]!.expiredBefore);
  const claimed = await db
    .insertInto("idempotencyKeys")
    .values(claims.map(({ route, key, response, createdAt }) => ({ route, key, ...response, createdAt })))
    .onConflict((conflict) =>
      conflict
        .columns(["route", "key"])
        .doUpdateSet((eb) => ({ status: eb.ref("excluded.status"), body: eb.ref("excluded.body"), createdAt: eb.ref("excluded.createdAt") }))
        .where("idempotencyKeys.createdAt", "<", expiredBefore),
    )
    .returning("key")
    .execute();
  return claimed.length;
}

/** Deletes keys older than the replay window; returns how many went. */
export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("idempotencyKeys").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
