import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0020 drops the foreign key from a logged webhook attempt to its delivery (on SQLite by
// rebuilding the table, which must keep every row and index); the key to the endpoint stays. Stepping
// back down removes the attempts whose delivery is gone and puts the key back.

const BEFORE = "0019_webhook_endpoint_due";
const AT = "2026-03-02T08:00:00.000Z";

const attempt = (id: string, deliveryId: string, endpointId = "ep-1") => ({
  id,
  deliveryId,
  endpointId,
  type: "lead.created",
  status: 204,
  durationMs: 5,
  error: null,
  at: AT,
});

describeStorage("migration 0020_webhook_attempts_unlinked", (open) => {
  it("drops the attempts' key to their delivery, keeping every row, index and the key to the endpoint, and steps back down", async () => {
    const db = open.db;
    const migrator = testMigrator(open);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const indexes = await indexesOf(db, "webhook_attempts");
    await db
      .insertInto("webhookEndpoints")
      .values({
        id: "ep-1",
        url: "https://hooks.example.com/in",
        events: '["lead.created"]',
        secret: "sealed",
        previousSecret: null,
        previousSecretUntil: null,
        disabled: 0,
        disabledReason: null,
        failingSince: null,
        createdBy: "admin@erf.test",
        createdAt: AT,
      })
      .execute();
    await db
      .insertInto("webhookDeliveries")
      .values(
        ["d-1", "d-2"].map((id) => ({
          id,
          endpointId: "ep-1",
          type: "lead.created",
          subjectEmail: "sam@example.com",
          payload: "{}",
          state: "delivered",
          attempts: 1,
          nextAttemptAt: null,
          lockedUntil: null,
          createdAt: AT,
        })),
      )
      .execute();
    await db
      .insertInto("webhookAttempts")
      .values([attempt("a-1", "d-1"), attempt("a-2", "d-2")])
      .execute();
    await expect(db.insertInto("webhookAttempts").values(attempt("a-early", "d-missing")).execute()).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexesOf(db, "webhook_attempts")).toEqual(indexes);
    expect(await db.selectFrom("webhookAttempts").select(["id", "deliveryId"]).orderBy("id").execute()).toEqual([
      { id: "a-1", deliveryId: "d-1" },
      { id: "a-2", deliveryId: "d-2" },
    ]);
    // No key to the delivery: an attempt may name one that is gone, and deleting one leaves its attempts.
    await db.insertInto("webhookAttempts").values(attempt("a-3", "d-missing")).execute();
    await db.deleteFrom("webhookDeliveries").where("id", "=", "d-2").execute();
    expect((await db.selectFrom("webhookAttempts").select("id").orderBy("id").execute()).map((row) => row.id)).toEqual([
      "a-1",
      "a-2",
      "a-3",
    ]);
    // The key to the endpoint stays.
    await expect(
      db
        .insertInto("webhookAttempts")
        .values(attempt("a-4", "d-1", "ep-missing"))
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await db.selectFrom("webhookAttempts").select("id").execute()).map((row) => row.id)).toEqual(["a-1"]);
    await expect(db.insertInto("webhookAttempts").values(attempt("a-late", "d-missing")).execute()).rejects.toThrow();
    await db.deleteFrom("webhookDeliveries").where("id", "=", "d-1").execute();
    expect(await db.selectFrom("webhookAttempts").select("id").execute()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
