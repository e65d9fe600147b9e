import type { Kysely } from "kysely";

// The lead workspace's columns on the two tables staff work (leads and contacts):
//
// source_path: the page the form was sent from, kept as the visitor's browser gave it, never changed.
// owner: the staff member handling the record (their lower-cased email), or null.
// first_response_at: when the record first left "new" or got its first note (the speed-to-lead clock).
//
// Rows written before this migration read null for all three.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const TABLES = ["leads", "contacts"] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("source_path", "text").execute();
    await db.schema.alterTable(table).addColumn("owner", "text").execute();
    await db.schema.alterTable(table).addColumn("first_response_at", "text").execute();
    // The owner filter ("Mine", "Unassigned", anyone) reads a page newest first.
    await db.schema.createIndex(`${table}_owner_created_idx`).on(table).columns(["owner", "created_at"]).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_owner_created_idx`).execute();
    await db.schema.alterTable(table).dropColumn("first_response_at").execute();
    await db.schema.alterTable(table).dropColumn("owner").execute();
    await db.schema.alterTable(table).dropColumn("source_path").execute();
  }
}
