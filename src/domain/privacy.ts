import { z } from "zod";
import type { ConsentAction, ConsentChannel, ConsentPurpose } from "./consent";
import { emailField } from "./field-validators";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "./records";

// The shapes of the privacy side of the staff API (data-subject requests, audit log, alert outbox) and
// of the public unsubscribe answer, shared by the server and the http adapter.

/**
 * The body of a data-subject request (POST /api/admin/subjects/lookup, /export, /erase): the address
 * goes in the body, never in a URL, where proxies, browser history and logs would keep it. Parsed like
 * the forms parse it (trimmed, lower-cased), so it matches what they stored.
 */
export const subjectRequest = z.strictObject({ email: emailField });

/** One consent given or withdrawn, with the server's own copy of the wording that was shown. */
export interface ConsentRecord {
  id: string;
  email: string;
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  action: ConsentAction;
  wordingVersion: string | null;
  wording: string | null;
  /** Where it happened: a page path, "confirmation-link", "unsubscribe-link", "one-click" or "admin". */
  source: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The record it came with (a newsletter row or a signup), when there is one. */
  recordCollection: string | null;
  recordId: string | null;
  createdAt: string;
}

/** Everything stored about one email address, as the Privacy tab lists it. */
export interface SubjectRecords {
  email: string;
  leads: LeadRecord[];
  contacts: ContactRecord[];
  newsletter: NewsletterRecord[];
  consents: ConsentRecord[];
  /** Alert and welcome emails still queued or kept about this person's records. */
  outbox: number;
  /** Whether the address is on the suppression list (kept as a salted hash only). */
  suppressed: boolean;
}

/** What an erasure deleted, table by table. */
export interface ErasureResult {
  email: string;
  /** `notes` and `timeline` (workspace events) of the person's records, and `people`: their person id. */
  deleted: Record<
    | "leads"
    | "contacts"
    | "newsletter"
    | "consents"
    | "outbox"
    | "changes"
    | "idempotencyKeys"
    | "confirmations"
    | "notes"
    | "timeline"
    | "people"
    | "webhooks",
    number
  >;
}

export const AUDIT_ACTIONS = [
  "auth.login",
  "auth.login-failed",
  "auth.logout",
  "record.status",
  "record.owner",
  // A staff "Spam" or "Not spam" on a lead or contact, and the blocklist's entries (src/domain/spam.ts).
  "record.spam",
  "spam.blocklist-add",
  "spam.blocklist-remove",
  "note.add",
  "note.delete",
  "export.csv",
  "subject.lookup",
  "subject.export",
  "subject.erase",
  "admin.create",
  "admin.reset-password",
  "retention.purge",
  "outbox.retry",
  "settings.update",
  "staff.available",
  // The staff team: account changes by an admin (or the CLI), and what staff do to their own sign-in.
  "staff.invite",
  "staff.role",
  "staff.disable",
  "staff.enable",
  "staff.two-factor-reset",
  "auth.password-reset-request",
  "auth.password-reset",
  "auth.invitation-accept",
  "auth.two-factor-enable",
  "auth.two-factor-disable",
  "auth.recovery-code-used",
  // Webhook endpoints (src/domain/webhooks.ts): added, changed, secret rotated, deleted, a delivery resent,
  // and the server disabling one that answered 410 or failed for 3 days.
  "webhook.create",
  "webhook.update",
  "webhook.rotate",
  "webhook.delete",
  "webhook.resend",
  "webhook.disabled",
  // API tokens (src/domain/api-tokens.ts): created and revoked by an admin.
  "token.create",
  "token.revoke",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  /** The admin's email, "cli", "system" (scheduled jobs) or "anonymous". */
  actor: string;
  action: AuditAction;
  /** Never a password; personal data of data subjects appears only as the salted email hash. */
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/**
 * "assignment": the email a staff member gets when a lead or contact is assigned to them. "invitation" and
 * "password-reset": the staff team's links to create an account and to set a new password.
 * "two-factor-changed": the notice to a staff account that its second factor was set up again, turned
 * off or reset by an admin.
 */
export const OUTBOX_KINDS = [
  "lead-alert",
  "welcome",
  "newsletter-confirmation",
  "assignment",
  "invitation",
  "password-reset",
  "two-factor-changed",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_STATES = ["pending", "sent", "failed", "cancelled"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  recordCollection: string;
  recordId: string;
  createdAt: string;
  sentAt: string | null;
}

/** The dashboard banner: emails that failed at least once and are not sent yet. */
export interface OutboxHealth {
  failing: number;
  lastError: string | null;
  lastErrorAt: string | null;
  items: OutboxItem[];
}

export type UnsubscribeStatus = "unsubscribed" | "already-unsubscribed";

/** The answer to a confirmation link: it subscribed now, or an earlier click (of any of its links) did. */
export type ConfirmSubscriptionStatus = "confirmed" | "already-confirmed";
