import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordsByCollection } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import { isOwnedCollection, type RecordChangeRequest } from "../../src/domain/workspace";
import { insertRows } from "./bulk-insert";
import { recordChanges } from "./changes";
import { isPostgres } from "./connect";
import { findRecords } from "./record-lists";
import type { Tables } from "./schema";
import { workspaceEventRow, type NewWorkspaceEvent } from "./workspace-events";

// A status, an owner or both set on one record or many (a bulk change), in the caller's transaction:
// the rows, the speed-to-lead clock, a timeline entry per record and field that changed, and a
// change-log row per record for the live stream. The caller has checked the values; an id that matches
// no record changes nothing at all.

/** What a record held before the change. */
export interface RecordBefore {
  id: string;
  email: string;
  status: string;
  /** Always null on newsletter records, which have no owner. */
  owner: string | null;
}

export interface ChangedRecord<C extends Collection> {
  record: RecordsByCollection[C];
  before: RecordBefore;
}

export type ChangeOutcome<C extends Collection> =
  { ok: true; changed: ChangedRecord<C>[] } | { ok: false; missing: string[] };

// One of three tables chosen at run time (see record-lists.ts); rows are typed again below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTrx = Kysely<any>;

async function lockBefore(
  trx: Transaction<Tables>,
  collection: Collection,
  ids: readonly string[],
): Promise<RecordBefore[]> {
  const columns = isOwnedCollection(collection) ? ["id", "email", "status", "owner"] : ["id", "email", "status"];
  // In id order, so two bulk changes over the same records lock them in the same order (no deadlock).
  let query = (trx as unknown as AnyTrx)
    .selectFrom(collection as string)
    .select(columns)
    .where("id", "in", [...ids])
    .orderBy("id");
  // Concurrent changes of one record take turns, so each sees the other's result as its "before".
  if (isPostgres(trx)) query = query.forUpdate();
  const rows = (await query.execute()) as (Omit<RecordBefore, "owner"> & { owner?: string | null })[];
  return rows.map((row) => ({ id: row.id, email: row.email, status: row.status, owner: row.owner ?? null }));
}

/**
 * Applies `change` to every record of `ids` (distinct; at least one), as `actor` at `now`. `firstResponseAt`
 * is set on a lead or contact leaving "new" for the first time, and never overwritten.
 */
export async function changeRecords<C extends Collection>(
  trx: Transaction<Tables>,
  collection: C,
  ids: readonly string[],
  change: RecordChangeRequest,
  actor: string,
  now: Date,
): Promise<ChangeOutcome<C>> {
  const at = now.toISOString();
  const before = await lockBefore(trx, collection, ids);
  if (before.length < ids.length) {
    const found = new Set(before.map((row) => row.id));
    return { ok: false, missing: ids.filter((id) => !found.has(id)) };
  }
  const set: Record<string, unknown> = {};
  if (change.status !== undefined) {
    set.status = change.status;
    set.statusChangedAt = at;
    // The right-hand sides read the row as it was, so `status` here is the status before this change.
    if (isOwnedCollection(collection) && change.status !== "new") {
      set.firstResponseAt = sql`case when first_response_at is null and status = 'new' then ${at} else first_response_at end`;
    }
  }
  if (change.owner !== undefined) set.owner = change.owner;
  await (trx as unknown as AnyTrx)
    .updateTable(collection as string)
    .set(set)
    .where("id", "in", [...ids])
    .execute();

  const events: NewWorkspaceEvent[] = [];
  for (const row of before) {
    const about = { email: row.email, collection, recordId: row.id, actor, at };
    if (change.status !== undefined && change.status !== row.status)
      events.push({ ...about, kind: "status-changed", details: { from: row.status, to: change.status } });
    if (change.owner !== undefined && change.owner !== row.owner)
      events.push({ ...about, kind: "assigned", details: { from: row.owner, to: change.owner } });
  }
  await insertRows(trx, "workspaceEvents", events.map(workspaceEventRow));
  await recordChanges(
    trx,
    ids.map((recordId) => ({ collection, recordId, op: "update" as const, createdAt: at })),
  );
  const records = new Map((await findRecords(trx, collection, ids)).map((record) => [record.id, record]));
  return { ok: true, changed: before.map((row) => ({ record: records.get(row.id)!, before: row })) };
}
