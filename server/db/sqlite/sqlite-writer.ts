import { closeSync, fdatasync, mkdirSync, open as openFile } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { CheckpointThread } from "./sqlite-checkpoints";
import { statementCache } from "./statement-cache.mjs";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

// The SQLite write connection: Kysely's own SQLite driver, less two costs it puts on the event loop.
//
// 1. Durability without the fsync on the event loop. synchronous=FULL has SQLite fsync the WAL inside
//    every COMMIT, and better-sqlite3 runs it on the server's thread: profiled at 500 submissions a
//    second with an admin at work, those fsyncs took a fifth of the event loop, and every request waited
//    behind each one. Here the connection runs synchronous=NORMAL (SQLite writes the WAL at commit but
//    does not sync it; it still syncs around checkpoints and when the WAL is reused) and the driver
//    fdatasyncs the WAL file itself, on libuv's thread pool, before the commit's promise resolves. So
//    nothing is answered before its commit is on disk, as with FULL, while the thread serves others.
//    See docs/decisions/0009-sqlite-off-the-event-loop.md.
// 2. Preparing every query anew (see the statement cache below).
// 3. With `checkpointThread`, SQLite's automatic checkpoints, which run inside a COMMIT: a thread of
//    their own does them (sqlite-checkpoints.ts).

export interface SqliteWriterOptions {
  file: string;
  /** Run in order when the connection opens, after journal_mode=WAL and synchronous=NORMAL. */
  pragmas: string[];
  /** Tests only: stands in for the WAL's fdatasync, to see what waits for it. */
  syncWal?: () => Promise<void>;
  /**
   * Checkpoints in a thread of their own instead of inside this connection's commits (a file only).
   * Should that thread fail, this connection checkpoints itself again and `onFailure` hears why.
   */
  checkpointThread?: { onFailure: (error: Error) => void; intervalMs?: number };
}

/** SQLite's default: a commit that takes the WAL past this many pages checkpoints. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * With the checkpoint thread, this connection still checkpoints once the WAL reaches this many pages
 * (40 MB). The thread copies frames but cannot start the WAL again: only the writer does, at a
 * transaction that begins with every frame copied, and under writes that never pause that moment may
 * not come. A checkpoint here, between two of this connection's own transactions, always brings it, and
 * costs little: the thread has copied nearly every frame already.
 */
export const WAL_LIMIT_PAGES = 10_000;

/**
 * fdatasync of the WAL file on libuv's thread pool, through a descriptor kept open (opening one per
 * commit cost the event loop more than the sync). SQLite keeps the WAL file while a connection is open;
 * should the sync fail (the file was replaced), the next one opens it afresh.
 */
class WalSync {
  readonly #path: string;
  #fd: number | null = null;

  constructor(path: string) {
    this.#path = path;
  }

  async sync(): Promise<void> {
    this.#fd ??= await new Promise<number>((resolve, reject) =>
      openFile(this.#path, "r", (error, fd) => (error ? reject(error) : resolve(fd))),
    );
    const fd = this.#fd;
    try {
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      this.close();
      throw error;
    }
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}

class WriterConnection implements DatabaseConnection {
  readonly #database: SQLite.Database;
  readonly #prepare: (sql: string) => SQLite.Statement;
  /** Syncs the WAL file after a write; null for an in-memory database. */
  readonly #wal: Pick<WalSync, "sync" | "close"> | null;

  constructor(database: SQLite.Database, wal: Pick<WalSync, "sync" | "close"> | null) {
    this.#database = database;
    this.#prepare = statementCache(database);
    this.#wal = wal;
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(sql);
    let result: QueryResult<R>;
    if (statement.reader) {
      // A write with RETURNING is a reader too.
      result = { rows: statement.all(parameters) as R[] };
    } else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }
    await this.#syncIfCommitted(statement, sql);
    return result;
  }

  /**
   * After a statement that wrote and left no transaction open (a COMMIT, or a write in autocommit
   * mode), the WAL goes to disk before anyone hears of the write.
   */
  async #syncIfCommitted(statement: SQLite.Statement, sql: string): Promise<void> {
    if (this.#wal === null || this.#database.inTransaction) return;
    // SQLite counts COMMIT as read-only (it changes no table by itself).
    if (statement.readonly && sql !== "commit") return;
    await this.#wal.sync();
  }

  // eslint-disable-next-line require-yield -- no query of the app streams; a clear error if one starts to
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the SQLite writer: page with a keyset instead");
  }

  close(): void {
    this.#wal?.close();
    this.#database.close();
  }
}

class WriterDriver implements Driver {
  readonly #options: SqliteWriterOptions;
  #connection: WriterConnection | null = null;
  #checkpoints: CheckpointThread | null = null;
  /** One connection: a query or transaction waits until the one before it has let go. */
  #lock: Promise<void> = Promise.resolve();
  #unlock: (() => void) | null = null;

  constructor(options: SqliteWriterOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    const { file, pragmas } = this.#options;
    const inMemory = file === ":memory:";
    if (!inMemory) mkdirSync(dirname(file), { recursive: true });
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    database.pragma(inMemory ? "synchronous = FULL" : "synchronous = NORMAL");
    // 64 MiB of page cache instead of 2: the tables' indexes take inserts at random places, and pages
    // read back from the OS cost a system call each.
    database.pragma("cache_size = -65536");
    for (const pragma of pragmas) database.pragma(pragma);
    const wal = inMemory
      ? null
      : this.#options.syncWal
        ? { sync: this.#options.syncWal, close() {} }
        : new WalSync(`${file}-wal`);
    this.#connection = new WriterConnection(database, wal);
    const { checkpointThread } = this.#options;
    if (checkpointThread && !inMemory) {
      database.pragma(`wal_autocheckpoint = ${WAL_LIMIT_PAGES}`);
      this.#checkpoints = new CheckpointThread({
        file,
        ...(checkpointThread.intervalMs !== undefined && { intervalMs: checkpointThread.intervalMs }),
        onFailure: (error) => {
          database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
          checkpointThread.onFailure(error);
        },
      });
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#lock;
    let unlock!: () => void;
    this.#lock = new Promise<void>((resolve) => (unlock = resolve));
    await previous;
    this.#unlock = unlock;
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.#unlock;
    this.#unlock = null;
    unlock?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    // First the thread, so that it never sees this connection closed (nor calls back into it).
    await this.#checkpoints?.close();
    this.#connection?.close();
  }
}

/** A SQLite dialect around a driver of ours: Kysely's own SQLite adapter, query compiler and introspector. */
export function sqliteDialectWith(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

/** The SQLite write connection. */
export const sqliteWriterDialect = (options: SqliteWriterOptions): Dialect =>
  sqliteDialectWith(() => new WriterDriver(options));
