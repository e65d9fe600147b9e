import type { OutboxKind } from "../../src/domain/privacy";
import type { Collection } from "../../src/domain/status";
import { newRecordId } from "./record-id";
import type { WorkspaceEventKind, WorkspaceEventsTable } from "./workspace-schema";

// Rows of a person's timeline that nothing else keeps: status changes, assignments, deleted notes, and
// the emails sent about a record. Written in the transaction of the change they record, usually appended
// with others in one INSERT.

export interface NewWorkspaceEvent {
  /** The record's email (the person). */
  email: string;
  collection: Collection;
  recordId: string;
  kind: WorkspaceEventKind;
  /** A staff email, "round-robin", or "system" (an email sent). */
  actor: string;
  details: { from: string | null; to: string | null } | { noteId: string } | { email: OutboxKind };
  at: string;
}

/** Written out whole, not spread (see leads.ts). */
export const workspaceEventRow = (event: NewWorkspaceEvent): WorkspaceEventsTable => ({
  id: newRecordId(Date.parse(event.at)),
  email: event.email,
  collection: event.collection,
  recordId: event.recordId,
  kind: event.kind,
  actor: event.actor,
  details: JSON.stringify(event.details),
  at: event.at,
});
