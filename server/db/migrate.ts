import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./schema";
import * as publicForms from "./migrations/0001_public_forms";
import * as admin from "./migrations/0002_admin";
import * as privacy from "./migrations/0003_privacy";
import * as changeNotify from "./migrations/0004_change_notify";
import * as changeOrder from "./migrations/0005_change_order";
import * as rateLimits from "./migrations/0008_rate_limits";

// Migrations live in code (not read from a folder at run time) so they ship inside the bundle/tsx run
// and are ordered by their names. Add new ones here.
const MIGRATIONS: Record<string, Migration> = {
  "0001_public_forms": publicForms,
  "0002_admin": admin,
  "0003_privacy": privacy,
  "0004_change_notify": changeNotify,
  "0005_change_order": changeOrder,
  "0008_rate_limits": rateLimits,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws (after a rollback of the failed step) if a migration fails. */
export async function migrateToLatest(db: Db, { schema }: { schema?: string } = {}): Promise<string[]> {
  // Kysely looks for its own bookkeeping tables in every schema unless told which one to use; tests
  // that share a PostgreSQL database (one schema each) must name theirs.
  const migrator = new Migrator({ db, provider, ...(schema !== undefined && { migrationTableSchema: schema }) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
