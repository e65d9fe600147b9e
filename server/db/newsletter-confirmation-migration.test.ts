import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0006 widens two CHECK constraints; on SQLite that rebuilds the newsletter and outbox tables,
// which must keep every row and every index the earlier migrations gave them.

// Later migrations step down too, so the test goes to the one before 0006 by name.
const BEFORE = "0005_change_order";

const subscriber = (id: string, status: string) => ({
  id,
  email: `${id}@example.com`,
  status,
  botCheck: "skipped",
  createdAt: "2025-01-01T00:00:00.000Z",
});
const message = (id: string, kind: string) => ({
  id,
  kind,
  state: "pending",
  subjectEmail: "a@example.com",
  recordCollection: "newsletter",
  recordId: "r",
  attempts: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
});

describeStorage(
  "migration 0006_newsletter_confirmation",
  (open) => {
    it("allows pending subscriptions and confirmation emails, keeping every row and index, and steps back down", async () => {
      const db = open.db;
      const migrator = testMigrator(open);
      const indexes = { newsletter: await indexesOf(db, "newsletter"), outbox: await indexesOf(db, "outbox") };
      expect(indexes.newsletter.length).toBeGreaterThan(3);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      // Later migrations index these tables too; stepping back past them takes their indexes away.
      const before = { newsletter: await indexesOf(db, "newsletter"), outbox: await indexesOf(db, "outbox") };
      await expect(
        db
          .insertInto("newsletter")
          .values(subscriber("p0", "pending") as never)
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto("newsletter")
        .values(subscriber("s1", "subscribed") as never)
        .execute();
      await db
        .insertInto("outbox")
        .values(message("m1", "welcome") as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("newsletter").select(["id", "status", "email"]).execute()).toEqual([
        { id: "s1", status: "subscribed", email: "s1@example.com" },
      ]);
      expect(await db.selectFrom("outbox").select(["id", "kind"]).execute()).toEqual([{ id: "m1", kind: "welcome" }]);
      expect({ newsletter: await indexesOf(db, "newsletter"), outbox: await indexesOf(db, "outbox") }).toEqual(indexes);
      await db
        .insertInto("newsletter")
        .values(subscriber("p1", "pending") as never)
        .execute();
      await db
        .insertInto("outbox")
        .values(message("m2", "newsletter-confirmation") as never)
        .execute();
      await expect(
        db
          .insertInto("newsletter")
          .values(subscriber("x1", "maybe") as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto("outbox")
          .values(message("m3", "postcard") as never)
          .execute(),
      ).rejects.toThrow();
      // The unique address index came back as unique.
      await expect(
        db
          .insertInto("newsletter")
          .values({ ...subscriber("s2", "subscribed"), email: "s1@example.com" } as never)
          .execute(),
      ).rejects.toThrow();

      // Down again: what the old checks refuse goes, the rest stays.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await db.selectFrom("newsletter").select("id").execute()).map((row) => row.id)).toEqual(["s1"]);
      expect((await db.selectFrom("outbox").select("id").execute()).map((row) => row.id)).toEqual(["m1"]);
      expect({ newsletter: await indexesOf(db, "newsletter"), outbox: await indexesOf(db, "outbox") }).toEqual(before);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  },
  { clear: "once" },
);
