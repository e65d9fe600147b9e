import type { RecordsByCollection } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import type { RecordDetail } from "../../src/domain/workspace";
import { findRecords } from "./record-lists";
import type { Db } from "./schema";

/** The latest consent given or withdrawn with one record, as the record panel shows it. */
export type RecordConsent = RecordDetail["consent"];

/** The latest consent tied to a record, unexecuted (its plan is checked: timeline-plans.test.ts). */
export const recordConsentQuery = (db: Db, collection: Collection, id: string, email: string) =>
  db
    .selectFrom("consents")
    .select(["purpose", "action", "createdAt", "source"])
    // By email first: consents_email_idx narrows it to the person's few rows.
    .where("email", "=", email)
    .where("recordCollection", "=", collection)
    .where("recordId", "=", id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1);

/**
 * One record and the latest consent tied to it, plus whatever `alongside` reads from the record (its
 * person, say), read at the same time as the consent; undefined when there is no such record.
 */
export async function findRecordWithConsent<C extends Collection, A = undefined>(
  db: Db,
  collection: C,
  id: string,
  alongside?: (record: RecordsByCollection[C]) => Promise<A>,
): Promise<{ record: RecordsByCollection[C]; consent: RecordConsent; alongside: A } | undefined> {
  const [record] = await findRecords(db, collection, [id]);
  if (!record) return undefined;
  const [consent, more] = await Promise.all([
    recordConsentQuery(db, collection, id, record.email).executeTakeFirst(),
    alongside ? alongside(record) : (undefined as A),
  ]);
  return {
    record,
    consent: consent
      ? { purpose: consent.purpose, action: consent.action, at: consent.createdAt, source: consent.source }
      : null,
    alongside: more,
  };
}
