import { sql, type Kysely } from "kysely";

// Each endpoint's due deliveries, in order: the dispatcher claims per endpoint (so one that hangs holds
// only its own share of the sending slots), and with tens of thousands pending a claim by the global due
// index plus an endpoint filter read far more rows than it took.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("webhook_deliveries_endpoint_due_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "next_attempt_at", "id"])
    .where(sql.ref("state"), "=", "pending")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("webhook_deliveries_endpoint_due_idx").execute();
}
