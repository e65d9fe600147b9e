import {
  CamelCasePlugin,
  Kysely,
  PostgresAdapter,
  type KyselyConfig,
  PostgresDialect,
  type Dialect,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from "kysely";
import pg from "pg";
import type { Db, Tables } from "./schema";
import { sqliteBulkReader, sqliteReader, sqliteWriter } from "./sqlite/sqlite";

// The one place that knows which database is in use. Everything else takes a Db and writes
// queries both dialects run the same way.

export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** A PostgreSQL URL; any other is a SQLite file's or refused (parseDatabaseUrl). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (isPostgresUrl(url)) return { kind: "postgres", url };
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
  /** PostgreSQL only: the connections' application_name, which pg_stat_activity shows. */
  applicationName?: string;
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
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  const location = parseDatabaseUrl(url);
  const dialect =
    location.kind === "sqlite" ? sqliteWriter(location.file, options) : postgresDialect(location.url, options);
  return options.log
    ? new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()], log: options.log })
    : kysely(dialect);
}

/** Tables in camelCase here, snake_case in SQL. */
const kysely = (dialect: Dialect, plugin: CamelCasePlugin = new CamelCasePlugin()): Db =>
  new Kysely<Tables>({ dialect, plugins: [plugin] });

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
  return kysely(
    sqliteReader(location.file, (column) => plugin.rowKey(column)),
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
  const plugin = new CamelCaseQueries();
  return kysely(
    sqliteBulkReader(location.file, (column) => plugin.rowKey(column)),
    plugin,
  );
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
    ...(options.applicationName !== undefined && { application_name: options.applicationName }),
    // Each prepared statement is still planned for its values (see prepareOnFirstUse).
    options: `-c plan_cache_mode=force_custom_plan${options.searchPath !== undefined ? ` -c search_path=${options.searchPath}` : ""}`,
  });
  pool.on("error", (error) => options.onPoolError?.(error));
  pool.on("connect", prepareOnFirstUse);
  return new PostgresDialect({ pool });
}

/** Statements prepared per connection; any beyond are sent unnamed, as before. */
export const PREPARED_PER_CONNECTION = 500;
/** Transaction control: nothing to parse, and not worth a name. */
const TRANSACTION_CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;
/** A prepared statement whose result columns changed under it (feature_not_supported). */
const RESULT_TYPE_CHANGED = "0A000";

/**
 * Prepares each statement a pooled connection runs the first time it runs it, and runs it by name
 * after that (decision 0039). Kysely sends every query unnamed, which PostgreSQL parses and analyses
 * each time: at 500 submissions a second that was about a third of its CPU. The same text gets the same
 * name on a connection, up to PREPARED_PER_CONNECTION texts (a list of ids makes a text per length), and
 * plan_cache_mode=force_custom_plan (set above) still plans each run for its values, so no statement
 * falls back to a generic plan (the webhook claim relies on its literal for the due index). A statement
 * whose result columns changed under it (a migration by a newer instance) is prepared afresh: at once
 * outside a transaction; inside one, whose failure PostgreSQL has already rolled back, the next time.
 * Whether a transaction is open is read from the texts Kysely sends (begin, commit, rollback);
 * prepared-statements.test.ts fails if a Kysely upgrade changes them.
 */
function prepareOnFirstUse(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  let next = 0;
  let inTransaction = false;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const prepared = async (text: string, values: unknown[], again = true): Promise<unknown> => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= PREPARED_PER_CONNECTION) return query(text, values);
      name = `erf_${(next += 1)}`;
      names.set(text, name);
    }
    try {
      return await query({ text, values, name });
    } catch (error) {
      if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
      names.delete(text);
      if (inTransaction || !again) throw error;
      return prepared(text, values, false);
    }
  };
  // Kysely calls query(text, values) for its statements; anything else (a cursor, a config) passes through.
  (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values)) return query(...args);
    if (!TRANSACTION_CONTROL.test(text)) return prepared(text, values);
    if (/^begin\b/i.test(text)) inTransaction = true;
    else if (/^(commit|rollback)$/i.test(text.trim())) inTransaction = false;
    return query(text, values);
  };
}

/** For the few statements the dialects spell differently (locks, sequences, NOTIFY). */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
