import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0012 gives every account made before it the admin role (they could do everything), adds
// the team's tables, and widens the outbox's kinds (on SQLite by rebuilding it, keeping rows and indexes).

const BEFORE = "0010_assignment_email";
const at = "2025-01-01T00:00:00.000Z";
const message = (id: string, kind: string) =>
  ({
    id,
    kind,
    state: "pending",
    subjectEmail: "a@example.com",
    recordCollection: "leads",
    recordId: "r",
    attempts: 0,
    createdAt: at,
    recipient: null,
  }) as never;

describeStorage(
  "migration 0012_staff_team",
  (open) => {
    it("makes existing accounts admins, allows the team's emails, keeps every row and index, and steps back down", async () => {
      const db = open.db;
      const migrator = testMigrator(open);
      const outboxIndexes = await indexesOf(db, "outbox");
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await db
        .insertInto("admins")
        .values({
          id: "a1",
          email: "owner@erf.co.za",
          passwordHash: "$argon2id$x",
          createdAt: at,
          updatedAt: at,
          available: 1,
        } as never)
        .execute();
      await db.insertInto("outbox").values(message("m1", "assignment")).execute();
      await expect(db.insertInto("outbox").values(message("m0", "invitation")).execute()).rejects.toThrow();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("admins").selectAll().execute()).toEqual([
        {
          id: "a1",
          email: "owner@erf.co.za",
          passwordHash: "$argon2id$x",
          createdAt: at,
          updatedAt: at,
          available: 1,
          name: null,
          role: "admin",
          disabledAt: null,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          lastSignInAt: null,
        },
      ]);
      await expect(
        db
          .updateTable("admins")
          .set({ role: "owner" as never })
          .execute(),
      ).rejects.toThrow();
      await db.insertInto("outbox").values(message("m2", "invitation")).execute();
      await db.insertInto("outbox").values(message("m3", "password-reset")).execute();
      await expect(db.insertInto("outbox").values(message("m4", "postcard")).execute()).rejects.toThrow();
      expect(await indexesOf(db, "outbox")).toEqual(outboxIndexes);
      await db
        .insertInto("recoveryCodes")
        .values({ adminId: "a1", codeHash: "h", createdAt: at, usedAt: null })
        .execute();

      // Down again: the team's emails go, the rest stays.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await db.selectFrom("outbox").select("id").execute()).map((row) => row.id)).toEqual(["m1"]);
      expect(await indexesOf(db, "outbox")).toEqual(outboxIndexes);
      expect(await db.selectFrom("admins").select(["id", "email"]).execute()).toEqual([
        { id: "a1", email: "owner@erf.co.za" },
      ]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  },
  { clear: "once" },
);
