import { CamelCasePlugin, Kysely, PostgresAdapter, type KyselyConfig, PostgresDialect, type Dialect, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from "kysely";
import pg from "pg";
import type { Db, Tables } from "./schema";
import { sqliteBulkReader, sqliteReader, sqliteWriter, type GateSide } from "./sqlite/sqlite";

export { newWriteGateBuffer, writeGate } from "./sqlite/sqlite";

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
   * sqlite/sqlite-checkpoints.ts). `onFailure` hears why if that thread fails; the connection then
   * checkpoints itself again.
   */
  checkpointThread?: { onFailure: (error: Error) => void };
  /**
   * A SQLite file only: a second connection of this process writes the file too (the webhook sender's
   * thread), and they take turns at this gate, each on its side (sqlite/write-gate.ts).
   */
  writeGate?: { buffer: SharedArrayBuffer; side: GateSide };
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  const location = parseDatabaseUrl(url);
  const dialect = location.kind === "sqlite" ? sqliteWriter(location.file, options) : postgresDialect(location.url, options);
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
  const plugin = new CamelCaseQueries();
  return kysely(sqliteReader(location.file, (column) => plugin.rowKey(column)), plugin);
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
  const plugin = new CamelCaseQueries();
  return kysely(sqliteBulkReader(location.file, (column) => plugin.rowKey(column)), plugin);
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
