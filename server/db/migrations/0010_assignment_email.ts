import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../connect";
import { rebuildSqliteTable } from "./sqlite-rebuild";

// The email a staff member gets when a lead or contact is assigned to them: a new outbox kind, and the
// recipient it goes to (the owner at the time; the other kinds work theirs out at send time, so it is
// null for them).
//
// SQLite cannot change a CHECK constraint in place, so there the outbox is rebuilt (sqlite-rebuild.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const KINDS_BEFORE = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation')`;
const KINDS_AFTER = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation', 'assignment')`;
const COLUMNS =
  "id, kind, state, subject_email, record_collection, record_id, attempts, next_attempt_at, locked_until, last_error, last_error_at, created_at, sent_at";

async function rebuildOutbox(db: AnyDb, kinds: RawBuilder<unknown>, withRecipient: boolean): Promise<void> {
  await rebuildSqliteTable(
    db,
    "outbox",
    (create) => {
      const table = create
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
        .addColumn("sent_at", "text");
      return withRecipient ? table.addColumn("recipient", "text") : table;
    },
    COLUMNS,
  );
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return rebuildOutbox(db, KINDS_AFTER, true);
  await db.schema.alterTable("outbox").addColumn("recipient", "text").execute();
  await db.schema.alterTable("outbox").dropConstraint("outbox_kind_check").execute();
  await db.schema.alterTable("outbox").addCheckConstraint("outbox_kind_check", KINDS_AFTER).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("outbox").where("kind", "=", "assignment").execute();
  if (!isPostgres(db)) return rebuildOutbox(db, KINDS_BEFORE, false);
  await db.schema.alterTable("outbox").dropConstraint("outbox_kind_check").execute();
  await db.schema.alterTable("outbox").addCheckConstraint("outbox_kind_check", KINDS_BEFORE).execute();
  await db.schema.alterTable("outbox").dropColumn("recipient").execute();
}
