import { sql } from "kysely";
import type { Db } from "../../../server/db/store";

/**
 * The suite's own tables. On PostgreSQL (where `schema` is given) Kysely's introspection reads every
 * schema's catalog, and fails when another suite running in parallel drops its schema meanwhile.
 */
async function tableNames(db: Db, schema?: string): Promise<string[]> {
  if (schema === undefined) return (await db.introspection.getTables()).map((table) => table.name);
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${schema} and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/** Every row of every table, so "nothing changed" means nothing at all. Pass the suite's schema on PostgreSQL. */
export async function snapshot(db: Db, schema?: string): Promise<string> {
  const parts: string[] = [];
  for (const table of (await tableNames(db, schema)).sort()) {
    const rows = await db
      .selectFrom(table as "leads")
      .selectAll()
      .execute();
    parts.push(
      `${table}: ${rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join("\n")}`,
    );
  }
  return parts.join("\n");
}
