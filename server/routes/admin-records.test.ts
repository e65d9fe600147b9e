import { beforeEach, expect, it } from "vitest";
import { UNATTRIBUTED } from "../../src/domain/attribution";
import type { ListPage } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testApp } from "../test-support/app";
import { send, signIn } from "../test-support/admin";
import { minute, seedContact, seedLead, seedSubscriber, storedContact } from "../test-support/records";

describeStorage(
  "admin lists and status changes",
  (open) => {
    let app: ReturnType<typeof testApp>;
    let cookie: string;
    beforeEach(async () => {
      app = testApp(open.db, { clock: manualClock("2025-06-01T08:00:00.000Z").clock });
      cookie = await signIn(app);
    });

    const get = (path: string) => send(app, "GET", path, { cookie });
    const list = async <C extends Collection>(collection: C, query = "") => {
      const response = await get(`/api/admin/${collection}${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as ListPage<C>;
    };
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

    it("lists newest first with records exactly as the shared record types", async () => {
      await seedContact(open.db, "c-old", minute(1));
      await seedContact(open.db, "c-new", minute(2), { firstName: "Thandi" });
      const page = await list("contacts");
      expect(ids(page)).toEqual(["c-new", "c-old"]);
      expect(page.nextCursor).toBeNull();
      expect(page.items[0]).toEqual(storedContact("c-new", minute(2), { firstName: "Thandi" }));
    });

    it("maps lead rows to LeadRecord (booleans, nulls) and newsletter rows to NewsletterRecord", async () => {
      await seedLead(open.db, "l-1", minute(1));
      await seedSubscriber(open.db, "n-1", minute(1), "reader@example.com");
      const [lead] = (await list("leads")).items;
      expect(lead).toMatchObject({
        id: "l-1",
        type: "signup",
        name: "Pieter van der Merwe",
        marketingOptIn: true,
        challenges: null,
        status: "new",
      });
      expect((await list("newsletter")).items).toEqual([
        {
          id: "n-1",
          email: "reader@example.com",
          ...UNATTRIBUTED,
          status: "subscribed",
          type: "newsletter",
          botCheck: "skipped",
          createdAt: minute(1),
        },
      ]);
    });

    it("pages through rows sharing one createdAt without duplicates or gaps", async () => {
      const expected: string[] = [];
      // 23 rows: three timestamps, the middle one shared by 17 rows, ids out of insertion order.
      await seedContact(open.db, "z-first", minute(5));
      for (let index = 0; index < 17; index++)
        await seedContact(open.db, `same-${String((index * 7) % 17).padStart(2, "0")}`, minute(3));
      for (let index = 0; index < 5; index++) await seedContact(open.db, `early-${index}`, minute(1));
      expected.push(
        "z-first",
        ...Array.from({ length: 17 }, (_, index) => `same-${String(16 - index).padStart(2, "0")}`),
      );
      expected.push(...Array.from({ length: 5 }, (_, index) => `early-${4 - index}`));

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ListPage<"contacts"> = await list("contacts", `?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(pages).toBe(6);
    });

    it("gives no cursor when the last page is exactly full", async () => {
      for (let index = 0; index < 4; index++) await seedContact(open.db, `c-${index}`, minute(index));
      const first = await list("contacts", "?limit=2");
      const second = await list("contacts", `?limit=2&cursor=${first.nextCursor}`);
      expect(ids(second)).toEqual(["c-1", "c-0"]);
      expect(second.nextCursor).toBeNull();
    });

    it("defaults to 100 rows a page", async () => {
      for (let index = 0; index < 101; index++)
        await seedSubscriber(open.db, `n-${index}`, minute(index), `r${index}@example.com`);
      const page = await list("newsletter");
      expect(page.items).toHaveLength(100);
      expect(page.nextCursor).not.toBeNull();
    });

    it("filters leads by status and type", async () => {
      await seedLead(open.db, "signup-new", minute(1));
      await seedLead(open.db, "demo-new", minute(2), {}, "demo");
      await seedLead(open.db, "demo-closed", minute(3), {}, "demo");
      await open.db.updateTable("leads").set({ status: "closed" }).where("id", "=", "demo-closed").execute();
      expect(ids(await list("leads", "?type=demo"))).toEqual(["demo-closed", "demo-new"]);
      expect(ids(await list("leads", "?status=new"))).toEqual(["demo-new", "signup-new"]);
      expect(ids(await list("leads", "?status=new&type=demo"))).toEqual(["demo-new"]);
    });

    it("searches name, email and company case-insensitively, with LIKE wildcards taken literally", async () => {
      await seedLead(open.db, "by-first", minute(1), { firstName: "Zanele" });
      await seedLead(open.db, "by-company", minute(2), { companyName: "Durban 100% Rentals" });
      await seedLead(open.db, "by-email", minute(3), { email: "ops_team@karoo.example" });
      await seedLead(open.db, "by-last", minute(4), { lastName: "Abrahams" });
      await seedLead(open.db, "no-match", minute(5), { email: "opsXteam@karoo.example" });
      expect(ids(await list("leads", "?q=ZANE"))).toEqual(["by-first"]);
      expect(ids(await list("leads", `?q=${encodeURIComponent("100%")}`))).toEqual(["by-company"]);
      expect(ids(await list("leads", "?q=ops_team"))).toEqual(["by-email"]);
      expect(ids(await list("leads", "?q=abrahams"))).toEqual(["by-last"]);
      expect(ids(await list("leads", "?q=%25"))).toEqual(["by-company"]);
      expect(ids(await list("leads", `?q=${encodeURIComponent("\\")}`))).toEqual([]);
      expect(ids(await list("leads", "?q=%20%20"))).toHaveLength(5);
    });

    it("searches contacts by name and email and the newsletter by email", async () => {
      await seedContact(open.db, "c-1", minute(1), { lastName: "Dlamini" });
      await seedContact(open.db, "c-2", minute(2), { email: "dlamini@example.com" });
      await seedContact(open.db, "c-3", minute(3));
      await seedSubscriber(open.db, "n-1", minute(1), "dlamini.news@example.com");
      await seedSubscriber(open.db, "n-2", minute(2), "other@example.com");
      expect(ids(await list("contacts", "?q=dlamini"))).toEqual(["c-2", "c-1"]);
      expect(ids(await list("newsletter", "?q=DLAMINI"))).toEqual(["n-1"]);
    });

    it.each([
      ["contacts", "?status=subscribed", "status"],
      ["newsletter", "?status=new", "status"],
      ["leads", "?type=contact", "type"],
      ["contacts", "?type=demo", "type"],
      ["leads", "?limit=0", "limit"],
      ["leads", "?limit=501", "limit"],
      ["leads", "?limit=ten", "limit"],
      ["leads", "?cursor=not*base64", "cursor"],
      ["leads", `?cursor=${Buffer.from("[1,2]").toString("base64url")}`, "cursor"],
      ["leads", `?cursor=${Buffer.from("nonsense").toString("base64url")}`, "cursor"],
      ["leads", `?q=${"x".repeat(201)}`, "q"],
    ])("answers %s%s with 400 naming %s", async (collection, query, field) => {
      const response = await get(`/api/admin/${collection}${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe("validation");
      expect(body.fields[field]).toEqual(expect.any(String));
    });

    it("accepts limit=500", async () => {
      expect((await get("/api/admin/leads?limit=500")).status).toBe(200);
    });

    it("sets a status and answers the updated record, logging the change", async () => {
      await seedLead(open.db, "l-1", minute(1));
      const response = await send(app, "PATCH", "/api/admin/leads/l-1", { body: { status: "qualified" }, cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: "l-1",
        status: "qualified",
        type: "signup",
        createdAt: minute(1),
      });
      expect((await list("leads")).items[0]?.status).toBe("qualified");
      expect(
        await open.db.selectFrom("changes").select(["collection", "recordId", "op", "createdAt"]).execute(),
      ).toEqual([{ collection: "leads", recordId: "l-1", op: "update", createdAt: "2025-06-01T08:00:00.000Z" }]);
    });

    it("sets newsletter statuses", async () => {
      await seedSubscriber(open.db, "n-1", minute(1), "reader@example.com");
      const response = await send(app, "PATCH", "/api/admin/newsletter/n-1", {
        body: { status: "unsubscribed" },
        cookie,
      });
      expect(await response.json()).toMatchObject({ id: "n-1", status: "unsubscribed" });
    });

    it.each([
      ["leads", { status: "subscribed" }],
      ["contacts", { status: "archived" }],
      ["newsletter", { status: "new" }],
      ["leads", {}],
      ["leads", { status: 3 }],
    ] as const)("rejects PATCH %s %j with 400 {fields: {status}}, changing nothing", async (collection, body) => {
      await seedLead(open.db, "x", minute(1));
      await seedContact(open.db, "x", minute(1));
      await seedSubscriber(open.db, "x", minute(1), "x@example.com");
      const response = await send(app, "PATCH", `/api/admin/${collection}/x`, { body, cookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "validation", fields: { status: expect.any(String) } });
      expect(await open.db.selectFrom("changes").selectAll().execute()).toEqual([]);
    });

    it("answers PATCH for an unknown id with 404", async () => {
      const response = await send(app, "PATCH", "/api/admin/contacts/nope", { body: { status: "closed" }, cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not-found" });
    });

    it("counts the dashboard's cards and tabs", async () => {
      await seedLead(open.db, "s-1", minute(1));
      await seedLead(open.db, "s-2", minute(2));
      await seedLead(open.db, "d-1", minute(3), {}, "demo");
      await open.db.updateTable("leads").set({ status: "contacted" }).where("id", "=", "s-2").execute();
      await seedContact(open.db, "c-1", minute(1));
      for (let index = 0; index < 4; index++)
        await seedSubscriber(open.db, `n-${index}`, minute(index), `r${index}@example.com`);
      const response = await get("/api/admin/stats");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        totalLeads: 3,
        newLeads: 2,
        signups: 2,
        demoRequests: 1,
        newsletter: 4,
        tabs: { leads: 3, contacts: 1, newsletter: 4 },
        // Nothing answered yet (the speed-to-lead median is tested in workspace-response.test.ts).
        medianFirstResponseMs: null,
      });
    });
  },
  { admin: true },
);
