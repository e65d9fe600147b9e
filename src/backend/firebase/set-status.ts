import { doc, getDoc, updateDoc, type Firestore } from "firebase/firestore";
import type { RecordsByCollection } from "../../domain/admin";
import { NEWSLETTER_STAFF_STATUSES, type Collection } from "../../domain/status";
import { AdminApiError } from "../admin-port";
import { adminCall, validationError } from "./admin-errors";
import { STATUSES } from "./collection-query";
import { toRecord } from "./records";

/** Writes the single field `status` (all firestore.rules lets staff change), then reads the record back. */
export async function setRecordStatus<C extends Collection>(db: Firestore, target: C, id: string, status: string): Promise<RecordsByCollection[C]> {
  const settable: readonly string[] = target === "newsletter" ? NEWSLETTER_STAFF_STATUSES : STATUSES[target];
  if (!settable.includes(status)) throw validationError(`status: use one of ${settable.join(", ")}`);
  const ref = doc(db, target, id);
  return adminCall(async () => {
    await updateDoc(ref, { status });
    const snapshot = await getDoc(ref);
    const data = snapshot.data({ serverTimestamps: "estimate" });
    if (!data) throw new AdminApiError(404, "not-found", `No ${target} record ${id}`);
    return toRecord(target, snapshot.id, data);
  });
}
