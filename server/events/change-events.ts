import type { SSEStreamingApi } from "hono/streaming";
import type { LiveEvent, RecordsByCollection } from "../../src/domain/admin";
import { COLLECTIONS, type Collection } from "../../src/domain/status";
import { changesAfter, REMOVAL_RECORD_ID, type Change } from "../db/changes";
import { findRecords } from "../db/record-lists";
import type { Db } from "../db/schema";

const BATCH = 500;

/**
 * Sends, in seq order, the changes logged after `afterSeq`, each with its record as it reads now, and
 * returns the last seq sent. A change whose record has gone is skipped (its deletion logged a removal,
 * sent as a "reload" of its collection).
 */
export async function sendChangesAfter(db: Db, stream: SSEStreamingApi, afterSeq: number): Promise<{ lastSeq: number; more: boolean }> {
  const changes = await changesAfter(db, afterSeq, BATCH);
  const records = new Map<string, RecordsByCollection[Collection]>();
  for (const collection of COLLECTIONS) {
    const ids = [...new Set(changes.filter((change) => change.collection === collection).map((change) => change.recordId))];
    for (const record of await findRecords(db, collection, ids)) records.set(`${collection}:${record.id}`, record);
  }
  let lastSeq = afterSeq;
  for (const change of changes) {
    if (stream.aborted || stream.closed) break;
    const event = liveEvent(change, records.get(`${change.collection}:${change.recordId}`));
    if (event) await stream.writeSSE({ event: "change", id: String(change.seq), data: JSON.stringify(event) });
    lastSeq = change.seq;
  }
  return { lastSeq, more: changes.length === BATCH };
}

/** What a logged change is sent as: a removal notice, the record as it reads now, or nothing (gone). */
function liveEvent(change: Change, record: RecordsByCollection[Collection] | undefined): LiveEvent | null {
  if (change.recordId === REMOVAL_RECORD_ID) return { seq: change.seq, collection: change.collection, op: "reload" };
  return record ? ({ seq: change.seq, collection: change.collection, op: change.op, record } as LiveEvent) : null;
}
