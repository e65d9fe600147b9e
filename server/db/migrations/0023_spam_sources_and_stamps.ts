import type { Kysely } from "kysely";

// Issue 39, item 5 (docs/decisions/0045-spam-repetition-weighed-by-source.md):
//
// - source_hash on leads and contacts: a keyed hash of the client bucket a submission came from (its IPv4
//   address or IPv6 /64; security/client-bucket.ts), so the repeated-content signal counts distinct
//   sources rather than addresses. Read only through the content_hash index (migration 0015), beside it;
//   null on rows stored before this migration and from clients whose address is unknown.
// - used_render_stamps: each render stamp serves one submission. A submission's transaction inserts its
//   stamp's nonce (the primary key: one indexed insert); a second submission with the same stamp finds
//   it taken and scores render-stamp-reused. Rows go when the stamp expires (an hour; by then it counts
//   as missing anyway), through the hourly maintenance and its expires_at index. A logged table on
//   PostgreSQL, shared by every instance, so a stamp is single-use across them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const TABLES = ["leads", "contacts"] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn("source_hash", "text").execute();
  await db.schema
    .createTable("used_render_stamps")
    .addColumn("nonce", "text", (col) => col.primaryKey())
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("used_render_stamps_expires_at_idx")
    .on("used_render_stamps")
    .column("expires_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("used_render_stamps").execute();
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("source_hash").execute();
}
