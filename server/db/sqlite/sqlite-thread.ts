import { Worker } from "node:worker_threads";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from "kysely";
import { receivedError } from "../../worker-errors.mjs";
import type { FromReadThread, ReadThreadData, ToReadThread } from "./messages";
import { SQLITE_PATH } from "./sqlite-package";
import { sqliteDialectWith } from "./sqlite-writer";

// A Kysely dialect for reads whose SQLite connection lives in a worker thread (sqlite-worker.mjs).
// better-sqlite3 is synchronous: on the server's own thread a scan of a large table (the stats, a CSV
// export page, a search) held every request behind it. Here the server's thread only compiles queries
// and waits. Writes stay on the server's thread: a transaction is a conversation (insert, read the id
// back, claim the key...), and a message each way per statement cost more than it saved. See
// docs/decisions/0009-sqlite-off-the-event-loop.md.

export interface SqliteThreadOptions {
  file: string;
  /** Run in order when the connection opens, e.g. "journal_mode = WAL". */
  pragmas: string[];
  fileMustExist?: boolean;
  /**
   * The key a result column gets in the row objects (default: its name). The rows are built here, so
   * renaming here (once per statement) is cheaper than a plugin rebuilding every row afterwards.
   */
  rowKey?: (column: string) => string;
}

/** An answer the thread sends for a request that succeeded. */
type Reply = Exclude<FromReadThread, { error: unknown }>;

/** Rows read as arrays, as objects with `keys` (in column order): cheaper than the driver building them. */
export function keyedRows(keys: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r += 1) {
    const values = rows[r]!;
    const object: Record<string, unknown> = {};
    for (let c = 0; c < keys.length; c += 1) object[keys[c]!] = values[c];
    objects[r] = object;
  }
  return objects;
}

/** The worker file sits beside this module in the sources and beside the bundle in build/. */
const WORKER_URL = new URL("./sqlite-worker.mjs", import.meta.url);

class SqliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  /** Set once the thread has ended or failed to start: every later request fails with it. */
  #failure: Error | null = null;
  #closing = false;

  constructor({ file, pragmas, fileMustExist = false }: SqliteThreadOptions) {
    this.#worker = new Worker(WORKER_URL, {
      workerData: { file, pragmas, fileMustExist, sqlitePath: SQLITE_PATH } satisfies ReadThreadData,
    });
    // Idle, the thread must not keep the process alive (a CLI that forgot to close would hang); while a
    // statement is out it must, or the process could exit with the answer still to come.
    this.#worker.unref();
    this.#worker.on("message", (reply: FromReadThread) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#settled(reply.id);
      if ("error" in reply) waiting.reject(receivedError(reply.error));
      else waiting.resolve(reply);
    });
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", (code) => this.#fail(new Error(`The SQLite thread ended (exit code ${code})`)));
  }

  request(message: { sql: string; parameters: readonly unknown[] } | { close: true }): Promise<Reply> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Reply>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message } satisfies ToReadThread);
    });
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    // Closing, the thread stays referenced until it has ended: with nothing else alive, the process would
    // otherwise exit while close() still waits for the thread's exit (a script's await never settling).
    if (this.#pending.size === 0 && !this.#closing) this.#worker.unref();
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const [id, { reject }] of this.#pending) {
      this.#settled(id);
      reject(this.#failure);
    }
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    this.#closing = true;
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve));
    await this.request({ close: true });
    await exited;
  }
}

class ThreadConnection implements DatabaseConnection {
  readonly #thread: SqliteThread;
  readonly #rowKey: (column: string) => string;
  /** Row keys per SQL text (the same text always has the same columns). */
  readonly #keys = new Map<string, string[]>();

  constructor(thread: SqliteThread, rowKey: (column: string) => string) {
    this.#thread = thread;
    this.#rowKey = rowKey;
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.#thread.request({ sql, parameters });
    if ("rows" in reply) return { rows: this.#objects(sql, reply.columns, reply.rows) as R[] };
    if ("changes" in reply)
      return { numAffectedRows: BigInt(reply.changes), insertId: BigInt(reply.lastInsertRowid), rows: [] };
    return { rows: [] };
  }

  #objects(sql: string, columns: string[], rows: unknown[][]): Record<string, unknown>[] {
    let keys = this.#keys.get(sql);
    if (!keys) {
      keys = columns.map(this.#rowKey);
      // Bounded like the worker's statement cache: the app runs a few dozen texts.
      if (this.#keys.size >= 500) this.#keys.clear();
      this.#keys.set(sql, keys);
    }
    return keyedRows(keys, rows);
  }

  // eslint-disable-next-line require-yield -- no query of the app streams; a clear error if one starts to
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the SQLite thread: page with a keyset instead");
  }
}

/**
 * Reads only, and no lock: each query is posted to the thread at once and the thread runs them in the
 * order they came. A lock held from one query to the next (as Kysely's own SQLite driver holds one)
 * would cost a turn of this thread's busy event loop between every two statements, and the thread would
 * sit idle in between. So no transactions either: they would interleave with other queries.
 */
class ReadThreadDriver implements Driver {
  readonly #options: SqliteThreadOptions;
  #thread: SqliteThread | null = null;
  #connection: ThreadConnection | null = null;

  constructor(options: SqliteThreadOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    this.#thread = new SqliteThread(this.#options);
    this.#connection = new ThreadConnection(this.#thread, this.#options.rowKey ?? ((column) => column));
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {}

  beginTransaction(): Promise<void> {
    return Promise.reject(new Error("The SQLite read thread runs no transactions: write through the main connection"));
  }

  commitTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  rollbackTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  async destroy(): Promise<void> {
    await this.#thread?.close();
  }
}

/** SQLite reads through a worker thread. */
export const sqliteReadThreadDialect = (options: SqliteThreadOptions): Dialect =>
  sqliteDialectWith(() => new ReadThreadDriver(options));
