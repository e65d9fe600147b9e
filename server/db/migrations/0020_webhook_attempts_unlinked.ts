import type { Kysely } from "kysely";
import { isPostgres } from "../connect";
import { rebuildSqliteTable } from "./sqlite-rebuild";

// A logged webhook attempt no longer has a foreign key to its delivery (decision 0040). On PostgreSQL the
// key's check took a row lock on the delivery for every attempt logged, a write of its own to the WAL,
// and deleting a delivery looked its attempts up again for the cascade. The code that deletes deliveries
// deletes their attempts first in the same transaction (the log's trimming, an endpoint's deletion, a
// person's erasure). The key to the endpoint stays.
//
// SQLite cannot drop a foreign key in place, so there the table is rebuilt (sqlite-rebuild.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const COLUMNS = "id, delivery_id, endpoint_id, type, status, duration_ms, error, at";

async function rebuildAttempts(db: AnyDb, linked: boolean): Promise<void> {
  await rebuildSqliteTable(
    db,
    "webhook_attempts",
    (create) =>
      create
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("delivery_id", "text", (col) =>
          linked ? col.notNull().references("webhook_deliveries.id").onDelete("cascade") : col.notNull(),
        )
        .addColumn("endpoint_id", "text", (col) => col.notNull().references("webhook_endpoints.id").onDelete("cascade"))
        .addColumn("type", "text", (col) => col.notNull())
        .addColumn("status", "integer")
        .addColumn("duration_ms", "integer", (col) => col.notNull())
        .addColumn("error", "text")
        .addColumn("at", "text", (col) => col.notNull()),
    COLUMNS,
  );
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return rebuildAttempts(db, false);
  await db.schema.alterTable("webhook_attempts").dropConstraint("webhook_attempts_delivery_id_fkey").execute();
}

export async function down(db: AnyDb): Promise<void> {
  // Attempts whose delivery is gone could not be kept under the key.
  await db
    .deleteFrom("webhook_attempts")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_deliveries")
            .select("webhook_deliveries.id")
            .whereRef("webhook_deliveries.id", "=", "webhook_attempts.delivery_id"),
        ),
      ),
    )
    .execute();
  if (!isPostgres(db)) return rebuildAttempts(db, true);
  await db.schema
    .alterTable("webhook_attempts")
    .addForeignKeyConstraint("webhook_attempts_delivery_id_fkey", ["delivery_id"], "webhook_deliveries", ["id"])
    .onDelete("cascade")
    .execute();
}
