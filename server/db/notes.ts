import type { Transaction } from "kysely";
import type { Collection } from "../../src/domain/status";
import { isOwnedCollection, type Note } from "../../src/domain/workspace";
import { recordChange } from "./changes";
import { enqueueWebhookEvents } from "./webhooks";
import { newRecordId } from "./record-id";
import type { Db, Tables } from "./schema";
import { workspaceEventRow } from "./workspace-events";
import type { NotesTable } from "./workspace-schema";

// Staff notes on a record. A note is kept whole until its author deletes it; a deleted note leaves
// only a "note-deleted" timeline entry (who, when, which note), never its words.

type Trx = Transaction<Tables>;

const toNote = ({ id, collection, recordId, body, author, createdAt }: NotesTable): Note => ({
  id,
  collection,
  recordId,
  body,
  author,
  createdAt,
});

/**
 * Adds a note to a record, in the caller's transaction: undefined when the record does not exist. The
 * first note of a lead or contact starts its speed-to-lead clock if nothing did before.
 */
export async function addNote(
  trx: Trx,
  collection: Collection,
  recordId: string,
  { body, author, now }: { body: string; author: string; now: Date },
): Promise<Note | undefined> {
  const record = await trx
    .selectFrom(collection as "leads")
    .select("email")
    .where("id", "=", recordId)
    .executeTakeFirst();
  if (!record) return undefined;
  const at = now.toISOString();
  const row: NotesTable = {
    id: newRecordId(now.getTime()),
    collection,
    recordId,
    email: record.email,
    body,
    author,
    createdAt: at,
  };
  await trx.insertInto("notes").values(row).execute();
  if (isOwnedCollection(collection)) {
    await trx
      .updateTable(collection)
      .set({ firstResponseAt: at })
      .where("id", "=", recordId)
      .where("firstResponseAt", "is", null)
      .execute();
  }
  const note = toNote(row);
  await enqueueWebhookEvents(
    trx,
    [{ type: "note.created", collection, recordId, email: record.email, change: { note } }],
    at,
  );
  // The record itself is unchanged, but open panels learn from its change that its timeline grew.
  await recordChange(trx, { collection, recordId, op: "update", createdAt: at });
  return note;
}

export async function findNote(db: Db | Trx, id: string): Promise<Note | undefined> {
  const row = await db.selectFrom("notes").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toNote(row);
}

/** Deletes a note, leaving its "note-deleted" entry and a change of its record; false when it was already gone. */
export async function deleteNote(trx: Trx, note: Note, { by, now }: { by: string; now: Date }): Promise<boolean> {
  const deleted = await trx.deleteFrom("notes").where("id", "=", note.id).returning("email").executeTakeFirst();
  if (!deleted) return false;
  const at = now.toISOString();
  await trx
    .insertInto("workspaceEvents")
    .values(
      workspaceEventRow({
        email: deleted.email,
        collection: note.collection,
        recordId: note.recordId,
        kind: "note-deleted",
        actor: by,
        details: { noteId: note.id },
        at,
      }),
    )
    .execute();
  await recordChange(trx, { collection: note.collection, recordId: note.recordId, op: "update", createdAt: at });
  return true;
}
