import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0011 lets workspace_events hold 'email-sent' entries (on SQLite by rebuilding the table,
// which must keep every row and index) and copies the sent outbox rows still kept into it, so the
// emails already in people's timelines stay there once the outbox clean-up deletes those rows.

const BEFORE = "0010_assignment_email";

const message = (id: string, kind: string, state: string, sentAt: string | null) => ({
  id,
  kind,
  state,
  subjectEmail: "sam@example.com",
  recordCollection: kind === "welcome" ? "newsletter" : "leads",
  recordId: kind === "welcome" ? "n-1" : "l-1",
  attempts: 1,
  createdAt: "2025-03-01T10:00:00.000Z",
  sentAt,
});

const event = (id: string, kind: string) => ({
  id,
  email: "sam@example.com",
  collection: "leads",
  recordId: "l-1",
  kind,
  actor: "staff@erf.co.za",
  details: '{"from":"new","to":"contacted"}',
  at: "2025-03-01T11:00:00.000Z",
});

describeStorage(
  "migration 0011_email_sent_events",
  (open) => {
    it("copies the sent emails into the timeline's events, keeping every row and index, and steps back down", async () => {
      const db = open.db;
      const migrator = testMigrator(open);
      const indexes = await indexesOf(db, "workspace_events");
      expect(indexes).toEqual(
        expect.arrayContaining(["workspace_events_email_at_idx", "workspace_events_record_id_idx"]),
      );

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await expect(
        db
          .insertInto("workspaceEvents")
          .values(event("e-early", "email-sent") as never)
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto("workspaceEvents")
        .values(event("e-1", "status-changed") as never)
        .execute();
      await db
        .insertInto("outbox")
        .values([
          message("o-alert", "lead-alert", "sent", "2025-03-01T10:00:05.000Z"),
          message("o-welcome", "welcome", "sent", "2025-03-01T10:00:07.000Z"),
          message("o-pending", "lead-alert", "pending", null),
          message("o-cancelled", "welcome", "cancelled", null),
        ] as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom("workspaceEvents").selectAll().orderBy("id").execute();
      expect(rows).toEqual([
        { ...event("e-1", "status-changed") },
        {
          id: "o-alert",
          email: "sam@example.com",
          collection: "leads",
          recordId: "l-1",
          kind: "email-sent",
          actor: "system",
          details: '{"email":"lead-alert"}',
          at: "2025-03-01T10:00:05.000Z",
        },
        {
          id: "o-welcome",
          email: "sam@example.com",
          collection: "newsletter",
          recordId: "n-1",
          kind: "email-sent",
          actor: "system",
          details: '{"email":"welcome"}',
          at: "2025-03-01T10:00:07.000Z",
        },
      ]);
      expect(rows.filter((row) => row.kind === "email-sent").map((row) => JSON.parse(row.details) as unknown)).toEqual([
        { email: "lead-alert" },
        { email: "welcome" },
      ]);
      expect(await indexesOf(db, "workspace_events")).toEqual(indexes);
      await expect(
        db
          .insertInto("workspaceEvents")
          .values(event("e-2", "postcard") as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto("workspaceEvents")
          .values({ ...event("e-3", "assigned"), collection: "deals" } as never)
          .execute(),
      ).rejects.toThrow();

      // Down again: the copied entries go (the outbox still has their rows), the rest stays.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await db.selectFrom("workspaceEvents").select("id").execute()).map((row) => row.id)).toEqual(["e-1"]);
      expect(await indexesOf(db, "workspace_events")).toEqual(indexes);
      await expect(
        db
          .insertInto("workspaceEvents")
          .values(event("e-4", "email-sent") as never)
          .execute(),
      ).rejects.toThrow();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  },
  { clear: "once" },
);
