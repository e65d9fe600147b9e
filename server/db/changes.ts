import { sql, type Transaction } from "kysely";
import { logPosition, parseLogPosition, type LogPosition } from "../../src/domain/admin";
import { insertRows } from "./bulk-insert";
import { COLLECTIONS, type Collection } from "../../src/domain/status";
import { isPostgres } from "./connect";
import type { ChangeOp, Db, Tables } from "./schema";

// The change log behind the live stream: one row per created or updated record, written in the same
// transaction as the record, so a change is logged if and only if it happened.
//
// A change's place in the log (its LogPosition) is (transaction, seq). On SQLite the one writer commits
// in seq order and the transaction part is 0. On PostgreSQL concurrent transactions take seqs in one
// order and commit in another, so a reader that had sent seq 6 could later find a committed seq 5. So
// there the rows are ordered by the id of the transaction that wrote them (tx_id, migration 0005), and
// a reader only takes rows whose transaction is older than every transaction still running
// (pg_snapshot_xmin): no row can appear before those any more. Writers take no lock for this, so
// PostgreSQL can flush several commits at once (docs/decisions/0012-change-log-in-transaction-order.md).

export interface Change {
  position: LogPosition;
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

/** Before every change: a stream from here sends the whole log. */
export const LOG_START = logPosition(0, 0);

/** Appends changes; call inside the records' transaction. */
export async function recordChanges(trx: Transaction<Tables>, changes: readonly NewChange[]): Promise<void> {
  if (changes.length === 0) return;
  await insertRows(
    trx,
    "changes",
    changes.map(({ collection, recordId, op, createdAt }) => ({ collection, recordId, op, createdAt })),
  );
}

export const recordChange = (trx: Transaction<Tables>, change: NewChange) => recordChanges(trx, [change]);

/** The record id of a change that stands for "records of this collection were deleted". */
export const REMOVAL_RECORD_ID = "*";

/**
 * Logs that records were deleted from each collection with a count above 0, so open dashboards read
 * those lists again. No record ids: after an erasure nothing may point at the person's records, not
 * even the change log.
 */
export async function recordRemovals(
  trx: Transaction<Tables>,
  deleted: Record<Collection, number>,
  createdAt: string,
): Promise<void> {
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

/**
 * The position of the last change a reader can take now: every change after it is either not yet
 * committed or not yet settled (on PostgreSQL, written by a transaction that is not older than every
 * running one). A list read after this call holds every change up to it.
 */
export async function latestPosition(db: Db): Promise<LogPosition> {
  if (!isPostgres(db)) {
    const row = await db
      .selectFrom("changes")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .executeTakeFirst();
    return logPosition(0, Number(row?.seq ?? 0));
  }
  const { rows } = await sql<{ tx: string; seq: string }>`
    select tx_id::text as tx, seq from changes
    where tx_id < pg_snapshot_xmin(pg_current_snapshot())
    order by tx_id desc, seq desc limit 1`.execute(db);
  const last = rows[0];
  return last ? logPosition(last.tx, last.seq) : LOG_START;
}

export interface ChangesAfter {
  /** Oldest first. */
  changes: Change[];
  /** PostgreSQL: committed changes after these that are not settled yet; read again shortly. */
  heldBack: boolean;
}

/** Up to `limit` changes after `after`, oldest first. */
export async function changesAfter(db: Db, after: LogPosition, limit: number): Promise<ChangesAfter> {
  const from = parseLogPosition(after);
  if (!from) throw new Error(`Not a log position: ${after}`);
  if (!isPostgres(db)) {
    const rows = await db
      .selectFrom("changes")
      .select(["seq", "collection", "recordId", "op"])
      .where("seq", ">", Number(from.sequence))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return {
      changes: rows.map((row) => ({
        position: logPosition(0, row.seq),
        collection: row.collection,
        recordId: row.recordId,
        op: row.op,
      })),
      heldBack: false,
    };
  }
  // Rows come in transaction order, so the settled ones are a prefix: the first unsettled row's
  // transaction, and every later one, is no older than the oldest running transaction.
  const { rows } = await sql<{
    tx: string;
    seq: string;
    collection: Collection;
    recordId: string;
    op: ChangeOp;
    settled: boolean;
  }>`
    select tx_id::text as tx, seq, collection, record_id, op, tx_id < pg_snapshot_xmin(pg_current_snapshot()) as settled
    from changes
    where (tx_id, seq) > (${from.transaction.toString()}::xid8, ${from.sequence.toString()}::bigint)
    order by tx_id, seq
    limit ${limit}`.execute(db);
  const settled = rows.findIndex((row) => !row.settled);
  const taken = settled === -1 ? rows : rows.slice(0, settled);
  return {
    changes: taken.map(({ tx, seq, collection, recordId, op }) => ({
      position: logPosition(tx, seq),
      collection,
      recordId,
      op,
    })),
    heldBack: taken.length < rows.length,
  };
}

/** Retention: a client away longer than this reloads its lists instead of replaying. */
export async function pruneChanges(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("changes").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
