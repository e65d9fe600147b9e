import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../connect";
import { rebuildSqliteTable } from "./sqlite-rebuild";

// A person's timeline keeps the emails sent to them and to staff about them as workspace events of a
// new kind, 'email-sent', written when the outbox marks a message sent (server/db/outbox.ts markSent).
// They were read from the sent outbox rows, which the hourly clean-up deletes after 30 days, and took
// their timeline entries with them. Each event's id is its outbox row's; the sent rows still kept are
// copied over here.
//
// SQLite cannot change a CHECK constraint in place, so there the table is rebuilt (sqlite-rebuild.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const KINDS_BEFORE = sql`kind in ('status-changed', 'assigned', 'note-deleted')`;
const KINDS_AFTER = sql`kind in ('status-changed', 'assigned', 'note-deleted', 'email-sent')`;
const COLUMNS = "id, email, collection, record_id, kind, actor, details, at";

async function rebuildEvents(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  await rebuildSqliteTable(
    db,
    "workspace_events",
    (create) =>
      create
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("collection", "text", (col) =>
          col.notNull().check(sql`collection in ('leads', 'contacts', 'newsletter')`),
        )
        .addColumn("record_id", "text", (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull().check(kinds))
        .addColumn("actor", "text", (col) => col.notNull())
        .addColumn("details", "text", (col) => col.notNull())
        .addColumn("at", "text", (col) => col.notNull()),
    COLUMNS,
  );
}

async function allowKinds(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildEvents(db, kinds);
  await db.schema.alterTable("workspace_events").dropConstraint("workspace_events_kind_check").execute();
  await db.schema.alterTable("workspace_events").addCheckConstraint("workspace_events_kind_check", kinds).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await allowKinds(db, KINDS_AFTER);
  // The details as markSent writes them: {"email": <the outbox kind>}. The kinds are fixed words (the
  // outbox's CHECK), so the JSON needs no escaping.
  await sql`insert into workspace_events (${sql.raw(COLUMNS)})
    select id, subject_email, record_collection, record_id, 'email-sent', 'system', '{"email":"' || kind || '"}', sent_at
    from outbox where state = 'sent' and sent_at is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("workspace_events").where("kind", "=", "email-sent").execute();
  await allowKinds(db, KINDS_BEFORE);
}
