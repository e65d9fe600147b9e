import { afterAll, expect, it } from "vitest";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { LIMITS } from "../../src/domain/limits";
import { FORM_POST_WINDOW_MS } from "../http/request-fingerprint";
import { FORM_BODY_BYTES } from "../http/form-body";
import { countRows } from "../test-support/databases";
import { formPagesSite, formPost } from "../test-support/form-pages";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, testApp, testConfig, validContact } from "../test-support/app";

// The public forms as a browser without JavaScript posts them (application/x-www-form-urlencoded, from a
// page of this origin): stored with the same schema, honeypot and rate limit as JSON, answered with a 303
// to the result page, or with the form's page filled in again.

const site = formPagesSite();
afterAll(() => site.remove());

const contact = {
  form: "contact",
  firstName: "Naledi",
  lastName: "Mokoena",
  email: "Naledi@Example.co.za",
  phone: "",
  message: "Please call me.",
  website: "",
};
const signup = {
  form: "signup",
  consentVersion: CONSENT_WORDING.marketing.version,
  firstName: "Pieter",
  lastName: "van Wyk",
  email: "pieter@example.com",
  phone: "",
  companyName: "Karoo Rentals",
  organizationType: "landlord",
  propertyCount: "6-20",
  website: "",
};

describeStorage("forms posted without JavaScript", (open) => {
  const app = (deps: Parameters<typeof testApp>[1] = {}) => testApp(open.db, { site, ...deps });
  const contacts = () => open.db.selectFrom("contacts").selectAll().execute();

  it("stores a contact message with the page's path and answers 303 to the result page", async () => {
    const response = await app().request("/api/contacts", formPost(contact));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/thanks/contact");
    const [row] = await contacts();
    expect(row).toMatchObject({
      firstName: "Naledi",
      lastName: "Mokoena",
      email: "naledi@example.co.za",
      phone: null,
      message: "Please call me.",
      sourcePath: "/contact",
      status: "new",
      botCheck: "skipped",
    });
  });

  it("stores a double click once, and the same words sent again after the window as a new message", async () => {
    const time = manualClock();
    const server = app({ clock: time.clock });
    const [first, second] = await Promise.all([
      server.request("/api/contacts", formPost(contact)),
      server.request("/api/contacts", formPost(contact)),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    time.advance(FORM_POST_WINDOW_MS - 1_000);
    expect((await server.request("/api/contacts", formPost(contact))).status).toBe(303);
    expect(await countRows(open.db, "contacts")).toBe(1);
    // Other words are another message at once.
    await server.request("/api/contacts", formPost({ ...contact, message: "And another thing." }));
    expect(await countRows(open.db, "contacts")).toBe(2);
    time.advance(2_000);
    expect((await server.request("/api/contacts", formPost(contact))).status).toBe(303);
    expect(await countRows(open.db, "contacts")).toBe(3);
  });

  it("counts the same words from two clients as two messages", async () => {
    const behindProxy = app({ config: testConfig({ trustProxy: 1 }) });
    for (const client of ["203.0.113.9", "198.51.100.7", "203.0.113.9"]) {
      expect(
        (await behindProxy.request("/api/contacts", formPost(contact, { "X-Forwarded-For": client }))).status,
      ).toBe(303);
    }
    expect(await countRows(open.db, "contacts")).toBe(2);
  });

  it("shows the form again, filled in, with every error beside its field, and stores nothing", async () => {
    const response = await app().request(
      "/api/contacts",
      formPost({ ...contact, firstName: "", email: "naledi@", message: "Still here" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await response.text();
    expect(html).toContain('<p id="c1-error" class="text-sm font-medium text-red-700" role="alert">Required</p>');
    expect(html).toContain('role="alert">Enter a valid email address</p>');
    expect(html).toMatch(
      /<input id="c1" required="" name="firstName" aria-invalid="true" aria-describedby="c1-error" autofocus="" value=""\/>/,
    );
    expect(html).toMatch(/<input id="c3" [^>]*aria-invalid="true" aria-describedby="c3-error" value="naledi@"\/>/);
    expect(html).toContain('<input id="c2" required="" name="lastName" value="Mokoena"/>');
    expect(html).toContain(">\nStill here</textarea>");
    // The page's own inline script is untouched, so its hash in the CSP still holds.
    expect(html).toContain("<script>boot()</script>");
    expect(await countRows(open.db, "contacts")).toBe(0);
  });

  it("stores a signup with its boxes read as ticked or not, the type from the form, and the consent's version", async () => {
    const refused = await app().request("/api/leads", formPost({ ...signup, marketingOptIn: "on" }));
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('role="alert">You must accept the terms</p>');
    expect(page).toMatch(/<input id="s8" type="checkbox" name="marketingOptIn" checked=""\/>/);
    expect(page).toContain('<option value="landlord" selected="">');
    expect(await countRows(open.db, "leads")).toBe(0);

    const sent = await app().request("/api/leads", formPost({ ...signup, marketingOptIn: "on", termsAccepted: "on" }));
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/thanks/signup"]);
    const [lead] = await open.db.selectFrom("leads").selectAll().execute();
    expect(lead).toMatchObject({
      type: "signup",
      name: "Pieter van Wyk",
      organizationType: "landlord",
      sourcePath: "/signup",
    });
    expect(Boolean(lead?.marketingOptIn)).toBe(true);
    expect(lead?.termsAcceptedAt).toBeTruthy();
    expect(await open.db.selectFrom("consents").select(["purpose", "wordingVersion", "source"]).execute()).toEqual([
      { purpose: "marketing", wordingVersion: CONSENT_WORDING.marketing.version, source: "/signup" },
    ]);
  });

  it("subscribes from a newsletter box, and sends the hero box to /signup when it is empty", async () => {
    const card = await app().request(
      "/api/newsletter",
      formPost({
        form: "newsletter-card",
        consentVersion: CONSENT_WORDING.newsletter.version,
        email: "reader@example.com",
        website: "",
      }),
    );
    expect([card.status, card.headers.get("location")]).toEqual([303, "/thanks/newsletter"]);
    expect(await open.db.selectFrom("newsletter").select(["email", "status"]).execute()).toEqual([
      { email: "reader@example.com", status: "subscribed" },
    ]);
    const empty = await app().request(
      "/api/newsletter",
      formPost({ form: "hero", consentVersion: CONSENT_WORDING.newsletter.version, email: "  ", website: "" }),
    );
    expect([empty.status, empty.headers.get("location")]).toEqual([303, "/signup"]);
    const wrong = await app().request(
      "/api/newsletter",
      formPost({ form: "newsletter-cta", email: "nope", website: "" }),
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    // Only the closing box is refilled, with its error.
    expect(html).toMatch(
      /<input type="email" id="t" name="email" value="nope" aria-invalid="true" aria-describedby="t-error" autofocus=""\/>/,
    );
    expect(html).toContain(
      '<p id="t-error" class="text-sm font-medium text-red-700" role="alert">Enter a valid email address</p><div aria-hidden="true">',
    );
    expect(html).toMatch(/<input type="email" id="n" name="email" value=""\/>/);
    expect(await countRows(open.db, "newsletter")).toBe(1);
  });

  it("answers a filled honeypot as if it were sent, storing nothing", async () => {
    const response = await app().request("/api/contacts", formPost({ ...contact, website: "https://spam.example" }));
    expect([response.status, response.headers.get("location")]).toEqual([303, "/thanks/contact"]);
    expect(await countRows(open.db, "contacts")).toBe(0);
  });

  it("refuses a form from another site, or with no sign of where it came from, storing nothing", async () => {
    for (const headers of [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
      { Origin: "null", "Sec-Fetch-Site": "" },
    ]) {
      const init = formPost(contact, headers);
      if (headers["Sec-Fetch-Site"] === "") delete (init.headers as Record<string, string>)["Sec-Fetch-Site"];
      const response = await app().request("/api/contacts", init);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: "forbidden" });
    }
    const bare = formPost(contact);
    const headers = bare.headers as Record<string, string>;
    delete headers.Origin;
    delete headers["Sec-Fetch-Site"];
    expect((await app().request("/api/contacts", bare)).status).toBe(403);
    expect(await countRows(open.db, "contacts")).toBe(0);
  });

  it("refuses a form not from our pages: no form name, another route's form, a streamed or oversized body", async () => {
    const { form: _form, ...unnamed } = contact;
    const noName = await app().request("/api/contacts", formPost(unnamed));
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ error: "validation", fields: { form: "Unknown form" } });
    expect((await app().request("/api/leads", formPost(contact))).status).toBe(400);
    const streamed = formPost(contact);
    delete (streamed.headers as Record<string, string>)["Content-Length"];
    expect((await app().request("/api/contacts", streamed)).status).toBe(411);
    const big = formPost({ ...contact, message: "é".repeat(FORM_BODY_BYTES / 6 + 1) });
    expect((await app().request("/api/contacts", big)).status).toBe(413);
    expect(await countRows(open.db, "contacts")).toBe(0);
  });

  it("stores a textarea's line breaks as the page counted them, one character each", async () => {
    // 5,001 characters as sent (a browser sends each line break as CRLF), 4,999 as the page's maxlength counted them.
    const sent = `${"x".repeat(LIMITS.message - 4)}\r\n\r\nz`;
    expect((await app().request("/api/contacts", formPost({ ...contact, message: sent }))).status).toBe(303);
    expect((await contacts())[0]?.message).toBe(`${"x".repeat(LIMITS.message - 4)}\n\nz`);
  });

  it("takes the longest message the form allows in any script, though form encoding makes it 45 KB", async () => {
    const message = "ጤ".repeat(LIMITS.message);
    const init = formPost({ ...contact, message });
    expect(Number((init.headers as Record<string, string>)["Content-Length"])).toBeGreaterThan(LIMITS.bodyBytes);
    expect((await app().request("/api/contacts", init)).status).toBe(303);
    expect((await contacts())[0]?.message).toBe(message);
  });

  it("shows the form again with the failure's words when the client is over the rate limit, storing nothing", async () => {
    const limited = testApp(open.db, { site, config: testConfig({ rateLimitPerMinute: 1 }) });
    expect((await postJson(limited, "/api/contacts", validContact)).status).toBe(201);
    const response = await limited.request("/api/contacts", formPost({ ...contact, message: "Second try" }));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await response.text();
    expect(html).toContain('role="alert" autofocus="">Failed to send message. Please try again.</p>');
    expect(html).toContain(">\nSecond try</textarea>");
    expect(await countRows(open.db, "contacts")).toBe(1);
  });

  it("answers, without a built site to refill, with a plain page naming each error and linking back to the form", async () => {
    const response = await testApp(open.db).request("/api/contacts", formPost({ ...contact, email: "x" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("<li>email: Enter a valid email address</li>");
    expect(html).toContain('<a href="/contact">Back to the form</a>');
  });

  it("leaves the JSON route as it was: form encoding with JSON inside is not JSON", async () => {
    const response = await postJson(app(), "/api/contacts", validContact, { "Content-Type": "text/plain" });
    expect(response.status).toBe(415);
    expect((await postJson(app(), "/api/contacts", validContact)).status).toBe(201);
  });
});
