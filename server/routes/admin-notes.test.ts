import { expect, it } from "vitest";
import type { Note } from "../../src/domain/workspace";
import { NOTE_DELETE_WINDOW_MS, NOTE_MAX_LENGTH } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { auditMark, auditSince } from "../test-support/audit";
import { countRows } from "../test-support/databases";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { SECOND_STAFF, seedStaff, staffClient } from "../test-support/workspace";

// Notes: plain text on any record, shown with author and time; the author may delete their own within
// 15 minutes, which removes the words and leaves a "note-deleted" timeline entry.

const START = "2025-05-02T09:00:00.000Z";

describeStorage(
  "notes",
  (open) => {
    async function setup() {
      await seedLead(open.db, "l-1", minute(1));
      await seedContact(open.db, "c-1", minute(1));
      await seedSubscriber(open.db, "n-1", minute(1), "reader@example.com");
      await seedStaff(open.db, SECOND_STAFF);
      const time = manualClock(START);
      const author = await staffClient(open.db, { clock: time.clock });
      const colleague = await staffClient(open.db, { clock: time.clock }, SECOND_STAFF);
      const add = async (path: string, body: unknown) => {
        const response = await author.write("POST", path, body);
        return { status: response.status, body: (await response.json()) as Note & { fields?: Record<string, string> } };
      };
      return { time, author, colleague, add };
    }

    it("adds a trimmed note to a lead, a contact or a subscription: 201 with author and time, audited without its words, and logged for live panels", async () => {
      const { add } = await setup();
      const mark = await auditMark(open.db);
      const note = await add("/api/admin/leads/l-1/notes", { body: "  Called, left a message.\n Try again Monday.  " });
      expect(note).toEqual({
        status: 201,
        body: {
          id: expect.any(String),
          collection: "leads",
          recordId: "l-1",
          body: "Called, left a message.\n Try again Monday.",
          author: ADMIN_EMAIL,
          createdAt: START,
        },
      });
      expect((await add("/api/admin/contacts/c-1/notes", { body: "x" })).status).toBe(201);
      expect(
        (await add("/api/admin/newsletter/n-1/notes", { body: "Asked by phone to stay on the list" })).status,
      ).toBe(201);
      const audit = await auditSince(open.db, mark);
      expect(audit.map((entry) => entry.action)).toEqual(["note.add", "note.add", "note.add"]);
      expect(audit[0]!.details).toEqual({ collection: "leads", id: "l-1", noteId: note.body.id });
      expect(JSON.stringify(audit)).not.toContain("Called");
      expect(
        await open.db.selectFrom("changes").select(["collection", "recordId", "op"]).orderBy("seq").execute(),
      ).toEqual([
        { collection: "leads", recordId: "l-1", op: "update" },
        { collection: "contacts", recordId: "c-1", op: "update" },
        { collection: "newsletter", recordId: "n-1", op: "update" },
      ]);
    });

    it.each([
      [{ body: "   " }, "body"],
      [{ body: "x".repeat(NOTE_MAX_LENGTH + 1) }, "body"],
      [{}, "body"],
      [{ body: 5 }, "body"],
      [{ body: "ok", author: "someone@else.example" }, "author"],
    ])("refuses %j with 400 naming %s, storing nothing", async (body, field) => {
      const { add } = await setup();
      const answer = await add("/api/admin/leads/l-1/notes", body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: "validation", fields: { [field]: expect.any(String) } });
      expect(await countRows(open.db, "notes")).toBe(0);
    });

    it("takes a note of exactly 5,000 characters, and answers 404 for a record that does not exist", async () => {
      const { add } = await setup();
      expect((await add("/api/admin/leads/l-1/notes", { body: "y".repeat(NOTE_MAX_LENGTH) })).status).toBe(201);
      expect(await add("/api/admin/contacts/nope/notes", { body: "hello" })).toEqual({
        status: 404,
        body: { error: "not-found" },
      });
      expect(await countRows(open.db, "notes")).toBe(1);
    });

    it("lets the author delete their note up to 15 minutes after writing it: the words go, a note-deleted entry stays", async () => {
      const { time, author, add } = await setup();
      const { body: note } = await add("/api/admin/leads/l-1/notes", { body: "Oops, wrong lead" });
      time.advance(NOTE_DELETE_WINDOW_MS);
      const mark = await auditMark(open.db);
      const response = await author.write("DELETE", `/api/admin/notes/${note.id}`);
      expect(response.status).toBe(204);
      expect(await countRows(open.db, "notes")).toBe(0);
      const [entry] = await open.db.selectFrom("workspaceEvents").selectAll().execute();
      expect(entry).toMatchObject({
        kind: "note-deleted",
        collection: "leads",
        recordId: "l-1",
        actor: ADMIN_EMAIL,
        at: "2025-05-02T09:15:00.000Z",
      });
      expect(JSON.parse(entry!.details)).toEqual({ noteId: note.id });
      expect(JSON.stringify(entry)).not.toContain("Oops");
      expect((await auditSince(open.db, mark)).map((audit) => [audit.action, audit.details])).toEqual([
        ["note.delete", { collection: "leads", id: "l-1", noteId: note.id }],
      ]);
      // Gone: a second delete is a 404.
      expect((await author.write("DELETE", `/api/admin/notes/${note.id}`)).status).toBe(404);
    });

    it("refuses with 403 after 15 minutes, and to anyone but the author, changing nothing", async () => {
      const { time, author, colleague, add } = await setup();
      const { body: note } = await add("/api/admin/leads/l-1/notes", { body: "Keep this" });
      const byColleague = await colleague.write("DELETE", `/api/admin/notes/${note.id}`);
      expect(byColleague.status).toBe(403);
      expect(await byColleague.json()).toEqual({ error: "forbidden" });
      time.advance(NOTE_DELETE_WINDOW_MS + 1);
      const late = await author.write("DELETE", `/api/admin/notes/${note.id}`);
      expect(late.status).toBe(403);
      expect(await late.json()).toEqual({ error: "forbidden" });
      expect(await countRows(open.db, "notes")).toBe(1);
      expect(await countRows(open.db, "workspaceEvents")).toBe(0);
    });

    it("answers 404 for a note that never existed", async () => {
      const { author } = await setup();
      const response = await author.write("DELETE", "/api/admin/notes/01969039-5a80-70c2-9d96-c6c9563f8ddc");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not-found" });
    });
  },
  { admin: true },
);
