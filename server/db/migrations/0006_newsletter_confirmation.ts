import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../connect";
import { rebuildSqliteTable } from "./sqlite-rebuild";

// An opt-out sticks until the person confirms by email: the confirmations those emails link to, the
// "pending" status of a subscription that waits for one (NEWSLETTER_DOUBLE_OPT_IN), and the outbox kind
// that sends them.
//
// SQLite cannot change a CHECK constraint in place, so there the two tables whose checks change are
// rebuilt (sqlite-rebuild.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const BOT_CHECK = sql`bot_check in ('passed', 'failed', 'missing', 'skipped')`;
const STATUSES_BEFORE = sql`status in ('subscribed', 'unsubscribed')`;
const STATUSES_AFTER = sql`status in ('subscribed', 'unsubscribed', 'pending')`;
const KINDS_BEFORE = sql`kind in ('lead-alert', 'welcome')`;
const KINDS_AFTER = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation')`;

async function rebuildNewsletter(db: AnyDb, statuses: RawBuilder<unknown>): Promise<void> {
  await rebuildSqliteTable(
    db,
    "newsletter",
    (create) =>
      create
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull().defaultTo("subscribed"))
        .addColumn("bot_check", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("status_changed_at", "text")
        .addCheckConstraint("newsletter_status_check", statuses)
        .addCheckConstraint("newsletter_bot_check_check", BOT_CHECK),
    "id, email, status, bot_check, created_at, status_changed_at",
  );
}

async function rebuildOutbox(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  await rebuildSqliteTable(
    db,
    "outbox",
    (create) =>
      create
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("kind", "text", (col) => col.notNull().check(kinds))
        .addColumn("state", "text", (col) =>
          col.notNull().check(sql`state in ('pending', 'sent', 'failed', 'cancelled')`),
        )
        .addColumn("subject_email", "text", (col) => col.notNull())
        .addColumn("record_collection", "text", (col) => col.notNull())
        .addColumn("record_id", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text")
        .addColumn("locked_until", "text")
        .addColumn("last_error", "text")
        .addColumn("last_error_at", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("sent_at", "text"),
    "id, kind, state, subject_email, record_collection, record_id, attempts, next_attempt_at, locked_until, last_error, last_error_at, created_at, sent_at",
  );
}

async function replaceChecks(db: AnyDb, statuses: RawBuilder<unknown>, kinds: RawBuilder<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await rebuildNewsletter(db, statuses);
    await rebuildOutbox(db, kinds);
    return;
  }
  await db.schema.alterTable("newsletter").dropConstraint("newsletter_status_check").execute();
  await db.schema.alterTable("newsletter").addCheckConstraint("newsletter_status_check", statuses).execute();
  // PostgreSQL named the column check of migration 0003 <table>_<column>_check.
  await db.schema.alterTable("outbox").dropConstraint("outbox_kind_check").execute();
  await db.schema.alterTable("outbox").addCheckConstraint("outbox_kind_check", kinds).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("newsletter_confirmations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(email)`))
    // The bot-check verdict of the submission that asked, carried to the subscription it confirms.
    .addColumn("bot_check", "text", (col) => col.notNull().check(BOT_CHECK))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("confirmed_at", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_confirmations_email_idx")
    .on("newsletter_confirmations")
    .column("email")
    .execute();
  await db.schema
    .createIndex("newsletter_confirmations_expires_at_idx")
    .on("newsletter_confirmations")
    .column("expires_at")
    .execute();
  await replaceChecks(db, STATUSES_AFTER, KINDS_AFTER);
}

export async function down(db: AnyDb): Promise<void> {
  // What the older checks refuse goes first: subscriptions never confirmed, confirmation emails.
  await db.deleteFrom("newsletter").where("status", "=", "pending").execute();
  await db.deleteFrom("outbox").where("kind", "=", "newsletter-confirmation").execute();
  await replaceChecks(db, STATUSES_BEFORE, KINDS_BEFORE);
  await db.schema.dropTable("newsletter_confirmations").execute();
}
