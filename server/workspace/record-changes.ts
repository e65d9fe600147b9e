import type { RecordsByCollection } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import type { RecordChangeRequest } from "../../src/domain/workspace";
import {
  appendAuditEntries,
  changeRecords,
  enqueueWebhookEvents,
  outboxRow,
  type ChangedRecord,
  type Db,
  type NewAuditEntry,
  type NewWebhookEvent,
  type OutboxTable,
  type RequestContext,
} from "../db/store";
import type { PrivacyKeys } from "../privacy/keys";
import { recordOptOut } from "../privacy/unsubscribe";

// A staff change of one record or many, all in one transaction: the records, their timeline entries
// and change-log rows (server/db/record-update.ts), an audit entry per record and field, a newsletter
// opt-out where staff unsubscribed someone, an email to each new owner who did not assign themselves,
// and the record.status_changed and record.assigned webhooks. Anything that fails rolls all of it back.

export interface ChangeDeps {
  db: Db;
  keys: PrivacyKeys;
  /** Queue assignment emails (SMTP is configured). */
  notifyOwners: boolean;
}

/** Who made the change: the signed-in staff member, and where from (for the audit log). */
export interface StaffActor extends RequestContext {
  email: string;
}

export type ChangeResult<C extends Collection> =
  { ok: true; records: RecordsByCollection[C][]; queuedMail: boolean } | { ok: false; missing: string[] };

function auditEntries<C extends Collection>(
  collection: C,
  changed: ChangedRecord<C>,
  change: RecordChangeRequest,
  actor: StaffActor,
  now: Date,
  bulk: boolean,
): NewAuditEntry[] {
  const context = { actor: actor.email, ip: actor.ip, userAgent: actor.userAgent, at: now };
  const id = changed.record.id;
  const entries: NewAuditEntry[] = [];
  if (change.status !== undefined) {
    entries.push({
      ...context,
      action: "record.status",
      details: { collection, id, from: changed.before.status, to: change.status, ...(bulk && { bulk }) },
    });
  }
  if (change.owner !== undefined) {
    entries.push({
      ...context,
      action: "record.owner",
      details: { collection, id, from: changed.before.owner, to: change.owner, ...(bulk && { bulk }) },
    });
  }
  return entries;
}

/**
 * Applies a checked change (change-request.ts) to the records `ids`; when one of them does not exist,
 * nothing is written and the answer names the missing ids.
 */
export async function applyRecordChange<C extends Collection>(
  { db, keys, notifyOwners }: ChangeDeps,
  collection: C,
  ids: readonly string[],
  change: RecordChangeRequest,
  actor: StaffActor,
  now: Date,
): Promise<ChangeResult<C>> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const outcome = await changeRecords(trx, collection, ids, change, actor.email, now);
    if (!outcome.ok) return outcome;
    const audits: NewAuditEntry[] = [];
    const emails: OutboxTable[] = [];
    const webhooks: NewWebhookEvent[] = [];
    for (const changed of outcome.changed) {
      const { record, before } = changed;
      const about = { collection, recordId: record.id, email: record.email };
      if (change.status !== undefined && change.status !== before.status)
        webhooks.push({
          ...about,
          type: "record.status_changed",
          change: { status: { from: before.status, to: change.status }, by: actor.email },
        });
      if (change.owner !== undefined && change.owner !== before.owner)
        webhooks.push({
          ...about,
          type: "record.assigned",
          change: { owner: { from: before.owner, to: change.owner }, by: actor.email },
        });
      // Staff unsubscribing someone (on their request by phone or email) is an opt-out like the link.
      if (collection === "newsletter" && change.status === "unsubscribed" && before.status === "subscribed") {
        await recordOptOut(trx, { subscription: record, keys, source: "admin", context: actor, at });
      }
      audits.push(...auditEntries(collection, changed, change, actor, now, ids.length > 1));
      const owner = change.owner;
      if (notifyOwners && owner && owner !== before.owner && owner !== actor.email) {
        emails.push(
          outboxRow(
            {
              kind: "assignment",
              subjectEmail: record.email,
              recordCollection: collection,
              recordId: record.id,
              recipient: owner,
            },
            at,
          ),
        );
      }
    }
    await appendAuditEntries(trx, audits);
    if (emails.length > 0) await trx.insertInto("outbox").values(emails).execute();
    await enqueueWebhookEvents(trx, webhooks, at);
    return { ok: true, records: outcome.changed.map((changed) => changed.record), queuedMail: emails.length > 0 };
  });
}
