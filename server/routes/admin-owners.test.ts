import { expect, it } from "vitest";
import type { ListPage } from "../../src/domain/admin";
import type { LeadRecord } from "../../src/domain/records";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testConfig } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { auditMark, auditSince } from "../test-support/audit";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { SECOND_STAFF, seedStaff, staffClient } from "../test-support/workspace";

// Owners: PATCH {owner} (a staff account, or null), with or without {status}; the owner filter; the
// assignment email through the outbox when SMTP is set (not to someone who assigns themselves).

const AT = "2025-05-02T09:00:00.000Z";
const withSmtp = testConfig({ smtpUrl: "smtp://127.0.0.1:2525", publicUrl: "https://erf.test" });

describeStorage(
  "owners",
  (open) => {
    async function setup(config = testConfig()) {
      await seedStaff(open.db, SECOND_STAFF);
      await seedLead(open.db, "l-1", minute(1));
      await seedLead(open.db, "l-2", minute(2), {}, "demo");
      await seedContact(open.db, "c-1", minute(1));
      await seedSubscriber(open.db, "n-1", minute(1), "reader@example.com");
      return staffClient(open.db, { clock: manualClock(AT).clock, config });
    }
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

    it("assigns a lead to a staff member (any case) and back to nobody: answered, audited, on the timeline and the live stream", async () => {
      const staff = await setup();
      const mark = await auditMark(open.db);
      const response = await staff.write("PATCH", "/api/admin/leads/l-1", { owner: "Thabo@ERF.co.za" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: "l-1",
        owner: SECOND_STAFF,
        status: "new",
        firstResponseAt: null,
      });
      expect(await (await staff.write("PATCH", "/api/admin/leads/l-1", { owner: null })).json()).toMatchObject({
        owner: null,
      });
      expect((await auditSince(open.db, mark)).map((entry) => [entry.action, entry.details])).toEqual([
        ["record.owner", { collection: "leads", id: "l-1", from: null, to: SECOND_STAFF }],
        ["record.owner", { collection: "leads", id: "l-1", from: SECOND_STAFF, to: null }],
      ]);
      // Both at the manual clock's one instant: in either order.
      const events = await open.db.selectFrom("workspaceEvents").select(["kind", "actor", "details"]).execute();
      expect(events).toHaveLength(2);
      expect(events).toEqual(
        expect.arrayContaining([
          { kind: "assigned", actor: ADMIN_EMAIL, details: JSON.stringify({ from: null, to: SECOND_STAFF }) },
          { kind: "assigned", actor: ADMIN_EMAIL, details: JSON.stringify({ from: SECOND_STAFF, to: null }) },
        ]),
      );
      expect(await open.db.selectFrom("changes").select(["recordId", "op"]).execute()).toEqual([
        { recordId: "l-1", op: "update" },
        { recordId: "l-1", op: "update" },
      ]);
    });

    it("sets status and owner together in one change", async () => {
      const staff = await setup();
      const response = await staff.write("PATCH", "/api/admin/contacts/c-1", {
        status: "qualified",
        owner: ADMIN_EMAIL,
      });
      expect(await response.json()).toMatchObject({
        id: "c-1",
        status: "qualified",
        owner: ADMIN_EMAIL,
        firstResponseAt: AT,
      });
      expect(
        (await open.db.selectFrom("workspaceEvents").select("kind").orderBy("kind").execute()).map((row) => row.kind),
      ).toEqual(["assigned", "status-changed"]);
    });

    it.each([
      ["leads", { owner: "stranger@example.com" }, "owner"],
      ["leads", { owner: "not an email" }, "owner"],
      ["leads", { owner: 7 }, "owner"],
      ["newsletter", { owner: ADMIN_EMAIL }, "owner"],
      ["newsletter", { owner: null }, "owner"],
      ["contacts", { status: "qualified", owner: "stranger@example.com" }, "owner"],
      ["contacts", { owner: ADMIN_EMAIL, colour: "red" }, "colour"],
    ] as const)("refuses PATCH %s %j with 400 naming %s, changing nothing", async (collection, body, field) => {
      const staff = await setup();
      const id = { leads: "l-1", contacts: "c-1", newsletter: "n-1" }[collection];
      const response = await staff.write("PATCH", `/api/admin/${collection}/${id}`, body);
      expect(response.status).toBe(400);
      expect((await response.json()) as unknown).toEqual({
        error: "validation",
        fields: { [field]: expect.any(String) },
      });
      expect(await open.db.selectFrom("changes").selectAll().execute()).toEqual([]);
      expect(await open.db.selectFrom("contacts").select(["status", "owner"]).execute()).toEqual([
        { status: "new", owner: null },
      ]);
    });

    it("filters leads and contacts by owner: me, none, or an email; and refuses the filter on the newsletter or with a bad value", async () => {
      const staff = await setup();
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: ADMIN_EMAIL });
      await staff.write("PATCH", "/api/admin/leads/l-2", { owner: SECOND_STAFF });
      await staff.write("PATCH", "/api/admin/contacts/c-1", { owner: SECOND_STAFF });
      expect(ids(await staff.read<ListPage<"leads">>("/api/admin/leads?owner=me"))).toEqual(["l-1"]);
      expect(
        ids(await staff.read<ListPage<"leads">>(`/api/admin/leads?owner=${encodeURIComponent("THABO@erf.co.za")}`)),
      ).toEqual(["l-2"]);
      expect(ids(await staff.read<ListPage<"contacts">>("/api/admin/contacts?owner=me"))).toEqual([]);
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: null });
      expect(ids(await staff.read<ListPage<"leads">>("/api/admin/leads?owner=none&type=signup"))).toEqual(["l-1"]);
      expect(await staff.read("/api/admin/newsletter?owner=me", 400)).toEqual({
        error: "validation",
        fields: { owner: expect.any(String) },
      });
      expect(await staff.read("/api/admin/leads?owner=someone", 400)).toEqual({
        error: "validation",
        fields: { owner: expect.any(String) },
      });
    });

    it("queues an assignment email to the new owner when SMTP is set, but not to someone assigning themselves", async () => {
      const staff = await setup(withSmtp);
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: SECOND_STAFF });
      await staff.write("PATCH", "/api/admin/leads/l-2", { owner: ADMIN_EMAIL });
      // Setting the same owner again is no new assignment.
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: SECOND_STAFF, status: "contacted" });
      const rows = await open.db
        .selectFrom("outbox")
        .select(["kind", "recipient", "recordCollection", "recordId", "subjectEmail", "state"])
        .execute();
      expect(rows).toEqual([
        {
          kind: "assignment",
          recipient: SECOND_STAFF,
          recordCollection: "leads",
          recordId: "l-1",
          subjectEmail: "pieter@example.co.za",
          state: "pending",
        },
      ]);
    });

    it("queues no assignment email without SMTP", async () => {
      const staff = await setup();
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: SECOND_STAFF });
      expect(await open.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
      expect((await staff.read<LeadRecord>("/api/admin/leads/l-1")).owner).toBe(SECOND_STAFF);
    });
  },
  { admin: true },
);
