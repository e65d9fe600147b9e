import { CompiledQuery } from "kysely";
import { insertQuery, placeholdersOf } from "./bulk-insert";
import type { Db } from "./schema";

// The ledger behind the Idempotency-Key header: one row per (route, key), kept for a day.

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyScope {
  route: string;
  key: string;
  /** The request the key is sent with (http/request-fingerprint.ts): the same key with another is refused. */
  fingerprint: string;
  /**
   * How long the key holds, in ms: a day (IDEMPOTENCY_WINDOW_MS) when omitted. A form posted without
   * JavaScript gets a key made from the request itself, held for minutes only (decision 0027).
   */
  windowMs?: number;
}

/** A key's row: the answer to replay, and the request it answers (null on rows older than migration 0007). */
export interface StoredKey extends StoredResponse {
  fingerprint: string | null;
}

/** The key was first used with another request: answered 422, nothing stored. */
export const isReusedFor = (stored: StoredKey, { fingerprint }: IdempotencyScope): boolean =>
  stored.fingerprint !== null && stored.fingerprint !== fingerprint;

// Every submission with a key runs this first: SQL text, not built by Kysely each time (bulk-insert.ts).
const FIND_STORED_RESPONSE = {
  sqlite:
    'select "status", "body", "fingerprint" from "idempotency_keys" where "route" = ? and "key" = ? and "created_at" >= ?',
  postgres:
    'select "status", "body", "fingerprint" from "idempotency_keys" where "route" = $1 and "key" = $2 and "created_at" >= $3',
};

export async function findStoredResponse(
  db: Db,
  { route, key }: IdempotencyScope,
  notBefore: string,
): Promise<StoredKey | undefined> {
  const { rows } = await db.executeQuery<StoredKey>(
    CompiledQuery.raw(FIND_STORED_RESPONSE[placeholdersOf(db)], [route, key, notBefore]),
  );
  return rows[0];
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
  const expiredBefore = claims.reduce(
    (earliest, claim) => (claim.expiredBefore < earliest ? claim.expiredBefore : earliest),
    claims[0]!.expiredBefore,
  );
  // One statement per group: written out (bulk-insert.ts), as Kysely's building of it was a profiled cost.
  const query = insertQuery(
    placeholdersOf(db),
    "idempotencyKeys",
    claims.map(({ route, key, fingerprint, response, createdAt }) => ({
      route,
      key,
      status: response.status,
      body: response.body,
      createdAt,
      fingerprint,
    })),
    {
      key: "claim",
      text: (next) =>
        `on conflict ("route", "key") do update set "status" = "excluded"."status", "body" = "excluded"."body", "created_at" = "excluded"."created_at", "fingerprint" = "excluded"."fingerprint" where "idempotency_keys"."created_at" < ${next(0)} returning "key"`,
      parameters: [expiredBefore],
    },
  )!; // never null: every claim has the same six keys, none undefined
  const { rows: claimed } = await db.executeQuery(query);
  return claimed.length;
}

/** Deletes keys older than the replay window; returns how many went. */
export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("idempotencyKeys").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
