import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// Staff accounts, their sessions, the login lockout counters, the change log behind the live stream,
// and the indexes the admin lists and export need: every list orders by (created_at, id) descending,
// optionally filtered by status or type, so each filter gets an index ending in (created_at, id).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema
    .createTable("admins")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admins_email_key").on("admins").column("email").unique().execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("admin_id", "text", (col) => col.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_admin_id_idx").on("sessions").column("admin_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("failures", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("login_throttle_window_start_idx").on("login_throttle").column("window_start").execute();

  await db.schema
    .createTable("changes")
    .addColumn("seq", postgres ? "bigserial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("collection", "text", (col) =>
      col.notNull().check(sql`collection in ('leads', 'contacts', 'newsletter')`),
    )
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("op", "text", (col) => col.notNull().check(sql`op in ('insert', 'update')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("changes_created_at_idx").on("changes").column("created_at").execute();

  if (postgres) {
    // NOTIFY inside the inserting transaction is delivered only on commit, so a listener is never told
    // of a change it cannot read yet. The payload is the seq alone: readers take the rows from the table.
    await sql`
      create function erf_notify_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('erf_changes', new.seq::text);
        return null;
      end $$`.execute(db);
    await sql`create trigger changes_notify after insert on changes for each row execute function erf_notify_change()`.execute(
      db,
    );
  }

  // Keyset pagination: ORDER BY created_at DESC, id DESC with WHERE (created_at, id) < (?, ?) walks
  // these indexes backwards and stops after one page, at any depth.
  for (const table of ["leads", "contacts", "newsletter"]) {
    await db.schema.dropIndex(`${table}_created_at_idx`).execute();
    await db.schema.dropIndex(`${table}_status_created_at_idx`).execute();
    await db.schema.createIndex(`${table}_created_at_id_idx`).on(table).columns(["created_at", "id"]).execute();
    await db.schema
      .createIndex(`${table}_status_created_at_id_idx`)
      .on(table)
      .columns(["status", "created_at", "id"])
      .execute();
  }
  await db.schema.dropIndex("leads_type_created_at_idx").execute();
  await db.schema
    .createIndex("leads_type_created_at_id_idx")
    .on("leads")
    .columns(["type", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("leads_type_status_created_at_id_idx")
    .on("leads")
    .columns(["type", "status", "created_at", "id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("leads_type_status_created_at_id_idx").execute();
  await db.schema.dropIndex("leads_type_created_at_id_idx").execute();
  await db.schema.createIndex("leads_type_created_at_idx").on("leads").columns(["type", "created_at"]).execute();
  for (const table of ["leads", "contacts", "newsletter"]) {
    await db.schema.dropIndex(`${table}_status_created_at_id_idx`).execute();
    await db.schema.dropIndex(`${table}_created_at_id_idx`).execute();
    await db.schema.createIndex(`${table}_created_at_idx`).on(table).column("created_at desc").execute();
    await db.schema.createIndex(`${table}_status_created_at_idx`).on(table).columns(["status", "created_at"]).execute();
  }
  if (isPostgres(db)) await sql`drop function erf_notify_change() cascade`.execute(db);
  for (const table of ["changes", "login_throttle", "sessions", "admins"]) await db.schema.dropTable(table).execute();
}
