import type { Auth } from "firebase/auth";
import {
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  collection as collectionOf,
  runTransaction,
  serverTimestamp,
  where,
  type DocumentData,
  type Firestore,
} from "firebase/firestore";
import type { RecordsByCollection } from "../../domain/admin";
import { NEWSLETTER_STAFF_STATUSES, type Collection } from "../../domain/status";
import { BULK_MAX, isOwnedCollection, type RecordChangeRequest } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { adminCall, toAdminError, validationError } from "./admin-errors";
import { STATUSES } from "./collection-query";
import { checkDocumentId, isDocumentId } from "./document-id";
import { toRecord } from "./records";
import type { StaffDirectory } from "./staff-directory";
import { signedInStaff, type StaffSession } from "./staff-session";
import { assignedEvent, eventsOf, statusChangedEvent } from "./workspace-documents";

// A status, an owner or both set on one record or many, as staff: each record, its timeline entries
// (events subcollection) and the speed-to-lead clock written together in one transaction, which reads
// the records first so that "from" is what they held and firstResponseAt is set only the first time a
// record leaves "new". firestore.rules insists on that clock and on who wrote each entry.
//
// A Firestore transaction takes at most 500 writes (FIRESTORE_WRITE_LIMIT), so a bulk change of more
// records than fit is several transactions, one after another: each is all or nothing, the whole is not.
// Every id is checked to exist before the first is written, so an unknown id changes nothing.

/** The most writes the Firestore SDK allows in one transaction or batch. */
export const FIRESTORE_WRITE_LIMIT = 500;

/** The ids one `in` query takes. */
const IN_QUERY_LIMIT = 30;

export interface ChangeContext {
  db: Firestore;
  auth: Auth;
  staff: StaffDirectory;
  /** The most writes one transaction takes: FIRESTORE_WRITE_LIMIT (tests lower it to cross it with a few records). */
  writeLimit: number;
  /** A record may have had its first response: the median on the count cards is stale. */
  onResponded?: () => void;
}

const settableStatuses = (target: Collection): readonly string[] =>
  target === "newsletter" ? NEWSLETTER_STAFF_STATUSES : STATUSES[target];

/** The change as the server checks it (server/workspace/change-request.ts): each error names its field. */
async function checkChange(
  context: ChangeContext,
  target: Collection,
  { status, owner }: RecordChangeRequest,
): Promise<RecordChangeRequest> {
  const settable = settableStatuses(target);
  if (status === undefined && owner === undefined) {
    throw validationError(
      isOwnedCollection(target)
        ? "status: send a status, an owner or both"
        : `status: use one of ${settable.join(", ")}`,
    );
  }
  if (status !== undefined && !settable.includes(status))
    throw validationError(`status: use one of ${settable.join(", ")}`);
  if (owner === undefined) return { status };
  if (!isOwnedCollection(target)) throw validationError(`owner: ${target} records have no owner`);
  if (owner === null) return { ...(status !== undefined && { status }), owner: null };
  const staffEmail = typeof owner === "string" ? await context.staff.find(owner) : null;
  if (!staffEmail) throw validationError("owner: choose a staff account");
  return { ...(status !== undefined && { status }), owner: staffEmail };
}

/** Writes per record: the record, and one timeline entry per field that may change. */
const writesPerRecord = (change: RecordChangeRequest) =>
  1 + (change.status !== undefined ? 1 : 0) + (change.owner !== undefined ? 1 : 0);

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

class MissingRecords extends Error {
  constructor(readonly ids: string[]) {
    super(`missing: ${ids.join(", ")}`);
  }
}

function missingError(target: Collection, ids: readonly string[]): AdminApiError {
  const named = ids.slice(0, 5).join(", ");
  const more = ids.length > 5 ? ` and ${ids.length - 5} more` : "";
  return validationError(`ids: no ${target} record has the id ${named}${more}; nothing was changed`);
}

/** The ids of `ids` that name no record (one read per record that exists, in queries of 30). */
async function missingIds(db: Firestore, target: Collection, ids: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const parts = chunks(ids, IN_QUERY_LIMIT);
  const pages = await Promise.all(
    parts.map((part) => getDocs(query(collectionOf(db, target), where(documentId(), "in", part)))),
  );
  for (const page of pages) for (const snapshot of page.docs) found.add(snapshot.id);
  return ids.filter((id) => !found.has(id));
}

/** What one record's document gets: the change, and the first-response time if this is its first. */
function recordUpdate(target: Collection, before: DocumentData, change: RecordChangeRequest): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  if (change.status !== undefined) update.status = change.status;
  if (change.owner !== undefined) update.owner = change.owner;
  const leavesNew = change.status !== undefined && change.status !== "new" && before.status === "new";
  if (isOwnedCollection(target) && leavesNew && (before.firstResponseAt ?? null) === null)
    update.firstResponseAt = serverTimestamp();
  return update;
}

/** One transaction: reads `ids`, then writes each record and its timeline entries. Resolves to whether a first response was set. */
function applyInTransaction(
  db: Firestore,
  target: Collection,
  ids: readonly string[],
  change: RecordChangeRequest,
  staff: StaffSession,
): Promise<boolean> {
  return runTransaction(db, async (transaction) => {
    const refs = ids.map((id) => doc(db, target, id));
    const snapshots = await Promise.all(refs.map((ref) => transaction.get(ref)));
    const missing = snapshots.filter((snapshot) => !snapshot.exists()).map((snapshot) => snapshot.id);
    if (missing.length > 0) throw new MissingRecords(missing);
    let responded = false;
    for (const snapshot of snapshots) {
      const before = snapshot.data() ?? {};
      const update = recordUpdate(target, before, change);
      if ("firstResponseAt" in update) responded = true;
      transaction.update(snapshot.ref, update);
      const events = eventsOf(db, target, snapshot.id);
      const fromStatus = typeof before.status === "string" ? before.status : "";
      if (change.status !== undefined && change.status !== fromStatus) {
        transaction.set(doc(events), statusChangedEvent(fromStatus, change.status, staff, serverTimestamp()));
      }
      const fromOwner = typeof before.owner === "string" ? before.owner : null;
      if (change.owner !== undefined && change.owner !== fromOwner) {
        transaction.set(doc(events), assignedEvent(fromOwner, change.owner, staff, serverTimestamp()));
      }
    }
    return responded;
  });
}

/**
 * Applies a checked change to the records `ids`, transaction by transaction. Throws
 * MissingRecords, before anything is written, when an id names no record.
 */
async function applyChange(
  context: ChangeContext,
  target: Collection,
  ids: readonly string[],
  change: RecordChangeRequest,
): Promise<number> {
  const staff = signedInStaff(context.auth);
  const parts = chunks(ids, Math.max(1, Math.floor(context.writeLimit / writesPerRecord(change))));
  if (parts.length > 1) {
    const missing = await missingIds(context.db, target, ids);
    if (missing.length > 0) throw new MissingRecords(missing);
  }
  let updated = 0;
  for (const part of parts) {
    try {
      if (await applyInTransaction(context.db, target, part, change, staff)) context.onResponded?.();
    } catch (error) {
      if (updated === 0) throw error;
      // Earlier transactions are committed; say so rather than claim all or nothing.
      const failure = toAdminError(error);
      throw new AdminApiError(
        failure.status,
        "bulk-partly-applied",
        `${updated} of ${ids.length} records were changed before this failed: ${failure.message}`,
      );
    }
    updated += part.length;
  }
  return updated;
}

/**
 * The same change to distinct records `ids` (1 to BULK_MAX); resolves to how many. Refused as a whole,
 * nothing written, when the change is invalid or an id names no record (400, naming it).
 */
export async function changeRecords(
  context: ChangeContext,
  target: Collection,
  ids: readonly string[],
  requested: RecordChangeRequest,
): Promise<number> {
  if (ids.length === 0) throw validationError("ids: send at least one id");
  if (ids.length > BULK_MAX) throw validationError(`ids: at most ${BULK_MAX.toLocaleString("en")} ids`);
  if (new Set(ids).size !== ids.length) throw validationError("ids: each id once");
  for (const id of ids) if (!isDocumentId(id)) throw missingError(target, [id]);
  const change = await checkChange(context, target, requested);
  return adminCall(async () => {
    try {
      return await applyChange(context, target, ids, change);
    } catch (error) {
      throw error instanceof MissingRecords ? missingError(target, error.ids) : error;
    }
  });
}

/** One record's change, answered with the record as it now is (PATCH); 404 when there is no such record. */
export async function changeRecord<C extends Collection>(
  context: ChangeContext,
  target: C,
  id: string,
  requested: RecordChangeRequest,
): Promise<RecordsByCollection[C]> {
  checkDocumentId(id, `${target} record`);
  const change = await checkChange(context, target, requested);
  const notFound = () => new AdminApiError(404, "not-found", `No ${target} record ${id}`);
  return adminCall(async () => {
    try {
      await applyChange(context, target, [id], change);
    } catch (error) {
      throw error instanceof MissingRecords ? notFound() : error;
    }
    const snapshot = await getDoc(doc(context.db, target, id));
    const data = snapshot.data({ serverTimestamps: "estimate" });
    if (!data) throw notFound();
    return toRecord(target, snapshot.id, data);
  });
}
