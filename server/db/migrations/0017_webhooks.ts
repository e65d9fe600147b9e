import { sql, type Kysely } from "kysely";

// Webhooks (src/domain/webhooks.ts, server/webhooks/).
//
// - webhook_endpoints: where they go, the events each wants, its sealed secret (and the previous one
//   during a rotation), and whether it is disabled and why.
// - webhook_events: an event, written in the same transaction as what it reports, so one is queued if
//   and only if that happened; the dispatcher fans it out to the endpoints that want it and deletes it.
// - webhook_deliveries: one event for one endpoint, with the body as sent and its retry state; its id is
//   the webhook-id header. Due ones are read by (state, next_attempt_at) among the pending.
// - webhook_attempts: the delivery log, the last 1,000 of each endpoint, read newest first.
// Events and deliveries carry the subject's email, so an erasure removes them with the person.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_until", "text")
    .addColumn("disabled", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("disabled_reason", "text", (col) => col.check(sql`disabled_reason in ('staff', 'gone', 'failing')`))
    .addColumn("failing_since", "text")
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("record_collection", "text", (col) => col.notNull())
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("subject_email", "text", (col) => col.notNull())
    .addColumn("change", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_events_created_at_idx")
    .on("webhook_events")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_events_subject_email_idx")
    .on("webhook_events")
    .column("subject_email")
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("endpoint_id", "text", (col) => col.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("subject_email", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('pending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("state"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_subject_email_idx")
    .on("webhook_deliveries")
    .column("subject_email")
    .execute();
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("delivery_id", "text", (col) => col.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (col) => col.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("status", "integer")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_attempts_endpoint_at_idx")
    .on("webhook_attempts")
    .columns(["endpoint_id", "at", "id"])
    .execute();
  await db.schema.createIndex("webhook_attempts_delivery_idx").on("webhook_attempts").column("delivery_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["webhook_attempts", "webhook_deliveries", "webhook_events", "webhook_endpoints"])
    await db.schema.dropTable(table).execute();
}
