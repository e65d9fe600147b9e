import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// POPIA/GDPR and speed-to-lead: consent records, the suppression list (hashes only), the append-only
// audit log, the outbox of alert and welcome emails, and when each record's status last changed (the
// retention clock starts then).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema
    .createTable("consents")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('newsletter', 'marketing')`))
    .addColumn("channel", "text", (col) => col.notNull().check(sql`channel in ('email')`))
    .addColumn("action", "text", (col) => col.notNull().check(sql`action in ('given', 'withdrawn')`))
    .addColumn("wording_version", "text")
    .addColumn("wording", "text")
    .addColumn("source", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("record_collection", "text")
    .addColumn("record_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("consents_email_idx").on("consents").column("email").execute();
  await db.schema.createIndex("consents_created_at_idx").on("consents").column("created_at").execute();

  await db.schema
    .createTable("suppressions")
    .addColumn("email_hash", "text", (col) => col.primaryKey())
    .addColumn("reason", "text", (col) => col.notNull().check(sql`reason in ('unsubscribed', 'erased')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("audit")
    .addColumn("id", postgres ? "bigserial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  // Append-only in the database itself, not just by the absence of a route: a bug or a stolen
  // application credential still cannot rewrite history. Changing this needs a migration (DDL).
  if (postgres) {
    await sql`
      create function erf_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit is append-only';
      end $$`.execute(db);
    await sql`create trigger audit_append_only before update or delete on audit for each row execute function erf_audit_append_only()`.execute(
      db,
    );
    await sql`create trigger audit_no_truncate before truncate on audit for each statement execute function erf_audit_append_only()`.execute(
      db,
    );
  } else {
    await sql`create trigger audit_no_update before update on audit begin select raise(abort, 'audit is append-only'); end`.execute(
      db,
    );
    await sql`create trigger audit_no_delete before delete on audit begin select raise(abort, 'audit is append-only'); end`.execute(
      db,
    );
  }

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('lead-alert', 'welcome')`))
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('pending', 'sent', 'failed', 'cancelled')`))
    // The person the message is about, so an erasure finds it; the recipient is worked out at send time.
    .addColumn("subject_email", "text", (col) => col.notNull())
    .addColumn("record_collection", "text", (col) => col.notNull())
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("outbox_state_next_attempt_idx")
    .on("outbox")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("outbox_subject_email_idx").on("outbox").column("subject_email").execute();

  for (const table of ["leads", "contacts", "newsletter"]) {
    await db.schema.alterTable(table).addColumn("status_changed_at", "text").execute();
  }
  // Data-subject requests look people up by exact address (newsletter has its unique index already).
  for (const table of ["leads", "contacts"])
    await db.schema.createIndex(`${table}_email_idx`).on(table).column("email").execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["leads", "contacts"]) await db.schema.dropIndex(`${table}_email_idx`).execute();
  for (const table of ["leads", "contacts", "newsletter"])
    await db.schema.alterTable(table).dropColumn("status_changed_at").execute();
  if (isPostgres(db)) await sql`drop function erf_audit_append_only() cascade`.execute(db);
  for (const table of ["outbox", "audit", "suppressions", "consents"]) await db.schema.dropTable(table).execute();
}
