import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/domain/limits";
import { findContactById } from "../db/store";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import {
  manualClock,
  postJson,
  testApp,
  testConfig,
  validContact,
  validNewsletter,
  validSignup,
} from "../test-support/app";

// What every public form shares: body size, media type, JSON syntax, idempotency, honeypot, rate limit.

describeStorage("public form guards", (open) => {
  describe("body", () => {
    it("answers 413 when Content-Length is over 32 KB", async () => {
      const big = JSON.stringify({ ...validContact, message: "x".repeat(LIMITS.bodyBytes) });
      const response = await postJson(testApp(open.db), "/api/contacts", big, { "Content-Length": String(big.length) });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: "too-large" });
      expect(await countRows(open.db, "contacts")).toBe(0);
    });

    it("stops reading a streamed body without Content-Length once it passes 32 KB", async () => {
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 4096;
          controller.enqueue(new TextEncoder().encode(" ".repeat(4096)));
        },
      });
      const response = await testApp(open.db).request("/api/contacts", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: endless,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThan(LIMITS.bodyBytes * 2);
    });

    // A form-encoded body is a form posted without JavaScript: html-form-posts.test.ts.
    it.each([["text/plain"], ["multipart/form-data; boundary=x"]])(
      "answers 415 for Content-Type %s",
      async (contentType) => {
        const response = await postJson(testApp(open.db), "/api/contacts", validContact, {
          "Content-Type": contentType,
        });
        expect(response.status).toBe(415);
        expect(await response.json()).toEqual({ error: "unsupported-media-type" });
      },
    );

    it("accepts application/json with a charset", async () => {
      const response = await postJson(testApp(open.db), "/api/contacts", validContact, {
        "Content-Type": "application/json; charset=utf-8",
      });
      expect(response.status).toBe(201);
    });

    it.each([['{"firstName":'], [""], ["{'single': 'quotes'}"]])("answers 400 for malformed JSON %j", async (text) => {
      const response = await postJson(testApp(open.db), "/api/newsletter", text);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "validation", fields: { body: "Malformed JSON" } });
    });

    it("answers 400 naming the body when the JSON is not an object", async () => {
      const response = await postJson(testApp(open.db), "/api/newsletter", [validNewsletter]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields.body).toEqual(expect.any(String));
    });
  });

  describe("Idempotency-Key", () => {
    it("answers a repeated key with the original status and body, storing one row", async () => {
      const app = testApp(open.db);
      const first = await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "attempt-1" });
      const second = await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "attempt-1" });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(await second.text()).toBe(await first.text());
      expect(second.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await countRows(open.db, "contacts")).toBe(1);
    });

    it("stores one row for concurrent requests with the same key", async () => {
      const app = testApp(open.db);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => postJson(app, "/api/leads", validSignup, { "Idempotency-Key": "same-click" })),
      );
      const bodies = await Promise.all(responses.map((response) => response.json() as Promise<{ id: string }>));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
      expect(await countRows(open.db, "leads")).toBe(1);
      expect(await countRows(open.db, "idempotencyKeys")).toBe(1);
    });

    it("scopes keys per route", async () => {
      const app = testApp(open.db);
      await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "shared" });
      const other = await postJson(app, "/api/newsletter", validNewsletter, { "Idempotency-Key": "shared" });
      expect(other.status).toBe(201);
      expect(await countRows(open.db, "newsletter")).toBe(1);
    });

    it("replays within 24 hours and stores anew after", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const send = async () =>
        (
          (await (await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "k" })).json()) as {
            id: string;
          }
        ).id;
      const original = await send();
      time.advance(24 * 60 * 60 * 1000 - 1);
      expect(await send()).toBe(original);
      time.advance(2);
      const later = await send();
      expect(later).not.toBe(original);
      expect(await countRows(open.db, "contacts")).toBe(2);
      expect(await countRows(open.db, "idempotencyKeys")).toBe(1);
      expect(await send()).toBe(later);
    });

    it.each([["x".repeat(201)], ["has space"], ["ünïcode"], [""]])(
      "rejects the key %j with 400, storing nothing",
      async (key) => {
        const response = await postJson(testApp(open.db), "/api/contacts", validContact, { "Idempotency-Key": key });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { fields: Record<string, string> }).fields["Idempotency-Key"]).toEqual(
          expect.any(String),
        );
        expect(await countRows(open.db, "contacts")).toBe(0);
      },
    );

    it("accepts a 200-character key", async () => {
      const response = await postJson(testApp(open.db), "/api/contacts", validContact, {
        "Idempotency-Key": "k".repeat(200),
      });
      expect(response.status).toBe(201);
    });
  });

  describe("honeypot", () => {
    it("answers 201 with an id but stores nothing when the hidden field is filled", async () => {
      const response = await postJson(testApp(open.db), "/api/contacts", {
        ...validContact,
        website: "https://spam.example",
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await findContactById(open.db, id)).toBeUndefined();
      expect(await countRows(open.db, "contacts")).toBe(0);
    });

    it("is checked before the schema, so an invalid bot body gets the same 201", async () => {
      const response = await postJson(testApp(open.db), "/api/leads", { website: "x", type: "nonsense" });
      expect(response.status).toBe(201);
      expect(await countRows(open.db, "leads")).toBe(0);
    });

    it("lets a person's empty honeypot through", async () => {
      const response = await postJson(testApp(open.db), "/api/newsletter", { ...validNewsletter, website: "" });
      expect(response.status).toBe(201);
      expect(await countRows(open.db, "newsletter")).toBe(1);
    });
  });

  describe("rate limit", () => {
    it("answers 429 with Retry-After once a client has used its limit across the three forms", async () => {
      const time = manualClock();
      const app = testApp(open.db, { config: testConfig({ rateLimitPerMinute: 3 }), clock: time.clock });
      expect((await postJson(app, "/api/contacts", validContact)).status).toBe(201);
      expect((await postJson(app, "/api/leads", validSignup)).status).toBe(201);
      time.advance(20_000);
      expect((await postJson(app, "/api/newsletter", validNewsletter)).status).toBe(201);
      const limited = await postJson(app, "/api/contacts", validContact);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("40");
      expect(await limited.json()).toEqual({ error: "too-many-requests", message: expect.any(String) });
      expect(await countRows(open.db, "contacts")).toBe(1);

      time.advance(40_000);
      expect((await postJson(app, "/api/contacts", validContact)).status).toBe(201);
    });

    it("keeps separate windows per forwarded client IP only when TRUST_PROXY is on", async () => {
      // Two proxies: the outer one saw the client, the inner one saw the outer (10.0.0.1).
      const trusted = testApp(open.db, { config: testConfig({ rateLimitPerMinute: 1, trustProxy: 2 }) });
      const from = (ip: string) => ({ "X-Forwarded-For": `${ip}, 10.0.0.1` });
      expect((await postJson(trusted, "/api/newsletter", validNewsletter, from("198.51.100.1"))).status).toBe(201);
      expect((await postJson(trusted, "/api/newsletter", validNewsletter, from("198.51.100.2"))).status).toBe(201);
      expect((await postJson(trusted, "/api/newsletter", validNewsletter, from("198.51.100.1"))).status).toBe(429);

      const untrusted = testApp(open.db, { config: testConfig({ rateLimitPerMinute: 1, trustProxy: 0 }) });
      expect((await postJson(untrusted, "/api/newsletter", validNewsletter, from("198.51.100.1"))).status).toBe(201);
      expect((await postJson(untrusted, "/api/newsletter", validNewsletter, from("198.51.100.2"))).status).toBe(429);
    });
  });
});
