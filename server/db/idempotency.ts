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

/**
 * Records the response for a key. Returns false when a live row already holds the key (a concurrent
 * or earlier duplicate); an expired row is taken over. On PostgreSQL a concurrent insert of the same
 * key waits here for the other transaction, then sees its row.
 */
export async function claimIdempotencyKey(
  db: Db,
  { route, key }: IdempotencyScope,
  response: StoredResponse,
  createdAt: string,
  expiredBefore: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto("idempotencyKeys")
    .values({ route, key, ...response, createdAt })
    .onConflict((conflict) =>
      conflict
        .columns(["route", "key"])
        .doUpdateSet({ ...response, createdAt })
        .where("idempotencyKeys.createdAt", "<", expiredBefore),
    )
    .returning("key")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Deletes keys older than the replay window; returns how many went. */
export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("idempotencyKeys").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
