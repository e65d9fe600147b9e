import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../connect";
import { rebuildSqliteTable } from "./sqlite-rebuild";

// Two-factor changes need the person, not only a session (docs/decisions/0043-two-factor-changes-need-sudo.md):
//
// outbox: one more kind, "two-factor-changed", the email an account gets when its second factor is set
//   up again, turned off or reset by an admin. SQLite cannot change a CHECK in place, so there the outbox
//   is rebuilt (sqlite-rebuild.ts).
// admins: a secret being set up while another is in use was started, until now, by a session alone; such
//   a pending secret may be an attacker's, so it is dropped (setting up again asks for the person).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const KINDS_BEFORE = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation', 'assignment', 'invitation', 'password-reset')`;
const KINDS_AFTER = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation', 'assignment', 'invitation', 'password-reset', 'two-factor-changed')`;
const OUTBOX_COLUMNS =
  "id, kind, state, subject_email, record_collection, record_id, attempts, next_attempt_at, locked_until, last_error, last_error_at, created_at, sent_at, recipient";

async function changeOutboxKinds(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable("outbox").dropConstraint("outbox_kind_check").execute();
    await db.schema.alterTable("outbox").addCheckConstraint("outbox_kind_check", kinds).execute();
    return;
  }
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
        .addColumn("sent_at", "text")
        .addColumn("recipient", "text"),
    OUTBOX_COLUMNS,
  );
}

export async function up(db: AnyDb): Promise<void> {
  await changeOutboxKinds(db, KINDS_AFTER);
  await sql`update admins set totp_pending_secret = null where totp_secret is not null and totp_pending_secret is not null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("outbox").where("kind", "=", "two-factor-changed").execute();
  await changeOutboxKinds(db, KINDS_BEFORE);
}
