import { beforeEach, expect, it } from "vitest";
import { configFromEnv, type Config } from "../env";
import { describeStorage } from "../test-support/storage-suite";
import { postJson, testApp, testConfig, validContact } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedSales, signIn } from "../test-support/admin";

// DNS rebinding: a page on evil.test re-pointed at our address is same-origin with us in the browser,
// so it sends its own Origin and Host: evil.test. The staff API answers only its own names.

/** The sign-ins that probe the host check: an account whose password alone signs in (no second factor). */
const PROBE = { email: "probe@erf.co.za", password: ADMIN_PASSWORD };

const PRODUCTION: Partial<Config> = {
  publicUrl: "https://erf.example",
  allowLoopbackHosts: false,
  nodeEnv: "production",
};

describeStorage(
  "staff API host allow-list",
  (open) => {
    beforeEach(() => seedSales(open.db, PROBE.email));
    const appWith = (config: Partial<Config> = {}) => testApp(open.db, { config: testConfig(config) });

    /** A login as the page at `host` would send it: its own origin, same-origin JSON. */
    const loginAt = (app: ReturnType<typeof appWith>, host: string, headers: Record<string, string> = {}) =>
      app.request(`http://${host}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Host: host, Origin: `http://${host}`, ...headers },
        body: JSON.stringify(PROBE),
      });
    const sessionAt = (app: ReturnType<typeof appWith>, host: string, headers: Record<string, string> = {}) =>
      app.request(`http://${host}/api/auth/session`, { headers: { Host: host, ...headers } });

    it("answers a rebound name with 421 {error: host-not-allowed}, signing no one in", async () => {
      const refused = await loginAt(appWith(PRODUCTION), "evil.test");
      expect(refused.status).toBe(421);
      expect(await refused.json()).toEqual({ error: "host-not-allowed" });
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it("gives a rebound page nothing from /api/admin, even with a valid session cookie", async () => {
      const app = appWith(PRODUCTION);
      const cookie = await signIn(app, ADMIN_EMAIL, ADMIN_PASSWORD, {
        Host: "erf.example",
        Origin: "https://erf.example",
      });
      const stats = await app.request("http://evil.test/api/admin/stats", {
        headers: { Host: "evil.test", Cookie: cookie },
      });
      expect(stats.status).toBe(421);
      expect(await stats.json()).toEqual({ error: "host-not-allowed" });
      // The control: the same request on our own name.
      expect(
        (await app.request("https://erf.example/api/admin/stats", { headers: { Host: "erf.example", Cookie: cookie } }))
          .status,
      ).toBe(200);
    });

    it("in production answers on PUBLIC_URL's name only (any port), not on loopback names", async () => {
      const app = appWith(PRODUCTION);
      expect((await sessionAt(app, "erf.example")).status).toBe(401);
      expect((await sessionAt(app, "ERF.example:8443")).status).toBe(401);
      for (const host of [
        "localhost",
        "localhost:3000",
        "127.0.0.1:3000",
        "[::1]:3000",
        "erf.example.evil.test",
        "evil-erf.example",
      ]) {
        expect((await sessionAt(app, host)).status, host).toBe(421);
      }
    });

    it("in development also answers on localhost, 127.0.0.1 and [::1] with any port", async () => {
      const app = appWith();
      for (const host of ["localhost", "localhost:5173", "127.0.0.1:3000", "[::1]:8080"]) {
        expect((await loginAt(app, host)).status, host).toBe(200);
      }
      expect((await loginAt(app, "evil.test:3000")).status).toBe(421);
      // A name that merely resolves to loopback is still someone else's name.
      expect((await loginAt(app, "127.0.0.1.nip.io")).status).toBe(421);
    });

    it("answers on the names ALLOWED_HOSTS adds", async () => {
      const { allowedHosts } = configFromEnv({ ALLOWED_HOSTS: "crm.erf.example, 10.0.0.5" });
      const app = appWith({ ...PRODUCTION, allowedHosts });
      expect((await loginAt(app, "crm.erf.example")).status).toBe(200);
      expect((await sessionAt(app, "10.0.0.5:3000")).status).toBe(401);
      expect((await sessionAt(app, "other.erf.example")).status).toBe(421);
    });

    it("refuses a Host that is not a plain host[:port], even when our name is in it", async () => {
      const app = appWith(PRODUCTION);
      for (const host of ["evil.test@erf.example", "erf.example%2f", "*"]) {
        const response = await app.request("/api/auth/session", { headers: { Host: host } });
        expect(response.status, host).toBe(421);
      }
    });

    it("behind a trusted proxy checks the X-Forwarded-Host entry the proxy wrote, not one the client forged to its left", async () => {
      const app = appWith({ ...PRODUCTION, trustProxy: 1 });
      const internal = { Host: "10.0.0.5:3000" };
      expect((await sessionAt(app, "10.0.0.5:3000", { ...internal, "X-Forwarded-Host": "erf.example" })).status).toBe(
        401,
      );
      // A proxy that appends (Apache httpd does) after the rebound page set the header itself.
      expect(
        (await sessionAt(app, "10.0.0.5:3000", { ...internal, "X-Forwarded-Host": "erf.example, evil.test" })).status,
      ).toBe(421);
      // Without TRUST_PROXY the header is not believed at all: Host decides.
      expect((await sessionAt(appWith(PRODUCTION), "evil.test", { "X-Forwarded-Host": "erf.example" })).status).toBe(
        421,
      );
    });

    it("leaves the public routes open on any name", async () => {
      const response = await postJson(appWith(PRODUCTION), "http://evil.test/api/contacts", validContact, {
        Host: "evil.test",
      });
      expect(response.status).toBe(201);
    });
  },
  { admin: true },
);
