import type { SentError } from "../../worker-errors.mjs";

// What the SQLite threads and the modules that start them say to each other. Both ends are checked
// against these types: sqlite-thread.ts and sqlite-checkpoints.ts in TypeScript, the workers
// (sqlite-worker.mjs, sqlite-checkpointer.mjs) through JSDoc, so a message changed on one side and
// not the other fails `npm run typecheck`.

/** The read thread's workerData. */
export interface ReadThreadData {
  file: string;
  /** Run in order when the connection opens. */
  pragmas: string[];
  fileMustExist: boolean;
  /** Where better-sqlite3 is installed (sqlite-package.ts), so the thread loads the same copy. */
  sqlitePath: string;
}

/** Run one statement, or close the database (the thread then ends). */
export type ToReadThread = { id: number; sql: string; parameters: readonly unknown[] } | { id: number; close: true };

/**
 * A statement's answer, by the id it was sent with. Rows are arrays of values in the order of
 * `columns`: a row as an object would carry its keys through the copy between threads again for every
 * row, and building those objects in the thread cost more than the query (a 100,000-row export: about
 * 250 ms of 700).
 */
export type FromReadThread =
  | { id: number; columns: string[]; rows: unknown[][] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; closed: true }
  | { id: number; error: SentError };

/** The checkpoint thread's workerData. */
export interface CheckpointThreadData {
  file: string;
  sqlitePath: string;
  /** How often it looks for new WAL frames. */
  intervalMs: number;
}

/** Stop and close the connection; the thread then ends. */
export type ToCheckpointThread = { close: true };

/** A checkpoint failed; the thread then ends. */
export type FromCheckpointThread = { error: SentError };
