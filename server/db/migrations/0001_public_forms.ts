import { sql, type Kysely } from "kysely";

// The three public collections plus the idempotency ledger. Names are snake_case here because
// migrations describe SQL, whichever plugins the app's Kysely instance uses.

const leadStatus = sql`status in ('new', 'contacted', 'qualified', 'closed')`;
const botCheck = sql`bot_check in ('passed', 'failed', 'missing', 'skipped')`;

// Kysely<any>: a migration is written against the schema as it was at that point, not today's Tables type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contacts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("company_name", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("bot_check", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addCheckConstraint("contacts_status_check", leadStatus)
    .addCheckConstraint("contacts_bot_check_check", botCheck)
    .execute();
  await db.schema.createIndex("contacts_created_at_idx").on("contacts").column("created_at desc").execute();
  await db.schema
    .createIndex("contacts_status_created_at_idx")
    .on("contacts")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("leads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('signup', 'demo')`))
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text")
    .addColumn("company_name", "text", (col) => col.notNull())
    .addColumn("job_title", "text")
    .addColumn("organization_type", "text", (col) => col.notNull())
    .addColumn("property_count", "text", (col) => col.notNull())
    .addColumn("message", "text")
    .addColumn("challenges", "text")
    .addColumn("marketing_opt_in", "integer", (col) => col.check(sql`marketing_opt_in in (0, 1)`))
    .addColumn("terms_accepted_at", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("bot_check", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addCheckConstraint("leads_status_check", leadStatus)
    .addCheckConstraint("leads_bot_check_check", botCheck)
    .execute();
  await db.schema.createIndex("leads_created_at_idx").on("leads").column("created_at desc").execute();
  await db.schema.createIndex("leads_status_created_at_idx").on("leads").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("leads_type_created_at_idx").on("leads").columns(["type", "created_at"]).execute();

  await db.schema
    .createTable("newsletter")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("subscribed"))
    .addColumn("bot_check", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addCheckConstraint("newsletter_status_check", sql`status in ('subscribed', 'unsubscribed')`)
    .addCheckConstraint("newsletter_bot_check_check", botCheck)
    .execute();
  // Emails are lower-cased by the shared schema before they get here, so a plain unique index is case-insensitive.
  await db.schema.createIndex("newsletter_email_key").on("newsletter").column("email").unique().execute();
  await db.schema.createIndex("newsletter_created_at_idx").on("newsletter").column("created_at desc").execute();
  await db.schema
    .createIndex("newsletter_status_created_at_idx")
    .on("newsletter")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("route", "text", (col) => col.notNull())
    .addColumn("status", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["route", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at_idx").on("idempotency_keys").column("created_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["idempotency_keys", "newsletter", "leads", "contacts"]) {
    await db.schema.dropTable(table).execute();
  }
}
