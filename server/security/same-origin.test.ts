import { beforeEach, expect, it } from "vitest";
import { describeStorage } from "../test-support/storage-suite";
import { postJson, testApp, testConfig, validContact } from "../test-support/app";
import { ADMIN_PASSWORD, seedSales, signIn } from "../test-support/admin";

// CSRF: state-changing staff requests must be same-origin JSON; anything else is 403 and changes nothing.

const JSON_TYPE = { "Content-Type": "application/json" };
/** The sign-ins that probe the origin check: an account whose password alone signs in (no second factor). */
const PROBE = { email: "probe@erf.co.za", password: ADMIN_PASSWORD };

const hostileRequests: [string, Record<string, string>, string | null][] = [
  ["a hostile Origin", { ...JSON_TYPE, Origin: "https://evil.example" }, null],
  ["an Origin on another port", { ...JSON_TYPE, Origin: "http://localhost:8080" }, null],
  ["Origin null", { ...JSON_TYPE, Origin: "null" }, null],
  // Not plain origins, though a lenient URL parse finds our host in each.
  ["an Origin with user-info before our host", { ...JSON_TYPE, Origin: "http://evil.test@localhost" }, null],
  ["an Origin with user and password before our host", { ...JSON_TYPE, Origin: "http://evil.test:x@localhost" }, null],
  ["an Origin with a path", { ...JSON_TYPE, Origin: "http://localhost/evil" }, null],
  ["an Origin with a trailing slash", { ...JSON_TYPE, Origin: "http://localhost/" }, null],
  ["an Origin with a query", { ...JSON_TYPE, Origin: "http://localhost?x" }, null],
  ["Sec-Fetch-Site: cross-site without Origin", { ...JSON_TYPE, "Sec-Fetch-Site": "cross-site" }, null],
  ["Sec-Fetch-Site: same-site without Origin", { ...JSON_TYPE, "Sec-Fetch-Site": "same-site" }, null],
  ["neither Origin nor Sec-Fetch-Site", { ...JSON_TYPE }, null],
  [
    "Sec-Fetch-Site: cross-site despite our own Origin",
    { ...JSON_TYPE, Origin: "http://localhost", "Sec-Fetch-Site": "cross-site" },
    null,
  ],
  ["text/plain from the same origin", { "Content-Type": "text/plain", Origin: "http://localhost" }, null],
  [
    "a form-encoded body from the same origin",
    { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    "status=closed",
  ],
  [
    "multipart from the same origin",
    { "Content-Type": "multipart/form-data; boundary=x", Origin: "http://localhost" },
    null,
  ],
  ["no Content-Type from the same origin", { Origin: "http://localhost" }, null],
];

describeStorage(
  "same-origin JSON writes",
  (open) => {
    let contactId: string;
    beforeEach(async () => {
      await seedSales(open.db, PROBE.email);
      const response = await postJson(testApp(open.db), "/api/contacts", validContact);
      contactId = ((await response.json()) as { id: string }).id;
    });

    const statusOf = async () =>
      (await open.db.selectFrom("contacts").select("status").where("id", "=", contactId).executeTakeFirstOrThrow())
        .status;

    it.each(hostileRequests)("refuses a status change with %s, changing nothing", async (_label, headers, body) => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const response = await app.request(`/api/admin/contacts/${contactId}`, {
        method: "PATCH",
        headers: { ...headers, Cookie: cookie },
        body: body ?? JSON.stringify({ status: "closed" }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "forbidden" });
      expect(await statusOf()).toBe("new");
      // Only the contact's own insert is logged: no update reached the change log either.
      expect(await open.db.selectFrom("changes").select("op").execute()).toEqual([{ op: "insert" }]);
    });

    it.each(hostileRequests)("refuses a login with %s, creating no session", async (_label, headers, body) => {
      const response = await testApp(open.db).request("/api/auth/login", {
        method: "POST",
        headers,
        body: body ?? JSON.stringify(PROBE),
      });
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it("refuses a cross-site logout, keeping the session", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const response = await app.request("/api/auth/logout", {
        method: "POST",
        headers: { ...JSON_TYPE, Origin: "https://evil.example", Cookie: cookie },
        body: "{}",
      });
      expect(response.status).toBe(403);
      expect((await app.request("/api/auth/session", { headers: { Cookie: cookie } })).status).toBe(200);
    });

    it.each([
      ["its own Origin", { Origin: "http://localhost" }],
      ["Sec-Fetch-Site: same-origin without Origin", { "Sec-Fetch-Site": "same-origin" }],
      ["Sec-Fetch-Site: none without Origin", { "Sec-Fetch-Site": "none" }],
    ])("accepts a JSON write with %s", async (_label, headers) => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const response = await app.request(`/api/admin/contacts/${contactId}`, {
        method: "PATCH",
        headers: { ...JSON_TYPE, ...headers, Cookie: cookie },
        body: JSON.stringify({ status: "closed" }),
      });
      expect(response.status).toBe(200);
      expect(await statusOf()).toBe("closed");
    });

    it("compares Origin with the Host the client addressed", async () => {
      const app = testApp(open.db, { config: testConfig({ allowedHosts: ["erf.example", "other.example"] }) });
      const login = (origin: string, host: string) =>
        app.request("http://internal:3000/api/auth/login", {
          method: "POST",
          headers: { ...JSON_TYPE, Origin: origin, Host: host },
          body: JSON.stringify(PROBE),
        });
      expect((await login("http://erf.example", "erf.example")).status).toBe(200);
      // TLS ended at a proxy that does not forward the scheme: the browser's https Origin still matches the host.
      expect((await login("https://erf.example", "erf.example")).status).toBe(200);
      expect((await login("http://erf.example", "other.example")).status).toBe(403);
    });

    it("refuses an Origin whose user-info names another site in front of our host and port", async () => {
      const login = (origin: string) =>
        testApp(open.db).request("http://127.0.0.1:3000/api/auth/login", {
          method: "POST",
          headers: { ...JSON_TYPE, Origin: origin, Host: "127.0.0.1:3000" },
          body: JSON.stringify(PROBE),
        });
      const refused = await login("http://evil.test@127.0.0.1:3000");
      expect(refused.status).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      // The control: the plain origin goes through.
      expect((await login("http://127.0.0.1:3000")).status).toBe(200);
    });

    it("believes X-Forwarded-Proto and X-Forwarded-Host only behind a trusted proxy", async () => {
      // Both hosts are ours, so only the origin check decides.
      const request = (trustProxy: number) =>
        testApp(open.db, { config: testConfig({ trustProxy, allowedHosts: ["erf.co.za", "10.0.0.5"] }) }).request(
          "http://10.0.0.5:3000/api/auth/login",
          {
            method: "POST",
            headers: {
              ...JSON_TYPE,
              Origin: "https://erf.co.za",
              Host: "10.0.0.5:3000",
              "X-Forwarded-Proto": "https",
              "X-Forwarded-Host": "erf.co.za",
            },
            body: JSON.stringify(PROBE),
          },
        );
      expect((await request(1)).status).toBe(200);
      expect((await request(0)).status).toBe(403);
    });

    it("behind a proxy that appends to X-Forwarded-Host, compares Origin with the entry the proxy wrote", async () => {
      const login = (forwardedHost: string) =>
        // Both hosts are ours, so only the origin check decides.
        testApp(open.db, { config: testConfig({ trustProxy: 1, allowedHosts: ["erf.co.za", "evil.test"] }) }).request(
          "http://10.0.0.5:3000/api/auth/login",
          {
            method: "POST",
            headers: {
              ...JSON_TYPE,
              Origin: "https://erf.co.za",
              Host: "10.0.0.5:3000",
              "X-Forwarded-Host": forwardedHost,
            },
            body: JSON.stringify(PROBE),
          },
        );
      // The client sent "erf.co.za" itself; the proxy appended the host it was really asked for.
      expect((await login("erf.co.za, evil.test")).status).toBe(403);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      expect((await login("evil.test, erf.co.za")).status).toBe(200);
    });

    it("leaves the public form routes open to cross-origin posts", async () => {
      const response = await postJson(testApp(open.db), "/api/contacts", validContact, {
        Origin: "https://partner.example",
      });
      expect(response.status).toBe(201);
    });
  },
  { admin: true },
);
