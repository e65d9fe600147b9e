import { doc, getDoc, runTransaction, serverTimestamp, type DocumentSnapshot } from "firebase/firestore";
import type { Collection } from "../../domain/status";
import { isOwnedCollection, NOTE_MAX_LENGTH, type Note } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { adminCall, validationError } from "./admin-errors";
import { checkDocumentId } from "./document-id";
import type { ChangeContext } from "./record-changes";
import { isoTime } from "./records";
import { signedInStaff } from "./staff-session";
import { eventsOf, noteDeletedEvent, noteDeletedEventId, noteDocument, notesOf } from "./workspace-documents";

// Staff notes, a subcollection of their record: create-only, deleted only by their author within
// NOTE_DELETE_WINDOW_MS (the rules compare with the server's clock), which leaves a "note-deleted" entry
// in the record's timeline. Each write also touches the record's `activityAt`, so other dashboards'
// listeners see the record change and read its timeline again; the first note of a lead or contact
// starts its speed-to-lead clock, in the same transaction.

function toNote(target: Collection, recordId: string, snapshot: DocumentSnapshot): Note {
  const data = snapshot.data({ serverTimestamps: "estimate" }) ?? {};
  return {
    id: snapshot.id,
    collection: target,
    recordId,
    body: typeof data.body === "string" ? data.body : "",
    author: typeof data.author === "string" ? data.author : "",
    createdAt: isoTime(data.createdAt) ?? "",
  };
}

export async function addNote(
  context: ChangeContext,
  target: Collection,
  recordId: string,
  body: string,
): Promise<Note> {
  checkDocumentId(recordId, `${target} record`);
  const text = body.trim();
  if (text.length === 0) throw validationError("body: required");
  if (text.length > NOTE_MAX_LENGTH)
    throw validationError(`body: at most ${NOTE_MAX_LENGTH.toLocaleString("en")} characters`);
  const author = signedInStaff(context.auth);
  const { db } = context;
  const recordRef = doc(db, target, recordId);
  const noteRef = doc(notesOf(db, target, recordId));
  return adminCall(async () => {
    const responded = await runTransaction(db, async (transaction) => {
      const record = await transaction.get(recordRef);
      if (!record.exists()) throw new AdminApiError(404, "not-found", `No ${target} record ${recordId}`);
      transaction.set(noteRef, noteDocument(text, author, serverTimestamp()));
      const touch: Record<string, unknown> = { activityAt: serverTimestamp() };
      const first = isOwnedCollection(target) && (record.get("firstResponseAt") ?? null) === null;
      if (first) touch.firstResponseAt = serverTimestamp();
      transaction.update(recordRef, touch);
      return first;
    });
    if (responded) context.onResponded?.();
    return toNote(target, recordId, await getDoc(noteRef));
  });
}

/** Only its author, within NOTE_DELETE_WINDOW_MS of writing it: otherwise the rules refuse (403). */
export async function deleteNote(context: ChangeContext, note: Note): Promise<void> {
  checkDocumentId(note.recordId, `${note.collection} record`);
  checkDocumentId(note.id, "note");
  const staff = signedInStaff(context.auth);
  const { db } = context;
  const recordRef = doc(db, note.collection, note.recordId);
  const noteRef = doc(notesOf(db, note.collection, note.recordId), note.id);
  const eventRef = doc(eventsOf(db, note.collection, note.recordId), noteDeletedEventId(note.id));
  await adminCall(() =>
    runTransaction(db, async (transaction) => {
      const stored = await transaction.get(noteRef);
      if (!stored.exists()) throw new AdminApiError(404, "not-found", `No note ${note.id}`);
      if (stored.get("authorUid") !== staff.uid)
        throw new AdminApiError(403, "forbidden", "Only a note's author may delete it.");
      transaction.delete(noteRef);
      transaction.set(eventRef, noteDeletedEvent(note.id, staff, serverTimestamp()));
      transaction.update(recordRef, { activityAt: serverTimestamp() });
    }),
  );
}
