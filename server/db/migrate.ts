import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./schema";
import * as publicForms from "./migrations/0001_public_forms";
import * as admin from "./migrations/0002_admin";
import * as privacy from "./migrations/0003_privacy";
import * as changeNotify from "./migrations/0004_change_notify";
import * as changeOrder from "./migrations/0005_change_order";
import * as newsletterConfirmation from "./migrations/0006_newsletter_confirmation";
import * as rateLimits from "./migrations/0007_rate_limits";
import * as leadWorkspace from "./migrations/0008_lead_workspace";
import * as workspace from "./migrations/0009_workspace";
import * as assignmentEmail from "./migrations/0010_assignment_email";
import * as emailSentEvents from "./migrations/0011_email_sent_events";
import * as staffTeam from "./migrations/0012_staff_team";
import * as phoneSearch from "./migrations/0013_phone_search";
import * as attribution from "./migrations/0014_attribution";
import * as spam from "./migrations/0015_spam";
import * as insightCounts from "./migrations/0016_insight_counts";
import * as webhooks from "./migrations/0017_webhooks";
import * as apiTokens from "./migrations/0018_api_tokens";
import * as webhookEndpointDue from "./migrations/0019_webhook_endpoint_due";
import * as webhookAttemptsUnlinked from "./migrations/0020_webhook_attempts_unlinked";
import * as webhookGlobalDueIndexDropped from "./migrations/0021_webhook_global_due_index_dropped";
import * as twoFactorChangedEmail from "./migrations/0022_two_factor_changed_email";
import * as spamSourcesAndStamps from "./migrations/0023_spam_sources_and_stamps";

// Migrations live in code (not read from a folder at run time) so they ship inside the bundle/tsx run
// and are ordered by their names. Add new ones here.
const MIGRATIONS: Record<string, Migration> = {
  "0001_public_forms": publicForms,
  "0002_admin": admin,
  "0003_privacy": privacy,
  "0004_change_notify": changeNotify,
  "0005_change_order": changeOrder,
  "0006_newsletter_confirmation": newsletterConfirmation,
  "0007_rate_limits": rateLimits,
  "0008_lead_workspace": leadWorkspace,
  "0009_workspace": workspace,
  "0010_assignment_email": assignmentEmail,
  "0011_email_sent_events": emailSentEvents,
  "0012_staff_team": staffTeam,
  "0013_phone_search": phoneSearch,
  "0014_attribution": attribution,
  "0015_spam": spam,
  "0016_insight_counts": insightCounts,
  "0017_webhooks": webhooks,
  "0018_api_tokens": apiTokens,
  "0019_webhook_endpoint_due": webhookEndpointDue,
  "0020_webhook_attempts_unlinked": webhookAttemptsUnlinked,
  "0021_webhook_global_due_index_dropped": webhookGlobalDueIndexDropped,
  "0022_two_factor_changed_email": twoFactorChangedEmail,
  "0023_spam_sources_and_stamps": spamSourcesAndStamps,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The app's migrations; tests step through them with it. */
export function createMigrator(db: Db, { schema }: { schema?: string } = {}): Migrator {
  // Kysely looks for its own bookkeeping tables in every schema unless told which one to use; tests
  // that share a PostgreSQL database (one schema each) must name theirs.
  return new Migrator({ db, provider, ...(schema !== undefined && { migrationTableSchema: schema }) });
}

/** Brings the schema up to date; throws (after a rollback of the failed step) if a migration fails. */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db, options).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
