import { describe, expect, it } from "vitest";
import { UNATTRIBUTED } from "../../src/domain/attribution";
import { findContactById, findLeadById, findSubscriptionById } from "../db/store";
import { mintSession, send } from "../test-support/admin";
import {
  manualClock,
  postJson,
  testApp,
  validContact,
  validDemo,
  validNewsletter,
  validSignup,
} from "../test-support/app";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";

// Where a visit came from (src/domain/attribution.ts): stored as the form sent it, lower-cased, once;
// refused field by field when it breaks the rules; never changed afterwards.

const touch = {
  utmSource: "Newsletter",
  utmMedium: " Email ",
  utmCampaign: "nov",
  utmTerm: "",
  utmContent: "Hero-Button",
  clickId: "GCLID",
  referrerOrigin: "https://news.example.org",
  landingPath: "/pricing",
};
const stored = {
  utmSource: "newsletter",
  utmMedium: "email",
  utmCampaign: "nov",
  utmTerm: null,
  utmContent: "hero-button",
  clickId: "gclid",
  referrerOrigin: "https://news.example.org",
  landingPath: "/pricing",
};

describeStorage(
  "attribution on submissions",
  (open) => {
    const app = () => testApp(open.db, { clock: manualClock("2025-06-01T10:00:00.000Z").clock });
    const post = async (path: string, body: unknown) => {
      const response = await postJson(app(), path, body);
      return {
        status: response.status,
        body: (await response.json()) as { id?: string; fields?: Record<string, string> },
      };
    };

    it("stores the first touch on a contact, a signup, a demo request and a subscription, lower-cased", async () => {
      const contact = await post("/api/contacts", { ...validContact, ...touch });
      const signup = await post("/api/leads", { ...validSignup, ...touch });
      const demo = await post("/api/leads", { ...validDemo, ...touch });
      const subscription = await post("/api/newsletter", { ...validNewsletter, ...touch });
      expect([contact.status, signup.status, demo.status, subscription.status]).toEqual([201, 201, 201, 201]);
      expect(await findContactById(open.db, contact.body.id!)).toMatchObject(stored);
      expect(await findLeadById(open.db, signup.body.id!)).toMatchObject(stored);
      expect(await findLeadById(open.db, demo.body.id!)).toMatchObject(stored);
      expect(await findSubscriptionById(open.db, subscription.body.id!)).toMatchObject(stored);
    });

    it("stores nothing of the visit when the form sends none (an API client, a form without JavaScript)", async () => {
      const contact = await post("/api/contacts", validContact);
      expect(contact.status).toBe(201);
      expect(await findContactById(open.db, contact.body.id!)).toMatchObject(UNATTRIBUTED);
    });

    it.each([
      ["utmSource", "x".repeat(101), "At most 100 characters"],
      ["utmCampaign", "line\nbreak", "Use letters, digits and punctuation only"],
      ["clickId", "dclid", "Use one of: gclid, fbclid, msclkid"],
      ["referrerOrigin", "https://example.com/path", "Use an origin such as https://example.com"],
      ["referrerOrigin", "javascript:alert(1)", "Use an origin such as https://example.com"],
      ["landingPath", "/pricing?utm_source=x", "Use a path such as /signup"],
    ])("refuses %s = %j with a 400 naming it, storing nothing", async (field, value, message) => {
      const refused = await post("/api/contacts", { ...validContact, ...touch, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ [field]: message });
      expect(await countRows(open.db, "contacts")).toBe(0);
    });

    it("keeps the first subscription's source when the address subscribes again from another campaign", async () => {
      const first = await post("/api/newsletter", { ...validNewsletter, ...touch });
      await post("/api/newsletter", { ...validNewsletter, ...touch, utmSource: "twitter", utmCampaign: "dec" });
      expect(await findSubscriptionById(open.db, first.body.id!)).toMatchObject(stored);
    });

    it("never changes it afterwards: staff edits take only status and owner", async () => {
      const contact = await post("/api/contacts", { ...validContact, ...touch });
      const cookie = await mintSession(app(), open.db);
      const patched = await send(app(), "PATCH", `/api/admin/contacts/${contact.body.id}`, {
        cookie,
        body: { status: "contacted", utmSource: "changed" },
      });
      expect(patched.status).toBe(400);
      expect(await findContactById(open.db, contact.body.id!)).toMatchObject({ ...stored, status: "new" });
    });

    describe("filters and the Extended CSV", () => {
      const seedThree = async () => {
        await post("/api/contacts", { ...validContact, ...touch });
        await post("/api/contacts", {
          ...validContact,
          email: "other@example.com",
          ...touch,
          utmSource: "twitter",
          utmCampaign: "dec",
        });
        await post("/api/contacts", { ...validContact, email: "plain@example.com" });
      };
      const get = async (path: string) => send(app(), "GET", path, { cookie: await mintSession(app(), open.db) });
      const emailsOf = async (path: string) =>
        ((await (await get(path)).json()) as { items: { email: string }[] }).items.map((record) => record.email);

      it("lists, counts and exports by source, medium and campaign, in any case", async () => {
        await seedThree();
        expect(await emailsOf("/api/admin/contacts?source=Newsletter")).toEqual(["naledi@example.co.za"]);
        expect(await emailsOf("/api/admin/contacts?medium=email&campaign=dec")).toEqual(["other@example.com"]);
        expect(await emailsOf("/api/admin/contacts?source=nobody")).toEqual([]);
        expect(await (await get("/api/admin/contacts/count?medium=EMAIL")).json()).toEqual({ count: 2, more: false });
        const csv = await (await get("/api/admin/export.csv?source=twitter")).text();
        expect(
          csv
            .trim()
            .split("\r\n")
            .slice(1)
            .map((line) => line.split(",")[1]),
        ).toEqual(["other@example.com"]);
      });

      it("refuses a filter over 100 characters with a 400 naming it", async () => {
        const response = await get(`/api/admin/leads?campaign=${"x".repeat(101)}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: "validation", fields: { campaign: "At most 100 characters" } });
      });

      it("keeps the default export's exact columns, and adds owner, first response and attribution to the extended one", async () => {
        await seedThree();
        const [plainHeader] = (await (await get("/api/admin/export.csv")).text()).split("\r\n");
        expect(plainHeader).toBe("Name,Email,Phone,Company,Type,Status,Created At,Message/Challenges");
        const lines = (await (await get("/api/admin/export.csv?columns=extended&source=newsletter")).text())
          .trim()
          .split("\r\n");
        expect(lines[0]).toBe(
          "Name,Email,Phone,Company,Type,Status,Created At,Message/Challenges,Owner,First Response At,Source Page," +
            "UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Ad Click ID,Referrer,Landing Page",
        );
        expect(lines).toHaveLength(2);
        expect(lines[1]!.split(",").slice(-11)).toEqual([
          "",
          "",
          "",
          "newsletter",
          "email",
          "nov",
          "",
          "hero-button",
          "gclid",
          "https://news.example.org",
          "/pricing",
        ]);
        const refused = await get("/api/admin/export.csv?columns=everything");
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({ error: "validation", fields: { columns: "Use default or extended" } });
      });
    });
  },
  { admin: true },
);
