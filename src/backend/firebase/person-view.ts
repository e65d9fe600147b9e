import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  where,
  type Firestore,
  type QuerySnapshot,
} from "firebase/firestore";
import type { RecordsByCollection } from "../../domain/admin";
import { toE164 } from "../../domain/phone";
import type { Collection } from "../../domain/status";
import type { PersonView, RecordDetail } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { adminCall } from "./admin-errors";
import { checkDocumentId } from "./document-id";
import { PERSON_ID, personIdOf } from "./person-id";
import { toRecord } from "./records";
import {
  latestOptOut,
  personRecords,
  recordConsent,
  TIMELINE_LIMIT,
  timelineOf,
  type StoredEntry,
  type StoredRecord,
} from "./timeline";
import { eventsOf, notesOf, personDocument, personRef } from "./workspace-documents";

// The record panel's reads. A person id is a hash (person-id.ts), so the panel records which address it
// stands for in people/{id} the first time a record of that person is opened; person() reads the address
// back from there, then the person's records by email (their newsletter document by the same id), each
// record's notes and events, and their consent ledger entries. Cost: about 4 reads plus 2 per record of
// the person, plus one per entry shown.

/** The most records of one collection a person view lists: the newest. */
export const PERSON_RECORDS_LIMIT = 50;

export function personReader(db: Firestore) {
  // Addresses this page already knows the id of: one people/{id} read or write per person and page load.
  const known = new Map<string, string>();

  async function rememberPerson(stored: string): Promise<string> {
    const email = stored.trim().toLowerCase();
    const id = await personIdOf(email);
    if (known.get(id) === email) return id;
    const ref = personRef(db, id);
    if (!(await getDoc(ref)).exists()) await setDoc(ref, personDocument(email));
    known.set(id, email);
    return id;
  }

  async function emailOf(personId: string): Promise<string> {
    const cached = known.get(personId);
    if (cached) return cached;
    const email: unknown = (await getDoc(personRef(db, personId))).get("email");
    if (typeof email !== "string") throw new AdminApiError(404, "not-found", `No person ${personId}`);
    known.set(personId, email);
    return email;
  }

  const entries = (snapshot: QuerySnapshot, target: Collection, recordId: string): StoredEntry[] =>
    snapshot.docs.map((entry) => ({
      collection: target,
      recordId,
      id: entry.id,
      data: entry.data({ serverTimestamps: "estimate" }),
    }));

  const newestEvents = (target: Collection, recordId: string) =>
    getDocs(query(eventsOf(db, target, recordId), orderBy("at", "desc"), limit(TIMELINE_LIMIT)));

  return {
    async record<C extends Collection>(target: C, id: string): Promise<RecordDetail<C>> {
      checkDocumentId(id, `${target} record`);
      return adminCall(async () => {
        const snapshot = await getDoc(doc(db, target, id));
        const data = snapshot.data({ serverTimestamps: "estimate" });
        if (!data) throw new AdminApiError(404, "not-found", `No ${target} record ${id}`);
        const record: RecordsByCollection[C] = toRecord(target, id, data);
        // Only an unsubscribed subscription can have a staff opt-out newer than its consent.
        const optOut = target === "newsletter" && record.status === "unsubscribed" ? newestEvents(target, id) : null;
        const [personId, events] = await Promise.all([rememberPerson(record.email), optOut]);
        const optedOutAt = events ? latestOptOut(entries(events, target, id)) : null;
        return {
          ...record,
          personId,
          phoneE164: toE164("phone" in record ? record.phone : null),
          consent: recordConsent(target, data, optedOutAt),
        };
      });
    },

    async person(personId: string): Promise<PersonView> {
      if (!PERSON_ID.test(personId)) throw new AdminApiError(404, "not-found", `No person ${personId}`);
      return adminCall(async () => {
        const email = await emailOf(personId);
        const byEmail = (target: "leads" | "contacts") =>
          getDocs(
            query(
              collection(db, target),
              where("email", "==", email),
              orderBy("createdAt", "desc"),
              limit(PERSON_RECORDS_LIMIT),
            ),
          );
        const [leads, contacts, subscription, ledger] = await Promise.all([
          byEmail("leads"),
          byEmail("contacts"),
          // The newsletter document's id is this same hash of the address (decision 0004).
          getDoc(doc(db, "newsletter", personId)),
          getDocs(query(collection(db, "consents"), where("email", "==", email), limit(TIMELINE_LIMIT))),
        ]);
        const records: StoredRecord[] = [
          ...leads.docs.map((snapshot) => ({ collection: "leads" as const, id: snapshot.id, data: snapshot.data() })),
          ...contacts.docs.map((snapshot) => ({
            collection: "contacts" as const,
            id: snapshot.id,
            data: snapshot.data(),
          })),
          ...(subscription.exists()
            ? [{ collection: "newsletter" as const, id: subscription.id, data: subscription.data() }]
            : []),
        ];
        const perRecord = await Promise.all(
          records.map(async ({ collection: target, id }) => {
            const [notes, events] = await Promise.all([
              getDocs(query(notesOf(db, target, id), orderBy("createdAt", "desc"), limit(TIMELINE_LIMIT))),
              newestEvents(target, id),
            ]);
            return { notes: entries(notes, target, id), events: entries(events, target, id) };
          }),
        );
        return {
          person: {
            id: personId,
            email,
            records: personRecords(records).map(({ collection: target, id, type, status, createdAt }) => ({
              collection: target,
              id,
              type,
              status,
              createdAt,
            })),
          },
          timeline: timelineOf({
            records,
            notes: perRecord.flatMap((each) => each.notes),
            events: perRecord.flatMap((each) => each.events),
            consents: ledger.docs.map((entry) => entry.data()),
          }),
        };
      });
    },
  };
}
