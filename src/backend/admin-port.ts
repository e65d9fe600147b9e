import type {
  DashboardStats,
  ListPage,
  ListQuery,
  LiveEvent,
  LogPosition,
  MatchCount,
  RecordsByCollection,
} from "../domain/admin";
import type { AuditPage, ErasureResult, OutboxHealth, SubjectRecords } from "../domain/privacy";
import type { Collection } from "../domain/status";
import type { CurrentStaff, Role, StaffAccount, TwoFactorSetup } from "../domain/staff";
import type { Insights, InsightsQuery } from "../domain/insights";
import type { WebhookAttempt, WebhookEndpoint, WebhookEvent } from "../domain/webhooks";
import type { ApiToken, TokenScope } from "../domain/api-tokens";
import type { BlocklistEntry, SpamVerdict } from "../domain/spam";
import type {
  Note,
  OwnedCollection,
  PersonView,
  RecordChangeRequest,
  RecordDetail,
  RecordWithPerson,
  StaffMember,
  WorkspaceSettings,
} from "../domain/workspace";

// What the staff dashboard needs from a back end. Adapters: ./http/admin (default) and ./firebase.

/**
 * `code` on failure: "invalid-credential", "too-many-requests", "two-factor-required" (the password was
 * right; ask for a code and call signIn again with it), "invalid-code", "disabled", "network", ...
 */
export type SignInResult = { ok: true; user: CurrentStaff } | { ok: false; code: string; message: string };

export interface ExportFilters {
  /** Which collections to export, always in the order leads, contacts, newsletter; all three when omitted. */
  collections?: Collection[];
  q?: string;
  status?: string;
  type?: string;
  /**
   * "me", "none" (unassigned) or a staff email, as in ListQuery: only leads and contacts have owners, so
   * with it the newsletter is left out.
   */
  owner?: string;
  /** The first touch's source, medium and campaign, as in ListQuery. */
  source?: string;
  medium?: string;
  campaign?: string;
  /** "extended" adds Owner, First Response At and the attribution columns (src/domain/csv.ts). */
  columns?: "default" | "extended";
  /** "only": the Spam view's leads and contacts (the newsletter is never held); otherwise spam is left out. */
  spam?: "only";
}

export type LiveState = "connecting" | "live" | "reconnecting";

export interface AdminBackend {
  /** `code`: a TOTP code or a recovery code, once the first try answered "two-factor-required". */
  signIn(email: string, password: string, code?: string): Promise<SignInResult>;
  signOut(): Promise<void>;
  /** The signed-in staff member with their role, or null. */
  currentUser(): Promise<CurrentStaff | null>;
  stats(): Promise<DashboardStats>;
  list<C extends Collection>(collection: C, query: ListQuery): Promise<ListPage<C>>;
  /**
   * How many records match a list's filters (limit and cursor aside), counted up to BULK_MAX; null
   * where the back end cannot count that filter without reading the records (a search on Firebase).
   */
  countMatching(collection: Collection, query: ListQuery): Promise<MatchCount | null>;
  setStatus<C extends Collection>(collection: C, id: string, status: string): Promise<RecordsByCollection[C]>;
  /** One record in full; rejects with AdminApiError 404 when there is none. */
  record<C extends Collection>(collection: C, id: string): Promise<RecordDetail<C>>;
  /** A person's records and timeline, newest first. */
  person(personId: string): Promise<PersonView>;
  /**
   * The record in full with its person's records and timeline, in one read; rejects like record().
   * Absent where the back end has no such read (the panel then reads the record, then the person).
   */
  recordWithPerson?<C extends Collection>(collection: C, id: string): Promise<RecordWithPerson<C>>;
  addNote(collection: Collection, id: string, body: string): Promise<Note>;
  /** Only the author, within NOTE_DELETE_WINDOW_MS; otherwise rejects with AdminApiError 403. */
  deleteNote(note: Note): Promise<void>;
  /** Sets the status, the owner (a staff email, or null), or both, of one record. */
  updateRecord<C extends OwnedCollection>(
    collection: C,
    id: string,
    change: RecordChangeRequest,
  ): Promise<RecordsByCollection[C]>;
  /** The same change to up to BULK_MAX records, all or nothing; resolves to how many. */
  bulkUpdate(collection: Collection, ids: readonly string[], change: RecordChangeRequest): Promise<number>;
  /** Every staff account, for the owner pickers and filters and the Team tab. */
  staff(): Promise<StaffAccount[]>;
  /** Only one's own availability, unless an admin. */
  setAvailable(email: string, available: boolean): Promise<StaffMember>;
  /**
   * Calls onChange for every created or updated record from now on, or after `after` (a ListPage.position)
   * where the back end keeps a change log; returns the unsubscribe function.
   */
  watch(
    onChange: (event: LiveEvent) => void,
    onState?: (state: LiveState) => void,
    options?: { after?: LogPosition },
  ): () => void;
  /** Downloads the CSV export. */
  exportCsv(filters: ExportFilters): Promise<void>;
  /**
   * Data-subject requests, the audit log and the email outbox. Optional: they need a server (hard
   * deletes across every table, an append-only log, SMTP), so the Firebase adapter leaves them out and
   * the dashboard hides their tabs.
   */
  privacy?: PrivacyAdmin;
  /**
   * Round-robin assignment of new records (and with it the assignment emails). Optional: it runs where
   * records arrive, on the server, so the Firebase adapter leaves it out and the dashboard hides it.
   */
  assignment?: AssignmentAdmin;
  /**
   * Managing the team from the dashboard (admin only). Optional: on Firebase, accounts and roles are
   * managed with Firebase Auth and `npm run firebase:grant-admin`, so the Team tab only lists.
   */
  team?: TeamAdmin;
  /** The signed-in account's own two-factor. Optional: on Firebase it is Firebase Auth's TOTP MFA. */
  twoFactor?: TwoFactorAdmin;
  /**
   * The Spam view's decisions and the blocklist. Optional: the spam score is worked out where a
   * submission arrives, on the server; on Firebase nothing is held as spam, so the dashboard hides it.
   */
  spam?: SpamAdmin;
  /**
   * The Insights tab's aggregates for a range of days (and an owner): in SQL on the server; on Firebase
   * with aggregation queries, which answer the counts but not sources or medians (Insights.unavailable).
   */
  insights?(query: InsightsQuery): Promise<Insights>;
  /** Webhook endpoints with their delivery logs, and API tokens: admins only. Optional: both need the server. */
  integrations?: IntegrationsAdmin;
  /**
   * What works without a session: accepting an invitation and resetting a forgotten password. On
   * Firebase only requestPasswordReset exists (Firebase Auth's own reset email).
   */
  accounts: AccountRecovery;
}

export interface TeamAdmin {
  /** Sends a single-use link, valid for INVITATION_TTL_MS, through the outbox. */
  invite(email: string, role: Role): Promise<void>;
  /** Role and disabled; rejects with AdminApiError 409 "last-admin" for the last active admin. */
  update(email: string, change: { role?: Role; disabled?: boolean }): Promise<StaffAccount>;
  /** Turns another account's two-factor off (audited); they enrol again at their next sign-in if admin. */
  resetTwoFactor(email: string): Promise<StaffAccount>;
}

/**
 * The signed-in account's own two-factor. Every call proves the person (decision 0043): the password,
 * and while two-factor is on, a current code (or an unused recovery code) for a new set-up and to turn
 * it off. A wrong one rejects with AdminApiError 400 whose `fields` names `password` or `code`.
 */
export interface TwoFactorAdmin {
  /** A new secret to scan; `code` is needed (and used up) while two-factor is on. */
  setup(proof: { password: string; code?: string }): Promise<TwoFactorSetup>;
  /** Confirms enrolment with one code of the new secret; resolves to the RECOVERY_CODE_COUNT recovery codes, shown once. */
  enable(code: string, password: string): Promise<string[]>;
  disable(code: string, password: string): Promise<void>;
}

export interface AccountRecovery {
  /** Always resolves the same way, whether or not the account exists. */
  requestPasswordReset(email: string): Promise<void>;
  /** Rejects with AdminApiError (400 with fields, or 400 "invalid-token") when the link is used or expired. */
  confirmPasswordReset?(token: string, password: string): Promise<void>;
  /** Creates the invited account; resolves to its email, for the sign-in form to prefill. */
  acceptInvitation?(token: string, name: string, password: string): Promise<{ email: string }>;
}

export interface IntegrationsAdmin {
  list(): Promise<WebhookEndpoint[]>;
  /** Rejects with AdminApiError 400 (fields.url, fields.events) for a refused URL or no events. The secret is shown this once. */
  create(
    url: string,
    events: readonly WebhookEvent[],
  ): Promise<{ id: string; secret: string; endpoint: WebhookEndpoint }>;
  update(id: string, change: { events?: readonly WebhookEvent[]; disabled?: boolean }): Promise<WebhookEndpoint>;
  /** A new secret; the old one signs too until previousSecretUntil. */
  rotate(id: string): Promise<{ secret: string; previousSecretUntil: string }>;
  remove(id: string): Promise<void>;
  /** The endpoint's last attempts, newest first. */
  deliveries(id: string): Promise<WebhookAttempt[]>;
  /** Sends an attempt's delivery again, with the same webhook-id. */
  resend(attemptId: string): Promise<void>;
  /**
   * API tokens: listed without their secrets, each with whether it works now (suspended while its creator
   * is disabled or gone; suspendedScopes its creator's role no longer has); created (the token shown
   * once); revoked at once.
   */
  tokens(): Promise<ApiToken[]>;
  createToken(
    name: string,
    scopes: readonly TokenScope[],
    expiresAt: string | null,
  ): Promise<ApiToken & { token: string }>;
  revokeToken(id: string): Promise<void>;
}

export interface SpamAdmin {
  /** "not-spam" restores a held record (and sends the alert it missed); "spam" holds it. Resolves to the record. */
  decide<C extends OwnedCollection>(collection: C, id: string, verdict: SpamVerdict): Promise<RecordsByCollection[C]>;
  /** The addresses and domains whose submissions are held as spam, newest first. */
  blocklist(): Promise<BlocklistEntry[]>;
  /** Admins only; rejects with AdminApiError 400 (fields.entry) for what is not an address or a domain. */
  block(entry: string): Promise<BlocklistEntry>;
  unblock(entry: string): Promise<void>;
}

export interface AssignmentAdmin {
  settings(): Promise<WorkspaceSettings>;
  saveSettings(settings: WorkspaceSettings): Promise<WorkspaceSettings>;
}

export interface PrivacyAdmin {
  /** Everything stored about one exact address. */
  findSubject(email: string): Promise<SubjectRecords>;
  /** Downloads all of it as a JSON file (audited). */
  exportSubject(email: string): Promise<void>;
  /** Deletes all of it, keeping only a suppression hash (audited). */
  eraseSubject(email: string): Promise<ErasureResult>;
  auditLog(query: { limit?: number; cursor?: string | null }): Promise<AuditPage>;
  /** Emails that failed at least once and are not sent yet. */
  outboxHealth(): Promise<OutboxHealth>;
  /** Gives up-on emails a fresh set of attempts; resolves to how many. */
  retryFailedEmails(): Promise<number>;
}

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 400 "validation": the message for each field by name. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}
