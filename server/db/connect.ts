import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import type { Db, Tables } from "./schema";

// The one place that knows which database is in use. Everything else takes a Db and writes
// queries both dialects run the same way.

export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url.startsWith("sqlite:")) return { kind: "sqlite", file: url.slice("sqlite:".length) };
  throw new Error(`Unsupported DATABASE_URL (use sqlite:<file> or postgres://...)`);
}

export interface ConnectOptions {
  /** PostgreSQL only: the schema to work in (tests use a throwaway schema per file). */
  searchPath?: string;
  /** Called with errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  const location = parseDatabaseUrl(url);
  const dialect = location.kind === "sqlite" ? sqliteDialect(location.file) : postgresDialect(location.url, options);
  return kysely(dialect);
}

/** Tables in camelCase here, snake_case in SQL. */
const kysely = (dialect: Dialect): Db => new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()] });

function sqliteDialect(file: string): Dialect {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run beside the writer; synchronous=FULL fsyncs each commit, so a 201 (sent after
  // the commit) survives kill -9 and power loss; busy_timeout waits out a second process's write lock.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return new SqliteDialect({ database: withStatementCache(database) });
}

/**
 * A second handle for reads that need not wait for writes: on a SQLite file, its own read-only
 * connection. SQLite in WAL mode lets it read the last commit while the writer's group transaction is
 * open, instead of queueing behind it on the one write connection (pre-checks of idempotency keys,
 * staff lists, stats, the export and the live stream). PostgreSQL (a pool) and an in-memory SQLite
 * database (which a second connection could not see) read through `db` itself.
 */
export function connectReader(url: string, db: Db): Db {
  const location = parseDatabaseUrl(url);
  if (location.kind !== "sqlite" || location.file === ":memory:") return db;
  // Not opened read-only: a read-only connection cannot take the WAL-index locks a reader normally
  // takes, and then retries with sleeps that block the event loop for seconds while the writer resets
  // the WAL. query_only refuses writes instead.
  const database = new SQLite(location.file, { fileMustExist: true });
  database.pragma("query_only = 1");
  database.pragma("busy_timeout = 5000");
  return kysely(new SqliteDialect({ database: withStatementCache(database) }));
}

/** Distinct statements kept prepared; the app writes a few dozen, so this never evicts in practice. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs about as much as running a
 * small insert (a tenth of a submission's CPU in a profile). Kysely builds the same SQL text for the
 * same query shape with values as parameters, so a statement per SQL text can be reused. Safe on one
 * connection: Kysely runs one query at a time on it, and a streamed query holds the connection until
 * its iterator ends.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) return statement;
      statement = database.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

function postgresDialect(url: string, options: ConnectOptions): Dialect {
  if (options.searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.searchPath)) {
    throw new Error("searchPath must be a plain lower-case identifier");
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
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
