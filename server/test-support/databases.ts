import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { connectDatabase, isPostgres, migrateToLatest, type Db } from "../db/store";

// The databases the API suites run against: always a real SQLite file, and PostgreSQL too when
// TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).

export interface OpenDatabase {
  db: Db;
  /** Its DATABASE_URL, for a second connection (with `schema` on PostgreSQL). */
  url: string;
  /** PostgreSQL only: the throwaway schema, for a second connection to the same tables. */
  schema?: string;
  close(): Promise<void>;
}

export interface TestDatabase {
  name: "sqlite" | "postgres";
  open(): Promise<OpenDatabase>;
}

const sqlite: TestDatabase = {
  name: "sqlite",
  async open() {
    const dir = await mkdtemp(join(tmpdir(), "erf-test-"));
    const url = `sqlite:${join(dir, "erf.sqlite")}`;
    const db = connectDatabase(url);
    await migrateToLatest(db);
    return {
      db,
      url,
      async close() {
        await db.destroy();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Kysely's migrator looks for its bookkeeping tables by listing the tables of every schema, and that
 * listing calls has_schema_privilege() by name: when another test file drops its own schema in the
 * middle of it, PostgreSQL answers `schema "t_…" does not exist` (3F000) about that other schema, or
 * `relation "t_….sessions" does not exist` (42P01) when one of its tables goes between the listing and
 * the look at its columns. Only test files share a database with schemas coming and going, so only they
 * try again, and only when the error names another schema.
 */
export function anotherSchemaWentAway(error: unknown, schema: string): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : "";
  return (code === "3F000" || code === "42P01") && /"t_[0-9a-f]{12}/.test(message) && !message.includes(schema);
}

async function migrateAlongsideOthers(db: Db, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db, { schema });
      return;
    } catch (error) {
      if (!anotherSchemaWentAway(error, schema) || attempt === 5) throw error;
    }
  }
}

/** A throwaway schema per suite, so test files can run in parallel against one database. */
const postgres = (url: string): TestDatabase => ({
  name: "postgres",
  async open() {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = connectDatabase(url, { searchPath: schema });
    await migrateAlongsideOthers(db, schema);
    return {
      db,
      url,
      schema,
      async close() {
        await db.destroy();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  },
});

export const postgresUrl = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = [sqlite, ...(postgresUrl ? [postgres(postgresUrl)] : [])];

/** The names of a table's indexes, sorted (the migration tests check a rebuilt table keeps them). */
export async function indexesOf(db: Db, table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
        db,
      )
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(
        db,
      );
  return rows.map((row) => row.name).sort();
}

export async function clearTables(db: Db): Promise<void> {
  // sessions before admins: they reference them. The audit log is append-only (a trigger refuses
  // deletes), so suites that read it compare against what it held before (see auditSince).
  for (const table of [
    "webhookAttempts",
    "webhookDeliveries",
    "webhookEvents",
    "webhookEndpoints",
    "apiTokens",
    "contacts",
    "leads",
    "newsletter",
    "idempotencyKeys",
    "changes",
    "sessions",
    "recoveryCodes",
    "passwordResets",
    "staffInvitations",
    "admins",
    "loginThrottle",
    "rateLimits",
    "consents",
    "suppressions",
    "outbox",
    "newsletterConfirmations",
    "notes",
    "workspaceEvents",
    "people",
    "settings",
    "spamBlocklist",
    "usedRenderStamps",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

export async function countRows(
  db: Db,
  table:
    | "contacts"
    | "leads"
    | "newsletter"
    | "idempotencyKeys"
    | "consents"
    | "suppressions"
    | "outbox"
    | "audit"
    | "changes"
    | "newsletterConfirmations"
    | "notes"
    | "workspaceEvents"
    | "people"
    | "staffInvitations"
    | "passwordResets"
    | "recoveryCodes"
    | "sessions",
): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string, SQLite as a number.
  return Number(count);
}
