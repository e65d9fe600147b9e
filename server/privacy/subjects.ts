import type { ErasureResult, SubjectRecords } from "../../src/domain/privacy";
import type { ConsentRecord } from "../../src/domain/privacy";
import {
  appendAudit,
  eraseSubjectRows,
  isSuppressed,
  recordRemovals,
  subjectRows,
  suppress,
  toContactRecord,
  toLeadRecord,
  toNewsletterRecord,
  type Db,
  type RequestContext,
} from "../db/store";
import { emailHash, type PrivacyKeys } from "./keys";

/** Who asked, for the audit entry. */
export interface Actor extends RequestContext {
  email: string;
}

/**
 * What the Privacy tab lists for an address. Audited like the export (a look-up shows personal data
 * too), the address kept only as its keyed hash.
 */
export async function findSubject(
  db: Db,
  keys: PrivacyKeys,
  email: string,
  actor: Actor,
  now: Date,
): Promise<SubjectRecords> {
  const rows = await subjectRows(db, email);
  await appendAudit(db, {
    actor: actor.email,
    action: "subject.lookup",
    details: {
      emailHash: emailHash(keys, email),
      rows: rows.leads.length + rows.contacts.length + rows.newsletter.length,
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
    at: now,
  });
  return {
    email,
    leads: rows.leads.map(toLeadRecord),
    contacts: rows.contacts.map(toContactRecord),
    newsletter: rows.newsletter.map(toNewsletterRecord),
    consents: rows.consents as ConsentRecord[],
    outbox: rows.outbox.length,
    suppressed: await isSuppressed(db, emailHash(keys, email)),
  };
}

/**
 * The access-request export: every column of every row about the address, as stored. Audited with
 * the row count; the audit keeps the address only as its keyed hash, so a later erasure leaves no
 * trace of it there.
 */
export async function exportSubject(db: Db, keys: PrivacyKeys, email: string, actor: Actor, now: Date) {
  const rows = await subjectRows(db, email);
  const { webhooks, ...tables } = rows;
  const rowCount =
    Object.values(tables).reduce((sum, list) => sum + list.length, 0) +
    webhooks.queued.length +
    webhooks.deliveries.length;
  await appendAudit(db, {
    actor: actor.email,
    action: "subject.export",
    details: { emailHash: emailHash(keys, email), rows: rowCount },
    ip: actor.ip,
    userAgent: actor.userAgent,
    at: now,
  });
  return {
    subject: email,
    generatedAt: now.toISOString(),
    suppressed: await isSuppressed(db, emailHash(keys, email)),
    records: { leads: rows.leads, contacts: rows.contacts, newsletter: rows.newsletter },
    consents: rows.consents,
    outbox: rows.outbox,
    newsletterConfirmations: rows.confirmations,
    notes: rows.notes,
    timeline: rows.timeline,
    changeLog: rows.changes,
    webhooks: rows.webhooks,
  };
}

/**
 * Erasure in one transaction: everything goes, the address stays only as a suppression hash (so it is
 * never mailed again unless the person subscribes anew), and one audit entry records what was deleted.
 */
export async function eraseSubject(
  db: Db,
  keys: PrivacyKeys,
  email: string,
  actor: Actor,
  now: Date,
): Promise<ErasureResult> {
  const hash = emailHash(keys, email);
  const deleted = await db.transaction().execute(async (trx) => {
    const counts = await eraseSubjectRows(trx, email);
    await suppress(trx, hash, "erased", now.toISOString());
    await appendAudit(trx, {
      actor: actor.email,
      action: "subject.erase",
      details: { emailHash: hash, deleted: counts },
      ip: actor.ip,
      userAgent: actor.userAgent,
      at: now,
    });
    // Last: on PostgreSQL it takes the change log's lock, held until the commit.
    await recordRemovals(trx, counts, now.toISOString());
    return counts;
  });
  return { email, deleted };
}
