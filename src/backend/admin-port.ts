import type { DashboardStats, ListPage, ListQuery, LiveEvent, LogPosition, RecordsByCollection } from "../domain/admin";
import type { AuditPage, ErasureResult, OutboxHealth, SubjectRecords } from "../domain/privacy";
import type { Collection } from "../domain/status";
import type { Note, OwnedCollection, PersonView, RecordChangeRequest, RecordDetail, StaffMember, WorkspaceSettings } from "../domain/workspace";

// What the staff dashboard needs from a back end. Adapters: ./http/admin (default) and ./firebase.

export type SignInResult = { ok: true; email: string } | { ok: false; code: string; message: string };

export interface ExportFilters {
  /** Which collections to export, always in the order leads, contacts, newsletter; all three when omitted. */
  collections?: Collection[];
  q?: string;
  status?: string;
  type?: string;
}

export type LiveState = "connecting" | "live" | "reconnecting";

export interface AdminBackend {
  signIn(email: string, password: string): Promise<SignInResult>;
  signOut(): Promise<void>;
  /** The signed-in staff member, or null. */
  currentUser(): Promise<{ email: string } | null>;
  stats(): Promise<DashboardStats>;
  list<C extends Collection>(collection: C, query: ListQuery): Promise<ListPage<C>>;
  setStatus<C extends Collection>(collection: C, id: string, status: string): Promise<RecordsByCollection[C]>;
  /** One record in full; rejects with AdminApiError 404 when there is none. */
  record<C extends Collection>(collection: C, id: string): Promise<RecordDetail<C>>;
  /** A person's records and timeline, newest first. */
  person(personId: string): Promise<PersonView>;
  addNote(collection: Collection, id: string, body: string): Promise<Note>;
  /** Only the author, within NOTE_DELETE_WINDOW_MS; otherwise rejects with AdminApiError 403. */
  deleteNote(note: Note): Promise<void>;
  /** Sets the status, the owner (a staff email, or null), or both, of one record. */
  updateRecord<C extends OwnedCollection>(collection: C, id: string, change: RecordChangeRequest): Promise<RecordsByCollection[C]>;
  /** The same change to up to BULK_MAX records, all or nothing; resolves to how many. */
  bulkUpdate(collection: Collection, ids: readonly string[], change: RecordChangeRequest): Promise<number>;
  /** Every staff account, for the owner pickers and filters. */
  staff(): Promise<StaffMember[]>;
  setAvailable(email: string, available: boolean): Promise<StaffMember>;
  /**
   * Calls onChange for every created or updated record from now on, or after `after` (a ListPage.position)
   * where the back end keeps a change log; returns the unsubscribe function.
   */
  watch(onChange: (event: LiveEvent) => void, onState?: (state: LiveState) => void, options?: { after?: LogPosition }): () => void;
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
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}
