import { claimIdempotencyKey, findStoredResponse, type IdempotencyScope, type StoredResponse } from "./idempotency";
import type { Transaction } from "kysely";
import type { Db, Tables } from "./schema";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface StoreOptions {
  idempotency: IdempotencyScope | null;
  now: Date;
}

export interface StoreOutcome {
  response: StoredResponse;
  replayed: boolean;
}

/** Thrown inside the transaction to roll back the record when the key turns out to be taken. */
class KeyTaken extends Error {}

export const idempotencyWindowStart = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();

/**
 * Writes a submission and its idempotency key in ONE transaction, so a crash cannot keep the record
 * without the key (a retry would store it twice) or the key without the record (a retry would get a
 * 201 for nothing). If another request already holds the key, this one's record is rolled back and
 * the stored response is returned instead.
 */
export async function storeSubmission(
  db: Db,
  { idempotency, now }: StoreOptions,
  write: (trx: Transaction<Tables>) => Promise<StoredResponse>,
): Promise<StoreOutcome> {
  const windowStart = idempotencyWindowStart(now);
  try {
    const response = await db.transaction().execute(async (trx) => {
      const response = await write(trx);
      if (idempotency && !(await claimIdempotencyKey(trx, idempotency, response, now.toISOString(), windowStart))) {
        throw new KeyTaken();
      }
      return response;
    });
    return { response, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken) || !idempotency) throw error;
    const stored = await findStoredResponse(db, idempotency, windowStart);
    if (!stored) throw new Error("Idempotency key was taken but its response is gone");
    return { response: stored, replayed: true };
  }
}

