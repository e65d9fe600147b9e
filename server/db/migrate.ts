import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./schema";
import * as publicForms from "./migrations/0001_public_forms";

// Migrations live in code (not read from a folder at run time) so they ship inside the bundle/tsx run
// and are ordered by their names. Add new ones here: "0002_admin_sessions", ...
const MIGRATIONS: Record<string, Migration> = {
  "0001_public_forms": publicForms,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws (after a rollback of the failed step) if a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
