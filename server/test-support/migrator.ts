import type { MigrationResultSet } from "kysely";
import { createMigrator } from "../db/store";
import { anotherSchemaWentAway, type OpenDatabase } from "./databases";

/**
 * The migrator for a migration test's database. On PostgreSQL, Kysely's migrator lists every schema's
 * tables, and another test file dropping its own schema meanwhile fails that listing (see
 * migrateAlongsideOthers in databases.ts): such a run has changed nothing, so it is tried again.
 */
export function testMigrator(open: Pick<OpenDatabase, "db" | "schema">) {
  const migrator = createMigrator(open.db, open.schema === undefined ? {} : { schema: open.schema });
  const retried = async (run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> => {
    for (let attempt = 1; ; attempt++) {
      const result = await run();
      if (open.schema === undefined || !anotherSchemaWentAway(result.error, open.schema) || attempt === 5)
        return result;
    }
  };
  return {
    migrateTo: (name: string) => retried(() => migrator.migrateTo(name)),
    migrateToLatest: () => retried(() => migrator.migrateToLatest()),
  };
}
