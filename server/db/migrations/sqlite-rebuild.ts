import { sql, type CreateTableBuilder, type Kysely } from "kysely";

// SQLite cannot change a CHECK constraint or drop a foreign key in place, so migrations that do rebuild
// the table the documented way (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
// Changes"): create the new shape, copy the rows, drop the old table, rename the new one, and recreate
// every index the old one had, from their saved definitions, whichever migrations added them. Each
// migration still spells out its table's columns as they were when it was written; only these steps
// are shared.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against the schema as it was then
type AnyDb = Kysely<any>;

/**
 * Rebuilds `table` in the shape `shape` gives a CREATE TABLE builder (the same columns, by name, as
 * `columns` lists), keeping its rows and its indexes. Run inside the migration's transaction.
 */
export async function rebuildSqliteTable(
  db: AnyDb,
  table: string,
  shape: (create: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never>,
  columns: string,
): Promise<void> {
  const rebuilt = `${table}_rebuilt`;
  // The CREATE INDEX statements of the table's own indexes (not those behind its constraints).
  const { rows: indexes } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  await shape(db.schema.createTable(rebuilt)).execute();
  await sql`insert into ${sql.table(rebuilt)} (${sql.raw(columns)}) select ${sql.raw(columns)} from ${sql.table(table)}`.execute(
    db,
  );
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(rebuilt).renameTo(table).execute();
  for (const { sql: definition } of indexes) await sql.raw(definition).execute(db);
}
