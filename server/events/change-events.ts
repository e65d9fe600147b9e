import type { SSEStreamingApi } from "hono/streaming";
import type { LiveEvent, LogPosition, RecordsByCollection } from "../../src/domain/admin";
import { COLLECTIONS, type Collection } from "../../src/domain/status";
import { changesAfter, findRecords, REMOVAL_RECORD_ID, type Change, type Db } from "../db/store";

const BATCH = 500;

/**
 * Sends, in log order, the changes logged after `after`, each with its record as it reads now, and
 * returns the last position sent. A change whose record has gone is skipped (its deletion logged a removal,
 * sent as a "reload" of its collection).
 */
export async function sendChangesAfter(
  db: Db,
  stream: SSEStreamingApi,
  after: LogPosition,
): Promise<{ last: LogPosition; more: boolean; heldBack: boolean }> {
  const { changes, heldBack } = await changesAfter(db, after, BATCH);
  const records = new Map<string, RecordsByCollection[Collection]>();
  for (const collection of COLLECTIONS) {
    const ids = [
      ...new Set(changes.filter((change) => change.collection === collection).map((change) => change.recordId)),
    ];
    for (const record of await findRecords(db, collection, ids)) records.set(`${collection}:${record.id}`, record);
  }
  let last = after;
  for (const change of changes) {
    if (stream.aborted || stream.closed) break;
    const event = liveEvent(change, records.get(`${change.collection}:${change.recordId}`));
    if (event) await stream.writeSSE({ event: "change", id: change.position, data: JSON.stringify(event) });
    last = change.position;
  }
  return { last, more: changes.length === BATCH, heldBack };
}

/** What a logged change is sent as: a removal notice, the record as it reads now, or nothing (gone). */
function liveEvent(change: Change, record: RecordsByCollection[Collection] | undefined): LiveEvent | null {
  if (change.recordId === REMOVAL_RECORD_ID)
    return { position: change.position, collection: change.collection, op: "reload" };
  return record
    ? ({ position: change.position, collection: change.collection, op: change.op, record } as LiveEvent)
    : null;
}
