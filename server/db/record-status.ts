import type { RecordsByCollection } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import { recordChange } from "./changes";
import { findRecords } from "./record-lists";
import type { Db } from "./schema";

/**
 * Sets a record's status and logs the change in one transaction. Returns the updated record, or
 * undefined when no record has that id. The status must already be valid for the collection.
 */
export async function updateRecordStatus<C extends Collection>(
  db: Db,
  collection: C,
  id: string,
  status: string,
  now: Date,
): Promise<RecordsByCollection[C] | undefined> {
  return db.transaction().execute(async (trx) => {
    // The three tables share id and status; the cast only widens the table name for Kysely.
    const updated = await trx
      .updateTable(collection as "leads")
      .set({ status: status as "new" })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!updated) return undefined;
    await recordChange(trx, { collection, recordId: id, op: "update", createdAt: now.toISOString() });
    const [record] = await findRecords(trx, collection, [id]);
    return record;
  });
}
