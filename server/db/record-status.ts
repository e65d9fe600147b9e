import type { Transaction } from "kysely";
import type { RecordsByCollection } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import { recordChange } from "./changes";
import { findRecords } from "./record-lists";
import type { Db, Tables } from "./schema";

export interface StatusUpdate<C extends Collection> {
  record: RecordsByCollection[C];
  previousStatus: string;
}

/**
 * Sets a record's status and logs the change in one transaction; `afterUpdate` runs in it too (an
 * unsubscribe's consent withdrawal). Returns the updated record and the status it had, or undefined
 * when no record has that id. The status must already be valid for the collection.
 */
export async function updateRecordStatus<C extends Collection>(
  db: Db,
  collection: C,
  id: string,
  status: string,
  now: Date,
  afterUpdate?: (trx: Transaction<Tables>, update: StatusUpdate<C>) => Promise<void>,
): Promise<StatusUpdate<C> | undefined> {
  return db.transaction().execute(async (trx) => {
    // The three tables share id and status; the casts only widen the table name for Kysely.
    const before = await trx
      .selectFrom(collection as "leads")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable(collection as "leads")
      .set({ status: status as "new", statusChangedAt: now.toISOString() })
      .where("id", "=", id)
      .execute();
    const [record] = await findRecords(trx, collection, [id]);
    if (!record) return undefined;
    const update = { record, previousStatus: before.status };
    await afterUpdate?.(trx, update);
    // Last: on PostgreSQL it takes the change log's lock, held until the commit.
    await recordChange(trx, { collection, recordId: id, op: "update", createdAt: now.toISOString() });
    return update;
  });
}
