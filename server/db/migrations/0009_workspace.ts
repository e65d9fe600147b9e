import { sql, type Kysely } from "kysely";

// The lead workspace's storage (docs/decisions/0025-lead-workspace-storage.md):
//
// people: an opaque id per normalised email, made the first time a record panel needs it, so URLs and
//   logs name a person without their address.
// notes: staff notes on a record, with the record's email so a person's notes are one index range.
// workspace_events: what staff (or round-robin) did to a record that the record itself does not keep:
//   status changes, assignments, deleted notes. The person's email and the record's key on each row.
// settings: workspace settings as key and value (the assignment mode, and round-robin's cursor row,
//   which every submission group that assigns locks once).
// admins.available: who takes part in round-robin.
//
// The owner filter reads a page newest first like every list, so its index ends in (created_at, id);
// it replaces 0008's (owner, created_at), which left a sort on id for ties.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const COLLECTION = sql`collection in ('leads', 'contacts', 'newsletter')`;
const EVENT_KINDS = sql`kind in ('status-changed', 'assigned', 'note-deleted')`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("people")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("people_email_key").on("people").column("email").unique().execute();

  await db.schema
    .createTable("notes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("collection", "text", (col) => col.notNull().check(COLLECTION))
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("notes_email_created_at_idx").on("notes").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("notes_record_id_idx").on("notes").column("record_id").execute();

  await db.schema
    .createTable("workspace_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("collection", "text", (col) => col.notNull().check(COLLECTION))
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(EVENT_KINDS))
    // A staff email, or "round-robin".
    .addColumn("actor", "text", (col) => col.notNull())
    // JSON text: {from, to} or {noteId}.
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("workspace_events_email_at_idx")
    .on("workspace_events")
    .columns(["email", "at"])
    .execute();
  await db.schema.createIndex("workspace_events_record_id_idx").on("workspace_events").column("record_id").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // 0/1, like the lead's opt-in: the same queries and rows on both databases.
  await db.schema
    .alterTable("admins")
    .addColumn("available", "integer", (col) => col.notNull().defaultTo(1))
    .execute();

  for (const table of ["leads", "contacts"]) {
    await db.schema.dropIndex(`${table}_owner_created_idx`).execute();
    await db.schema
      .createIndex(`${table}_owner_created_at_id_idx`)
      .on(table)
      .columns(["owner", "created_at", "id"])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["leads", "contacts"]) {
    await db.schema.dropIndex(`${table}_owner_created_at_id_idx`).execute();
    await db.schema.createIndex(`${table}_owner_created_idx`).on(table).columns(["owner", "created_at"]).execute();
  }
  await db.schema.alterTable("admins").dropColumn("available").execute();
  for (const table of ["settings", "workspace_events", "notes", "people"]) await db.schema.dropTable(table).execute();
}
