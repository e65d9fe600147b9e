import type { Collection } from "../../src/domain/status";

// The lead workspace's tables (migration 0009), as Kysely sees them. Part of schema.ts's Tables.

/** An opaque id for everyone with records under one normalised email, made when first needed. */
export interface PeopleTable {
  id: string;
  /** Lower-cased, like every stored address. */
  email: string;
  createdAt: string;
}

export interface NotesTable {
  id: string;
  collection: Collection;
  recordId: string;
  /** The record's email: a person's notes are one range of notes_email_created_at_idx. */
  email: string;
  body: string;
  /** The author's staff email. */
  author: string;
  createdAt: string;
}

/**
 * What staff or round-robin did to a record that the record itself does not keep, and the emails sent
 * about it (migration 0011: the outbox's sent rows are purged after 30 days, these stay).
 */
export type WorkspaceEventKind = "status-changed" | "assigned" | "note-deleted" | "email-sent" | "spam-decision";

export interface WorkspaceEventsTable {
  id: string;
  /** The record's email: a person's timeline is one range of workspace_events_email_at_idx. */
  email: string;
  collection: Collection;
  recordId: string;
  kind: WorkspaceEventKind;
  /** A staff email, "round-robin", or "system" for an email the outbox sent. */
  actor: string;
  /** JSON text: {from, to} for a status change or an assignment, {noteId} for a deleted note, {email: the outbox kind} for an email sent. */
  details: string;
  at: string;
}

/** Workspace settings and round-robin's cursor, one row per key (server/db/settings.ts). */
export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}
