import { expect, it } from "vitest";
import { UNATTRIBUTED } from "../../src/domain/attribution";
import { findContactById, findLeadById, findSubscriptionById } from "../db/store";
import { mintSession, send } from "../test-support/admin";
import { manualClock, postJson, testApp, validContact, validDemo, validNewsletter, validSignup } from "../test-support/app";
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

describeStorage("attribution on submissions", (open) => {
  const app = () => testApp(open.db, { clock: manualClock("2025-06-01T10:00:00.000Z").clock });
  const post = async (path: string, body: unknown) => {
    const response = await postJson(app(), path, body);
    return { status: response.status, body: (await response.json()) as { id?: string; fields?: Record<string, string> } };
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
    const patched = await send(app(), "PATCH", `/api/admin/contacts/${contact.body.id}`, { cookie, body: { status: "contacted", utmSource: "changed" } });
    expect(patched.status).toBe(400);
    expect(await findContactById(open.db, contact.body.id!)).toMatchObject({ ...stored, status: "new" });
  });
}, { admin: true });
