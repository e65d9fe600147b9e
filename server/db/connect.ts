import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresAdapter, type KyselyConfig, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from "kysely";
import pg from "pg";
import type { Db, Tables } from "./schema";
import { keyedRows, sqliteReadThreadDialect } from "./sqlite-thread";
import { sqliteWriterDialect } from "./sqlite-writer";
import { statementCache } from "./statement-cache.mjs";

// The one place that knows which database is in use. Everything else takes a Db and writes
// queries both dialects run the same way.

export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url.startsWith("sqlite:")) return { kind: "sqlite", file: url.slice("sqlite:".length) };
  throw new Error(`Unsupported DATABASE_URL (use sqlite:<file> or postgres://...)`);
}

/** An in-memory SQLite database: only its one connection sees it, so it has no reader and no bulk reader. */
export const isInMemoryDatabase = (url: string) => url === "sqlite::memory:";

export interface ConnectOptions {
  /** PostgreSQL only: the schema to work in (tests use a throwaway schema per file). */
  searchPath?: string;
  /** Called with errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL only: the most connections the pool opens (default 10). */
  maxConnections?: number;
  /** Kysely's query log: called with every statement run (tests count statements with it). */
  log?: KyselyConfig["log"];
  /**
   * A SQLite file only: checkpoints in a thread of their own, not inside the server's commits (see
   * sqlite-checkpoints.ts). `onFailure` hears why if that thread fails; the connection then checkpoints
   * itself again.
   */
  checkpointThread?: { onFailure: (error: Error) => void };
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  const location = parseDatabaseUrl(url);
  const dialect = location.kind === "sqlite" ? sqliteDialect(location.file, options) : postgresDialect(location.url, options);
  return options.log ? new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()], log: options.log }) : kysely(dialect);
}

/** Tables in camelCase here, snake_case in SQL. */
const kysely = (dialect: Dialect, plugin: CamelCasePlugin = new CamelCasePlugin()): Db => new Kysely<Tables>({ dialect, plugins: [plugin] });

/** Names in queries snake_case; rows left as the driver built them (already camelCase: see rowKey). */
class CamelCaseQueries extends CamelCasePlugin {
  /** The key a column named in SQL gets in a row, as CamelCasePlugin would map it. */
  rowKey(column: string): string {
    return this.camelCase(column);
  }

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function sqliteDialect(file: string, { checkpointThread }: ConnectOptions): Dialect {
  // WAL lets readers run beside the writer; every commit is on disk before its promise resolves (the
  // driver syncs the WAL off the event loop: sqlite-writer.ts), so a 201, sent after the commit, survives
  // kill -9 and power loss; busy_timeout waits out a second process's write lock.
  return sqliteWriterDialect({ file, pragmas: ["foreign_keys = ON", "busy_timeout = 5000"], ...(checkpointThread && { checkpointThread }) });
}

/**
 * A second handle for reads that need not wait for writes: on a SQLite file, its own read-only
 * connection (in a thread of its own). SQLite in WAL mode lets it read the last commit while the
 * writer's group transaction is open, instead of queueing behind it on the one write connection
 * (pre-checks of idempotency keys, staff lists, stats, the export and the live stream), and a scan of a
 * large table there delays no write. PostgreSQL (a pool) and an in-memory SQLite database (which a
 * second connection could not see) read through `db` itself. Open it after the migrations: the file
 * must exist.
 */
export function connectReader(url: string, db: Db): Db {
  const location = parseDatabaseUrl(url);
  if (location.kind !== "sqlite" || isInMemoryDatabase(url)) return db;
  // Not opened read-only: a read-only connection cannot take the WAL-index locks a reader normally
  // takes, and then retries with sleeps of seconds while the writer resets the WAL. query_only refuses
  // writes instead.
  const plugin = new CamelCaseQueries();
  return kysely(
    sqliteReadThreadDialect({ file: location.file, fileMustExist: true, pragmas: ["query_only = 1", "busy_timeout = 5000"], rowKey: (column) => plugin.rowKey(column) }),
    plugin,
  );
}

/**
 * A connection of its own for a worker thread that reads in bulk (the CSV export: export/csv-worker.ts).
 * On SQLite a plain read connection in that thread: better-sqlite3 blocks the thread it runs on, and
 * that thread does nothing else. On PostgreSQL a pool of two. Not for :memory: (a second connection
 * would see another, empty, database). Open it after the migrations.
 */
export function connectBulkReader(url: string, options: ConnectOptions = {}): Db {
  const location = parseDatabaseUrl(url);
  if (location.kind === "postgres") return kysely(postgresDialect(location.url, { maxConnections: 2, ...options }));
  if (isInMemoryDatabase(url)) throw new Error("An in-memory SQLite database cannot be read from a second connection");
  // Not read-only, for the reason given in connectReader.
  const database = new SQLite(location.file, { fileMustExist: true });
  database.pragma("query_only = 1");
  database.pragma("busy_timeout = 5000");
  const plugin = new CamelCaseQueries();
  return kysely(new SqliteDialect({ database: arrayRowsDatabase(database, (column) => plugin.rowKey(column)) }), plugin);
}

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with each SQL text prepared once and rows read as
 * arrays, keyed once per statement: the driver's own row objects, renamed again by CamelCasePlugin, were
 * most of a 100,000-row export's time in the export's thread.
 */
function arrayRowsDatabase(database: SQLite.Database, rowKey: (column: string) => string): SqliteDatabase {
  const prepare = statementCache(database);
  const keys = new WeakMap<SQLite.Statement, string[]>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = prepare(sql);
      if (!statement.reader) return statement;
      let columnKeys = keys.get(statement);
      if (!columnKeys) {
        statement.raw(true);
        columnKeys = statement.columns().map((column) => rowKey(column.name));
        keys.set(statement, columnKeys);
      }
      const rowKeys = columnKeys;
      return {
        reader: true,
        all: (parameters) => keyedRows(rowKeys, statement.all(parameters) as unknown[][]),
        run: (parameters) => statement.run(parameters),
        *iterate(parameters) {
          for (const values of statement.iterate(parameters) as Iterable<unknown[]>) yield keyedRows(rowKeys, [values])[0];
        },
      };
    },
  };
}

function postgresDialect(url: string, options: ConnectOptions): Dialect {
  if (options.searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.searchPath)) {
    throw new Error("searchPath must be a plain lower-case identifier");
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // Without a timeout a down database makes requests (and /healthz) hang instead of failing.
    connectionTimeoutMillis: 5_000,
    ...(options.searchPath !== undefined && { options: `-c search_path=${options.searchPath}` }),
  });
  pool.on("error", (error) => options.onPoolError?.(error));
  return new PostgresDialect({ pool });
}

/** For the few statements the dialects spell differently (locks, sequences, NOTIFY). */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
