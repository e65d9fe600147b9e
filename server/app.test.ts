import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { testDatabases } from "./test-support/databases";
import { describeStorage } from "./test-support/storage-suite";
import { postJson, testApp, testConfig, validContact } from "./test-support/app";

const SECURITY_HEADERS = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
}

describeStorage(
  "app",
  (open) => {
    it("answers /healthz with 200 ok while the database answers", async () => {
      const response = await testApp(open.db).request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });

    it("answers unknown /api paths with 404 JSON and security headers", async () => {
      const response = await testApp(open.db).request("/api/nothing-here");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not-found" });
      expectSecurityHeaders(response);
    });

    it("answers other unknown paths with 404 and security headers even without a built site", async () => {
      const response = await testApp(open.db).request("/no/such/page");
      expect(response.status).toBe(404);
      expectSecurityHeaders(response);
    });

    it("puts security headers on a validation error", async () => {
      const response = await postJson(testApp(open.db), "/api/contacts", {});
      expect(response.status).toBe(400);
      expectSecurityHeaders(response);
    });

    it("logs one JSON line per request with the path but no query string", async () => {
      const lines: string[] = [];
      const app = testApp(open.db, { logger: createLogger("info", (line) => lines.push(line)) });
      await postJson(app, "/api/contacts?email=someone@example.com", validContact);
      const requestLines = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === "request");
      expect(requestLines).toEqual([
        {
          time: expect.any(String),
          level: "info",
          msg: "request",
          method: "POST",
          path: "/api/contacts",
          status: 201,
          durationMs: expect.any(Number),
        },
      ]);
      expect(lines.join("\n")).not.toContain("someone@example.com");
      expect(lines.join("\n")).not.toContain("Naledi");
    });

    it("writes no log lines at LOG_LEVEL=silent", async () => {
      const lines: string[] = [];
      const app = testApp(open.db, { logger: createLogger("silent", (line) => lines.push(line)) });
      await app.request("/api/nothing-here");
      expect(lines).toEqual([]);
    });

    it("adds the reCAPTCHA hosts to the CSP only when a site key is configured", async () => {
      const without = (await testApp(open.db).request("/healthz")).headers.get("content-security-policy") ?? "";
      expect(without).not.toContain("google");
      const config = testConfig({ recaptchaSiteKey: "site-key" });
      const withKey =
        (await testApp(open.db, { config }).request("/healthz")).headers.get("content-security-policy") ?? "";
      expect(withKey).toMatch(
        /script-src 'self' .*https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
      );
      expect(withKey).toContain("frame-src https://www.google.com");
    });
  },
  { clear: "once" },
);

describe("app with a broken database", () => {
  it("answers 500 {error: internal} with no stack, with security headers, and logs the error", async () => {
    const open = await testDatabases[0]!.open();
    await open.close();
    const lines: string[] = [];
    const app = testApp(open.db, { logger: createLogger("error", (line) => lines.push(line)) });
    const response = await postJson(app, "/api/contacts", validContact);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"error":"internal"}');
    expectSecurityHeaders(response);
    expect(lines.some((line) => line.includes('"unhandled-error"'))).toBe(true);
  });

  it("answers /healthz with 503", async () => {
    const open = await testDatabases[0]!.open();
    await open.close();
    const response = await testApp(open.db).request("/healthz");
    expect(response.status).toBe(503);
  });
});
