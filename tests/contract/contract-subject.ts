import { randomUUID } from "node:crypto";
import type { AdminBackend, ExportFilters, LiveState } from "../../src/backend/admin-port";
import type { PublicBackend } from "../../src/backend/port";
import type { RecordChange } from "../../src/domain/admin";

// What the back-end contract (backend-contract.ts, workspace-contract.ts) runs against: one adapter
// pair in a real browser (support/adapter-page.ts), and what its cases share.

export interface LiveFeed {
  changes: RecordChange[];
  states: LiveState[];
  waitFor(predicate: (change: RecordChange) => boolean, timeoutMs?: number): Promise<RecordChange>;
  waitForState(state: LiveState, timeoutMs?: number): Promise<void>;
  stop(): Promise<unknown>;
}

export interface ContractSubject {
  public: PublicBackend;
  admin: Pick<
    AdminBackend,
    | "signIn"
    | "signOut"
    | "currentUser"
    | "stats"
    | "list"
    | "countMatching"
    | "setStatus"
    | "record"
    | "recordWithPerson"
    | "person"
    | "addNote"
    | "deleteNote"
    | "updateRecord"
    | "bulkUpdate"
    | "staff"
    | "setAvailable"
  > &
    Required<Pick<AdminBackend, "insights">>;
  watch(): Promise<LiveFeed>;
  /** Runs AdminBackend.exportCsv and returns the file the browser downloaded. */
  exportCsv(filters: ExportFilters): Promise<{ fileName: string; text: string }>;
  /**
   * A staff account that exists on this back end; nothing else is signed in at the start. `code` gives
   * a fresh second-factor code where the account has two-factor on (the Erf server's first admin).
   */
  staff: { email: string; password: string; code?: () => Promise<string> };
  /**
   * Whether an opt-out stays until the address's owner confirms by an emailed link (the Erf server). The
   * Firebase target cannot email, so there a new subscription re-subscribes (README, Firebase limits).
   */
  optOutNeedsConfirmation: boolean;
  /** Whether a search can be counted without reading the records (the Erf server); Firebase searches in the browser. */
  countsSearches: boolean;
  close(): Promise<void>;
}

/** Record ids by name, and person ids by first name, as the contract's earlier cases made them. */
export type ContractIds = Record<string, string>;

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const key = () => ({ idempotencyKey: randomUUID() });
