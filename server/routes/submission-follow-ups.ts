import type { Transaction } from "kysely";
import type { ConsentPurpose } from "../../src/domain/consent";
import type { ContactData, LeadData } from "../../src/domain/schemas";
import type { Collection } from "../../src/domain/status";
import { consentRow, outboxRow, webhookEventRow, type GroupRows, type Tables } from "../db/store";
import type { FollowUpContext, NewRecord, StoredRecord } from "./submission";

// What each form does besides storing its record, inside the same transaction: consent records
// (POPIA s69), the suppression list, the emails to send once it commits (the outbox), and the webhooks.

/** The created webhook of a new lead or contact; spam sends none (a "Not spam" sends it: workspace/spam-decision.ts). */
function queueCreatedWebhook(
  rows: GroupRows,
  collection: "contacts" | "leads",
  record: NewRecord<unknown> & { data: { email: string } },
) {
  if (record.spam?.spam) return;
  rows.add(
    "webhookEvents",
    webhookEventRow(
      {
        type: collection === "contacts" ? "contact.created" : "lead.created",
        collection,
        recordId: record.id,
        email: record.data.email,
      },
      record.createdAt,
    ),
  );
}

/** Spam is held back: its alert goes only if staff say "Not spam" (workspace/spam-decision.ts). */
function queueLeadAlert(
  rows: GroupRows,
  collection: "contacts" | "leads",
  record: NewRecord<unknown> & { data: { email: string } },
  context: FollowUpContext,
) {
  if (!context.mail.alerts || record.spam?.spam) return;
  const { id, createdAt: at } = record;
  const email = record.data.email;
  rows.add(
    "outbox",
    outboxRow({ kind: "lead-alert", subjectEmail: email, recordCollection: collection, recordId: id }, at),
  );
  context.queuedMail = true;
}

/** What the form said about a consent it asked for: whose, which wording it showed, on which page. */
interface ConsentForm {
  email: string;
  consentVersion?: string | null;
  sourcePath?: string | null;
}

/** A consent given on a form, with the wording the form showed (the server's text of that version). */
export function addConsentGiven(
  rows: GroupRows,
  purpose: ConsentPurpose,
  form: ConsentForm,
  on: { collection: Collection; id: string },
  at: string,
  context: FollowUpContext,
) {
  rows.add(
    "consents",
    consentRow({
      email: form.email,
      purpose,
      action: "given",
      wordingVersion: form.consentVersion ?? null,
      source: form.sourcePath || null,
      context: context.request,
      record: on,
      createdAt: at,
    }),
  );
}

/** Contact messages: staff hear about them at once. */
export function contactFollowUp(
  _trx: Transaction<Tables>,
  rows: GroupRows,
  _stored: StoredRecord,
  record: NewRecord<ContactData>,
  context: FollowUpContext,
) {
  queueLeadAlert(rows, "contacts", record, context);
  queueCreatedWebhook(rows, "contacts", record);
}

/**
 * Signups and demo requests: a staff alert, and for a ticked marketing box the consent with the
 * wording it showed. A lead form never touches the newsletter or the suppression list: only an active
 * newsletter subscription does.
 */
export function leadFollowUp(
  _trx: Transaction<Tables>,
  rows: GroupRows,
  _stored: StoredRecord,
  record: NewRecord<LeadData>,
  context: FollowUpContext,
) {
  const { data } = record;
  if (data.type === "signup" && data.marketingOptIn) {
    addConsentGiven(rows, "marketing", data, { collection: "leads", id: record.id }, record.createdAt, context);
  }
  queueLeadAlert(rows, "leads", record, context);
  queueCreatedWebhook(rows, "leads", record);
}
