import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// Two ledgers for issue 17's smaller findings.
//
// idempotency_keys.fingerprint: a keyed hash of the request a key was first used with, so the same key
// sent with another body is refused (422) instead of answered with the first body's result. Rows written
// before this migration have none and replay as before; they leave the one-day window within a day.
//
// rate_limits: the public forms' per-client counters, one row per client (IPv4 address or IPv6 /64),
// each a fixed window that opens at its first request. Kept in the database so every server instance on
// one PostgreSQL counts together; a SQLite server is one process and counts in memory, but has the table
// too, so both schemas stay the same. UNLOGGED on PostgreSQL: a counter need not survive a crash, and
// without WAL for its rows the upsert before each submission commits without waiting for a WAL flush
// (measured: a logged table added about 12 ms to each submission on a busy test machine).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("idempotency_keys").addColumn("fingerprint", "text").execute();

  await db.schema
    .createTable("rate_limits")
    .$call((table) => (isPostgres(db) ? table.modifyFront(sql`unlogged`) : table))
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window_start_idx").on("rate_limits").column("window_start").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("fingerprint").execute();
}
