import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// Changes which kinds workspace_events' CHECK allows. SQLite cannot change a CHECK constraint in place,
// so there the table is rebuilt the documented way (create the new shape, copy, drop, rename, recreate
// the indexes), as migration 0011 does; PostgreSQL swaps the constraint.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const COLUMNS = "id, email, collection, record_id, kind, actor, details, at";

const kindCheck = (kinds: readonly string[]) => sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

async function rebuildEvents(db: AnyDb, kinds: readonly string[]): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'workspace_events' and sql is not null`.execute(
    db,
  );
  await db.schema
    .createTable("workspace_events_rebuilt")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("collection", "text", (col) =>
      col.notNull().check(sql`collection in ('leads', 'contacts', 'newsletter')`),
    )
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(kindCheck(kinds)))
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await sql`insert into workspace_events_rebuilt (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from workspace_events`.execute(
    db,
  );
  await db.schema.dropTable("workspace_events").execute();
  await db.schema.alterTable("workspace_events_rebuilt").renameTo("workspace_events").execute();
  for (const { sql: definition } of rows) await sql.raw(definition).execute(db);
}

export async function allowEventKinds(db: AnyDb, kinds: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return rebuildEvents(db, kinds);
  await db.schema.alterTable("workspace_events").dropConstraint("workspace_events_kind_check").execute();
  await db.schema
    .alterTable("workspace_events")
    .addCheckConstraint("workspace_events_kind_check", kindCheck(kinds))
    .execute();
}
