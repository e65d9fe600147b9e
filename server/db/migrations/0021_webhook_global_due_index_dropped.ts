import { sql, type Kysely } from "kysely";

// The global due index of webhook deliveries (migration 0017) is read by nothing since the dispatcher
// claims per endpoint through each endpoint's own due index (migration 0019), yet every delivery stored
// pending, and every retry that moves its next attempt, wrote an entry to it. Dropped.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("webhook_deliveries_due_idx").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("state"), "=", "pending")
    .execute();
}
