import { afterEach, expect, it } from "vitest";
import type { LeadRecord } from "../../src/domain/records";
import type { Note } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { testApp } from "../test-support/app";
import { send, signIn } from "../test-support/admin";
import { minute, seedContact, seedLead } from "../test-support/records";
import { sseReader } from "../test-support/sse";
import { SECOND_STAFF, seedStaff } from "../test-support/workspace";

// One staff member's notes, assignments and status changes reach another's open dashboard over the
// live stream within a second: each writes a change of its record, and wakes the streams.

const WITHIN_MS = 1_000;

describeStorage(
  "the workspace's changes, live",
  (open) => {
    const readers: ReturnType<typeof sseReader>[] = [];
    let shutdown = new AbortController();
    afterEach(async () => {
      for (const reader of readers.splice(0)) await reader.close();
      shutdown.abort();
      shutdown = new AbortController();
    });

    it("streams each note, assignment, status change, bulk change and note deletion to another staff member's dashboard", async () => {
      await seedStaff(open.db, SECOND_STAFF);
      await seedLead(open.db, "l-1", minute(1));
      await seedContact(open.db, "c-1", minute(1));
      await seedContact(open.db, "c-2", minute(2));
      const app = testApp(open.db, { shutdownSignal: shutdown.signal });
      const watcher = await signIn(app);
      const worker = await signIn(app, SECOND_STAFF);
      const response = await send(app, "GET", "/api/admin/events", { cookie: watcher });
      const reader = sseReader(response);
      readers.push(reader);
      expect(await reader.nextFrame()).toMatchObject({ retry: "2000" });
      const write = async (method: string, path: string, body: unknown = {}) => {
        const answer = await send(app, method, path, { cookie: worker, body });
        expect(answer.status, await answer.clone().text()).toBeLessThan(300);
        return answer;
      };
      const next = async () => (await reader.nextChange(WITHIN_MS)).change;

      const note = (await (await write("POST", "/api/admin/leads/l-1/notes", { body: "Called" })).json()) as Note;
      expect(await next()).toMatchObject({
        collection: "leads",
        op: "update",
        record: { id: "l-1", firstResponseAt: expect.any(String) },
      });
      await write("PATCH", "/api/admin/leads/l-1", { owner: SECOND_STAFF });
      expect((await next()).record).toMatchObject({ id: "l-1", owner: SECOND_STAFF });
      await write("PATCH", "/api/admin/leads/l-1", { status: "qualified" });
      expect(((await next()).record as LeadRecord).status).toBe("qualified");
      await write("POST", "/api/admin/contacts/bulk", { ids: ["c-1", "c-2"], owner: SECOND_STAFF });
      const bulk = [await next(), await next()];
      expect(
        bulk.map((change) => [change.collection, change.record.id, (change.record as { owner: string }).owner]).sort(),
      ).toEqual([
        ["contacts", "c-1", SECOND_STAFF],
        ["contacts", "c-2", SECOND_STAFF],
      ]);
      await write("DELETE", `/api/admin/notes/${note.id}`);
      expect(await next()).toMatchObject({ collection: "leads", op: "update", record: { id: "l-1" } });
    });
  },
  { admin: true },
);
