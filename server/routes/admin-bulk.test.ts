import { expect, it } from "vitest";
import { BULK_MAX } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testConfig } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { auditMark, auditSince } from "../test-support/audit";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { SECOND_STAFF, seedStaff, staffClient } from "../test-support/workspace";

// POST /api/admin/{collection}/bulk {ids, status?, owner?}: one transaction for all of them, each record
// with its own timeline and audit entry; any unknown id and nothing changes.

const AT = "2025-05-02T09:00:00.000Z";

describeStorage(
  "bulk changes",
  (open) => {
    async function setup(config = testConfig()) {
      await seedStaff(open.db, SECOND_STAFF);
      for (let n = 0; n < 6; n++) await seedContact(open.db, `c-${n}`, minute(n), { email: `person${n}@example.com` });
      await seedLead(open.db, "l-1", minute(1));
      await seedSubscriber(open.db, "n-1", minute(1), "a@example.com");
      await seedSubscriber(open.db, "n-2", minute(2), "b@example.com");
      return staffClient(open.db, { clock: manualClock(AT).clock, config });
    }
    const snapshot = async () => ({
      contacts: await open.db
        .selectFrom("contacts")
        .select(["id", "status", "owner", "firstResponseAt"])
        .orderBy("id")
        .execute(),
      changes: await open.db.selectFrom("changes").selectAll().execute(),
      events: await open.db.selectFrom("workspaceEvents").selectAll().execute(),
      outbox: await open.db.selectFrom("outbox").selectAll().execute(),
    });

    it("changes status and owner of every listed record, each with its own timeline, audit and change-log rows", async () => {
      const staff = await setup(testConfig({ smtpUrl: "smtp://127.0.0.1:2525" }));
      const mark = await auditMark(open.db);
      const ids = ["c-0", "c-2", "c-4"];
      const response = await staff.write("POST", "/api/admin/contacts/bulk", {
        ids,
        status: "contacted",
        owner: SECOND_STAFF,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ updated: 3 });
      const rows = await open.db
        .selectFrom("contacts")
        .select(["id", "status", "owner", "firstResponseAt"])
        .where("id", "in", ids)
        .orderBy("id")
        .execute();
      expect(rows).toEqual(ids.map((id) => ({ id, status: "contacted", owner: SECOND_STAFF, firstResponseAt: AT })));
      expect(await open.db.selectFrom("contacts").select("id").where("status", "=", "new").execute()).toHaveLength(3);
      const events = await open.db
        .selectFrom("workspaceEvents")
        .select(["recordId", "kind", "actor"])
        .orderBy("recordId")
        .orderBy("kind")
        .execute();
      expect(events).toEqual(
        ids.flatMap((recordId) => [
          { recordId, kind: "assigned", actor: ADMIN_EMAIL },
          { recordId, kind: "status-changed", actor: ADMIN_EMAIL },
        ]),
      );
      const audit = await auditSince(open.db, mark);
      expect(audit).toHaveLength(6);
      expect(
        audit
          .filter((entry) => entry.action === "record.status")
          .map((entry) => entry.details.id)
          .sort(),
      ).toEqual(ids);
      expect(audit.find((entry) => entry.action === "record.owner")?.details).toMatchObject({
        collection: "contacts",
        from: null,
        to: SECOND_STAFF,
        bulk: true,
      });
      expect(
        (await open.db.selectFrom("changes").select("recordId").execute()).map((row) => row.recordId).sort(),
      ).toEqual(ids);
      expect((await open.db.selectFrom("outbox").select(["kind", "recipient"]).execute()).length).toBe(3);
    });

    it("records newsletter opt-outs for subscriptions staff unsubscribe in bulk", async () => {
      const staff = await setup();
      const response = await staff.write("POST", "/api/admin/newsletter/bulk", {
        ids: ["n-1", "n-2"],
        status: "unsubscribed",
      });
      expect(await response.json()).toEqual({ updated: 2 });
      expect(
        await open.db.selectFrom("consents").select(["recordId", "action", "source"]).orderBy("recordId").execute(),
      ).toEqual([
        { recordId: "n-1", action: "withdrawn", source: "admin" },
        { recordId: "n-2", action: "withdrawn", source: "admin" },
      ]);
      expect(await open.db.selectFrom("suppressions").selectAll().execute()).toHaveLength(2);
    });

    it("changes nothing at all when one id is unknown: 400 naming ids", async () => {
      const staff = await setup();
      const before = await snapshot();
      const mark = await auditMark(open.db);
      const response = await staff.write("POST", "/api/admin/contacts/bulk", {
        ids: ["c-1", "c-3", "l-1", "ghost"],
        status: "closed",
        owner: ADMIN_EMAIL,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: { ids: string } };
      expect(body).toEqual({ error: "validation", fields: { ids: expect.stringContaining("l-1, ghost") } });
      expect(await snapshot()).toEqual(before);
      expect(await auditSince(open.db, mark)).toEqual([]);
    });

    it.each([
      [{ ids: [], status: "closed" }, "ids"],
      [{ ids: ["c-1", "c-1"], status: "closed" }, "ids"],
      [{ ids: Array.from({ length: BULK_MAX + 1 }, (_, n) => `c-${n}`), status: "closed" }, "ids"],
      [{ ids: ["c-1", "a\u0000b"], status: "closed" }, "ids"],
      [{ ids: "c-1", status: "closed" }, "ids"],
      [{ ids: ["c-1"] }, "status"],
      [{ ids: ["c-1"], status: "subscribed" }, "status"],
      [{ ids: ["c-1"], owner: "stranger@example.com" }, "owner"],
      [{ ids: ["c-1"], status: "closed", note: "hi" }, "note"],
    ])("refuses %j with 400 naming %s, changing nothing", async (body, field) => {
      const staff = await setup();
      const before = await snapshot();
      const response = await staff.write("POST", "/api/admin/contacts/bulk", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "validation", fields: { [field]: expect.any(String) } });
      expect(await snapshot()).toEqual(before);
    });

    it("takes 1,000 records in one request", async () => {
      const staff = await setup();
      const ids = Array.from({ length: BULK_MAX }, (_, n) => `bulk-${String(n).padStart(4, "0")}`);
      for (let start = 0; start < ids.length; start += 250) {
        await open.db
          .insertInto("contacts")
          .values(
            ids.slice(start, start + 250).map((id) => ({
              id,
              firstName: "A",
              lastName: "B",
              email: `${id}@example.com`,
              phone: null,
              message: "m",
              companyName: null,
              sourcePath: null,
              status: "new" as const,
              owner: null,
              firstResponseAt: null,
              botCheck: "skipped" as const,
              spam: 0,
              createdAt: minute(9),
            })),
          )
          .execute();
      }
      const response = await staff.write("POST", "/api/admin/contacts/bulk", { ids, owner: SECOND_STAFF });
      expect(await response.json()).toEqual({ updated: BULK_MAX });
      expect(
        await open.db.selectFrom("contacts").select("id").where("owner", "=", SECOND_STAFF).execute(),
      ).toHaveLength(BULK_MAX);
      expect(await open.db.selectFrom("workspaceEvents").select("id").execute()).toHaveLength(BULK_MAX);
    });
  },
  { admin: true },
);
