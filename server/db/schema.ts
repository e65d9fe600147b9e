import type { Generated, Kysely, Transaction } from "kysely";
import type { ConsentRecord, OutboxKind, OutboxState } from "../../src/domain/privacy";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../src/domain/records";
import type { BotCheckVerdict, Collection } from "../../src/domain/status";
import type { Role } from "../../src/domain/staff";
import type {
  ApiTokensTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from "./integration-schema";
import type { NotesTable, PeopleTable, SettingsTable, WorkspaceEventsTable } from "./workspace-schema";

// Table shapes as Kysely sees them: camelCase here, snake_case in SQL (CamelCasePlugin, see connect.ts).
// Timestamps are ISO-8601 UTC text with milliseconds on both databases, so ordering and keyset
// pagination compare the same way on SQLite and PostgreSQL.

/** Retention bookkeeping on the three record tables: set by every status change (createdAt when never changed). */
interface StatusBookkeeping {
  statusChangedAt?: string | null;
}

/**
 * On the tables with a phone: its E.164 form (src/domain/phone.ts toE164), written with the row, for the
 * list search (record-lists.ts); null without a phone or when it is not a possible number. Not part of
 * the record staff read: the API shows its own, read from the phone.
 */
interface PhoneSearch {
  phoneE164: string | null;
}

/**
 * On the tables whose records the spam score holds back (migration 0015): the Spam view as 0 or 1, and
 * the keyed hash of what the visitor wrote (the repeated-content signal), which staff never read.
 */
interface SpamColumns {
  /** 0 or 1. */
  spam: number;
  contentHash: string | null;
  /** The keyed hash of the client bucket it came from (migration 0023): repetition counts sources. */
  sourceHash: string | null;
}

// The record tables hold what staff read (src/domain/records.ts), less the `type` the API adds to
// contacts and newsletter rows, with the lead's opt-in and the spam flag as integers.
export type ContactsTable = Omit<ContactRecord, "type" | "spam"> & StatusBookkeeping & PhoneSearch & SpamColumns;

export type LeadsTable = Omit<LeadRecord, "marketingOptIn" | "spam"> &
  StatusBookkeeping &
  PhoneSearch &
  SpamColumns & {
    /** 0 or 1: an integer on both databases so the same queries and rows work everywhere; null for demos. */
    marketingOptIn: number | null;
  };

export type NewsletterTable = Omit<NewsletterRecord, "type"> & StatusBookkeeping;

export interface IdempotencyKeysTable {
  key: string;
  route: string;
  status: number;
  /** The response body exactly as first sent, replayed byte for byte. */
  body: string;
  createdAt: string;
  /**
   * What the key was first sent with (server/http/request-fingerprint.ts): the same key with another
   * request is refused. Null on rows written before migration 0007, which replay as before.
   */
  fingerprint: string | null;
}

export interface AdminsTable {
  id: string;
  /** Lower-cased before it is stored, so the unique index is case-insensitive. */
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
  /** 0 or 1: takes part in round-robin assignment (new accounts do). */
  available: number;
  /** Set when the account accepts its invitation (or by the CLI); null for accounts made before names. */
  name: string | null;
  role: Role;
  /** When an admin disabled the account: it cannot sign in and has no sessions. Null: active. */
  disabledAt: string | null;
  /** The TOTP secret (base32), sealed with a key derived from APP_SECRET (auth/secret-box.ts); null: no two-factor. */
  totpSecret: string | null;
  /** A secret being set up (POST /api/auth/2fa/setup), sealed the same way, until a code confirms it. */
  totpPendingSecret: string | null;
  /** The last TOTP time step a code was accepted for: a code of that step or an earlier one is refused. */
  totpLastStep: number | null;
  lastSignInAt: string | null;
}

/** An emailed link to create a staff account (migration 0011). */
export interface StaffInvitationsTable {
  id: string;
  /** SHA-256 (hex) of the link's token; the token is derived from the id with a key (privacy/keys.ts). */
  tokenHash: string;
  email: string;
  role: Role;
  /** The inviting admin's email. */
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  /** Set by the one acceptance that counts. */
  acceptedAt: string | null;
}

/** An emailed link to set a new password (migration 0011). */
export interface PasswordResetsTable {
  id: string;
  /** SHA-256 (hex) of the link's token, as for invitations. */
  tokenHash: string;
  adminId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** The single-use recovery codes of an account's two-factor (migration 0011). */
export interface RecoveryCodesTable {
  adminId: string;
  /** HMAC-SHA256 (hex) of the normalised code under a key derived from APP_SECRET. */
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  adminId: string;
  createdAt: string;
  lastSeenAt: string;
  /** The absolute end (created + 7 days); idle expiry is computed from lastSeenAt. */
  expiresAt: string;
}

export interface LoginThrottleTable {
  /**
   * "account:<email>", "ip:<address>" or "device:<id>" for sign-ins; "reset-account:<email>" and
   * "reset-ip:<address>" for password-reset requests.
   */
  key: string;
  windowStart: string;
  failures: number;
}

/** The public forms' per-client counters on PostgreSQL (server/db/rate-limits.ts). */
export interface RateLimitsTable {
  /** An IPv4 address or an IPv6 /64 (server/security/client-bucket.ts). */
  key: string;
  windowStart: string;
  hits: number;
}

export type ChangeOp = "insert" | "update";

export interface ChangesTable {
  /** Autoincrement on SQLite, bigserial on PostgreSQL (read back as a string there: convert with Number). */
  seq: Generated<number | string>;
  collection: Collection;
  recordId: string;
  op: ChangeOp;
  createdAt: string;
  // PostgreSQL also has tx_id (xid8, defaulting to the writing transaction's id; migration 0005), read
  // only in SQL text by changes.ts, so it is not declared here: SQLite has no such column.
}

/** The consent log holds exactly what the Privacy tab reads (wording: the server's own text, never the client's). */
export type ConsentsTable = ConsentRecord;

export type SuppressionReason = "unsubscribed" | "erased";

export interface SuppressionsTable {
  /** HMAC-SHA256 of the lower-cased address under a key derived from APP_SECRET; never the address. */
  emailHash: string;
  reason: SuppressionReason;
  createdAt: string;
}

/**
 * A subscription waiting for its address to confirm it (an address that opted out, or any new one with
 * NEWSLETTER_DOUBLE_OPT_IN): the emailed link names the row, and confirming it is what subscribes.
 */
export interface NewsletterConfirmationsTable {
  id: string;
  /** Lower-cased, like every stored address (an erasure finds it). */
  email: string;
  /** The bot-check verdict of the submission that asked, for the subscription the click creates. */
  botCheck: BotCheckVerdict;
  createdAt: string;
  /** After this the link is refused (48 hours). */
  expiresAt: string;
  /** Set by the one click that counts; a link whose row has it set is used. */
  confirmedAt: string | null;
}

export interface AuditTable {
  /** Autoincrement on SQLite, bigserial on PostgreSQL (read back as a string there). */
  id: Generated<number | string>;
  at: string;
  actor: string;
  action: string;
  /** JSON text. */
  details: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * What an outbox row is about: a record of one of the collections, or (staff emails) an invitation, a
 * password reset or a staff account (its two-factor changed), named by its row id.
 */
export type OutboxSubject = Collection | "staff-invitations" | "password-resets" | "staff-accounts";

export interface OutboxTable {
  id: string;
  kind: OutboxKind;
  state: OutboxState;
  subjectEmail: string;
  recordCollection: OutboxSubject;
  recordId: string;
  attempts: number;
  /** When a pending message is next due; null once it is sent, failed or cancelled. */
  nextAttemptAt: string | null;
  /** A claim by one worker: others leave the row alone until then (a crashed worker's claim expires). */
  lockedUntil: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Who an assignment email goes to (the new owner); null for the other kinds, addressed at send time. */
  recipient: string | null;
}

export interface Tables {
  contacts: ContactsTable;
  leads: LeadsTable;
  newsletter: NewsletterTable;
  idempotencyKeys: IdempotencyKeysTable;
  admins: AdminsTable;
  staffInvitations: StaffInvitationsTable;
  passwordResets: PasswordResetsTable;
  recoveryCodes: RecoveryCodesTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  rateLimits: RateLimitsTable;
  changes: ChangesTable;
  consents: ConsentsTable;
  suppressions: SuppressionsTable;
  newsletterConfirmations: NewsletterConfirmationsTable;
  audit: AuditTable;
  outbox: OutboxTable;
  people: PeopleTable;
  notes: NotesTable;
  workspaceEvents: WorkspaceEventsTable;
  settings: SettingsTable;
  spamBlocklist: SpamBlocklistTable;
  usedRenderStamps: UsedRenderStampsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
  apiTokens: ApiTokensTable;
}

/** Addresses and domains whose submissions score as spam (migration 0015). */
/** A render stamp a submission used (migration 0023): each serves one submission (decision 0045). */
export interface UsedRenderStampsTable {
  /** The stamp's random part. */
  nonce: string;
  /** The submission it served. */
  recordId: string;
  /** The stamp's own expiry: after it, the stamp counts as missing and the row is purged (maintenance.ts). */
  expiresAt: string;
}

export interface SpamBlocklistTable {
  /** Lower-case: an address, or a domain (which covers its subdomains). */
  entry: string;
  kind: "address" | "domain";
  /** The admin who added it. */
  addedBy: string;
  createdAt: string;
}

export type Db = Kysely<Tables>;

/** What a write can run on: the database itself (a statement of its own) or an open transaction. */
export type Writer = Db | Transaction<Tables>;

export type {
  ApiTokensTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from "./integration-schema";
