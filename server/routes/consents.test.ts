import { expect, it } from "vitest";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, testApp, testConfig, validContact, validDemo, validSignup } from "../test-support/app";

// Consent recorded with each opt-in (POPIA section 69): the wording version the form showed, the
// server's own text for it, when, where from (page, IP, user agent).

describeStorage("consent records", (open) => {
  const at = "2025-06-02T08:00:00.000Z";
  const app = (trustProxy = 0) =>
    testApp(open.db, { clock: manualClock(at).clock, config: testConfig({ trustProxy }) });
  const consents = () => open.db.selectFrom("consents").selectAll().orderBy("createdAt").execute();

  it("stores a newsletter consent with the version the form sent and the server's text for it", async () => {
    // Two proxies: the outer one saw the client, the inner one saw the outer (10.0.0.1).
    const response = await postJson(
      app(2),
      "/api/newsletter",
      { email: "Reader@Example.com", consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" },
      { "User-Agent": "Mozilla/5.0 (Test)", "X-Forwarded-For": "198.51.100.7, 10.0.0.1" },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await consents()).toEqual([
      {
        id: expect.any(String),
        email: "reader@example.com",
        purpose: "newsletter",
        channel: "email",
        action: "given",
        wordingVersion: CONSENT_WORDING.newsletter.version,
        wording: CONSENT_WORDING.newsletter.text,
        source: "/",
        ip: "198.51.100.7",
        userAgent: "Mozilla/5.0 (Test)",
        recordCollection: "newsletter",
        recordId: id,
        createdAt: at,
      },
    ]);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    await postJson(app(0), "/api/newsletter", { email: "a@example.com" }, { "X-Forwarded-For": "198.51.100.7" });
    const [row] = await consents();
    // In-process requests have no socket address, so nothing is stored rather than the forged one.
    expect(row?.ip).toBeNull();
  });

  it("stores the current wording when an API client sends no version", async () => {
    await postJson(app(), "/api/newsletter", { email: "api@example.com" });
    expect(await consents()).toMatchObject([
      { wordingVersion: CONSENT_WORDING.newsletter.version, wording: CONSENT_WORDING.newsletter.text, source: null },
    ]);
  });

  it("refuses an unknown wording version, storing nothing", async () => {
    const response = await postJson(app(), "/api/newsletter", { email: "x@example.com", consentVersion: "made-up" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.consentVersion).toEqual(
      expect.any(String),
    );
    expect(await countRows(open.db, "consents")).toBe(0);
    expect(await countRows(open.db, "newsletter")).toBe(0);
  });

  it("never stores text sent by the client", async () => {
    const response = await postJson(app(), "/api/newsletter", {
      email: "x@example.com",
      consentText: "I agree to anything",
    });
    expect(response.status).toBe(400);
    expect(await countRows(open.db, "consents")).toBe(0);
  });

  it("records the consent of the submission that subscribed, and none for a repeat anyone could type", async () => {
    await postJson(app(), "/api/newsletter", { email: "again@example.com", sourcePath: "/" });
    await postJson(
      app(),
      "/api/newsletter",
      { email: "again@example.com", sourcePath: "/faqs" },
      { "User-Agent": "Someone else/1.0" },
    );
    expect((await consents()).map((row) => row.source)).toEqual(["/"]);
  });

  it("stores the signup's marketing consent only when the box was ticked", async () => {
    const ticked = await postJson(app(), "/api/leads", {
      ...validSignup,
      consentVersion: CONSENT_WORDING.marketing.version,
      sourcePath: "/signup",
    });
    const { id } = (await ticked.json()) as { id: string };
    await postJson(app(), "/api/leads", {
      ...validSignup,
      email: "unticked@example.com",
      marketingOptIn: false,
      consentVersion: CONSENT_WORDING.marketing.version,
    });
    expect(await consents()).toMatchObject([
      {
        email: "pieter@example.co.za",
        purpose: "marketing",
        action: "given",
        wordingVersion: CONSENT_WORDING.marketing.version,
        wording: CONSENT_WORDING.marketing.text,
        source: "/signup",
        recordCollection: "leads",
        recordId: id,
      },
    ]);
  });

  it("refuses a newsletter wording version on the signup (each purpose has its own)", async () => {
    const response = await postJson(app(), "/api/leads", {
      ...validSignup,
      consentVersion: CONSENT_WORDING.newsletter.version,
    });
    expect(response.status).toBe(400);
    expect(await countRows(open.db, "leads")).toBe(0);
  });

  it("records no consent for contact messages and demo requests", async () => {
    expect((await postJson(app(), "/api/contacts", validContact)).status).toBe(201);
    expect((await postJson(app(), "/api/leads", validDemo)).status).toBe(201);
    expect(await countRows(open.db, "consents")).toBe(0);
  });

  it("refuses a sourcePath that is not a plain path", async () => {
    for (const sourcePath of ["https://evil.example/", "/signup?email=x@example.com", "signup"]) {
      const response = await postJson(app(), "/api/newsletter", { email: "p@example.com", sourcePath });
      expect(response.status, sourcePath).toBe(400);
    }
    expect(await countRows(open.db, "consents")).toBe(0);
  });
});
