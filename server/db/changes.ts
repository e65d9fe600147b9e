import { CompiledQuery, type Transaction } from "kysely";
import { insertRows, valueLists } from "./bulk-insert";
import { COLLECTIONS, type Collection } from "../../src/domain/status";
import { isPostgres } from "./connect";
import type { ChangeOp, Db, Tables } from "./schema";

// The change log behind the live stream: one row per created or updated record, written in the same
// transaction as the record, so a change is logged if and only if it happened.

export interface Change {
  seq: number;
  collection: Collection;
  recordId: string;
  op: ChangeOp;
}

export interface NewChange {
  collection: Collection;
  recordId: string;
  op: ChangeOp;
  createdAt: string;
}

/**
 * Appends changes; call inside the records' transaction, as its last write. On PostgreSQL a lock held to
 * commit makes seq order equal commit order: without it a transaction could take seq 5, commit after
 * seq 6 was already streamed, and its change would never be sent. Taken last, the lock is held only for
 * this insert and the commit. It is a transaction-level advisory lock keyed by the table's oid (so one
 * per schema), taken inside the INSERT itself: the rows, and so their nextval(), come after it, and the
 * lock costs no round trip of its own. Reads of the table are not blocked.
 */
export async function recordChanges(trx: Transaction<Tables>, changes: readonly NewChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(({ collection, recordId, op, createdAt }) => ({ collection, recordId, op, createdAt }));
  if (!isPostgres(trx)) {
    await insertRows(trx, "changes", rows);
    return;
  }
  // Written out as text (bulk-insert.ts): this runs once per submission group.
  const text = `with locked as materialized (select pg_advisory_xact_lock('changes'::regclass::oid::bigint))
    insert into changes (collection, record_id, op, created_at)
    select v.collection, v.record_id, v.op, v.created_at from (values ${valueLists("postgres", rows.length, 4)}) as v (collection, record_id, op, created_at), locked`;
  await trx.executeQuery(CompiledQuery.raw(text, rows.flatMap(({ collection, recordId, op, createdAt }) => [collection, recordId, op, createdAt])));
}

export const recordChange = (trx: Transaction<Tables>, change: NewChange) => recordChanges(trx, [change]);

/** The record id of a change that stands for "records of this collection were deleted". */
export const REMOVAL_RECORD_ID = "*";

/**
 * Logs that records were deleted from each collection with a count above 0, so open dashboards read
 * those lists again. No record ids: after an erasure nothing may point at the person's records, not
 * even the change log.
 */
export async function recordRemovals(trx: Transaction<Tables>, deleted: Record<Collection, number>, createdAt: string): Promise<void> {
  await recordChanges(
    trx,
    COLLECTIONS.filter((collection) => deleted[collection] > 0).map((collection) => ({
      collection,
      recordId: REMOVAL_RECORD_ID,
      op: "update" as const,
      createdAt,
    })),
  );
}

export async function latestSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom("changes")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The changes after `seq`, oldest first. */
export async function changesAfter(db: Db, seq: number, limit: number): Promise<Change[]> {
  const rows = await db
    .selectFrom("changes")
    .select(["seq", "collection", "recordId", "op"])
    .where("seq", ">", seq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** Retention: a client away longer than this reloads its lists instead of replaying. */
export async function pruneChanges(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("changes").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
