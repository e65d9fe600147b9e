import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0022 allows the outbox's "two-factor-changed" email (on SQLite by rebuilding the outbox,
// keeping rows and indexes) and drops the pending secrets of accounts with a factor on, which a session
// alone could start before decision 0043; stepping down removes the new kind's messages.

const BEFORE = "0021_webhook_global_due_index_dropped";
const at = "2025-01-01T00:00:00.000Z";
const message = (id: string, kind: string) =>
  ({
    id,
    kind,
    state: "pending",
    subjectEmail: "a@example.com",
    recordCollection: "staff-accounts",
    recordId: "a1",
    attempts: 0,
    createdAt: at,
    recipient: null,
  }) as never;
const admin = (id: string, totpSecret: string | null) =>
  ({
    id,
    email: `${id}@erf.co.za`,
    passwordHash: "$argon2id$x",
    createdAt: at,
    updatedAt: at,
    available: 1,
    role: "sales",
    totpSecret,
    totpPendingSecret: `pending-${id}`,
  }) as never;

describeStorage(
  "migration 0022_two_factor_changed_email",
  (open) => {
    it("allows the two-factor email, drops pending secrets beside one in use, keeps every row and index, and steps back down", async () => {
      const db = open.db;
      const migrator = testMigrator(open);
      const outboxIndexes = await indexesOf(db, "outbox");
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await db
        .insertInto("admins")
        .values([admin("a1", "sealed-in-use"), admin("a2", null)])
        .execute();
      await db.insertInto("outbox").values(message("m1", "password-reset")).execute();
      await expect(db.insertInto("outbox").values(message("m0", "two-factor-changed")).execute()).rejects.toThrow();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(
        await db.selectFrom("admins").select(["id", "totpSecret", "totpPendingSecret"]).orderBy("id").execute(),
      ).toEqual([
        { id: "a1", totpSecret: "sealed-in-use", totpPendingSecret: null },
        // A first enrolment under way is left alone.
        { id: "a2", totpSecret: null, totpPendingSecret: "pending-a2" },
      ]);
      await db.insertInto("outbox").values(message("m2", "two-factor-changed")).execute();
      await expect(db.insertInto("outbox").values(message("m3", "postcard")).execute()).rejects.toThrow();
      expect(await indexesOf(db, "outbox")).toEqual(outboxIndexes);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await db.selectFrom("outbox").select("id").execute()).map((row) => row.id)).toEqual(["m1"]);
      expect(await indexesOf(db, "outbox")).toEqual(outboxIndexes);
      await expect(db.insertInto("outbox").values(message("m4", "two-factor-changed")).execute()).rejects.toThrow();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  },
  { clear: "once" },
);
