import { describe, expect, it } from "vitest";
import type { Config } from "../env";
import { configFromEnv } from "../env";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, testApp, testConfig, validNewsletter } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, send, signIn } from "../test-support/admin";

// TRUST_PROXY=<n>: a client behind our proxies writes whatever it likes to the left of X-Forwarded-For.
// Each request below comes from the same real client with a new forged left-hand entry; the per-IP form
// limit, the per-IP login lockout and the IP stored in consents and the audit log must all see the real
// client, as the proxies reported it.

const REAL = "198.51.100.7";
const forged = (i: number) => `203.0.113.${i + 1}`;

/** What the chain delivers for one proxy (it appends what it saw) and for two (the inner one appends the outer's address). */
const PROXIES = [
  { hops: 1, header: (i: number) => `${forged(i)}, ${REAL}`, other: "198.51.100.8" },
  { hops: 2, header: (i: number) => `${forged(i)}, ${REAL}, 10.0.0.1`, other: "198.51.100.8, 10.0.0.1" },
] as const;

describeStorage(
  "client IP behind trusted proxies",
  (open) => {
    const appWith = (config: Partial<Config>) =>
      testApp(open.db, { clock: manualClock().clock, config: testConfig(config) });

    describe.each(PROXIES)("with $hops trusted proxies", ({ hops, header, other }) => {
      it("keeps one form rate-limit window for the real client however the left-hand entries change", async () => {
        const app = appWith({ trustProxy: hops, rateLimitPerMinute: 2 });
        const subscribe = (i: number, forwardedFor = header(i)) =>
          postJson(app, "/api/newsletter", { email: `reader${i}@example.com` }, { "X-Forwarded-For": forwardedFor });
        expect((await subscribe(0)).status).toBe(201);
        expect((await subscribe(1)).status).toBe(201);
        expect((await subscribe(2)).status).toBe(429);
        // Another real client still has its own window.
        expect((await subscribe(3, other)).status).toBe(201);
        const ips = (await open.db.selectFrom("consents").select("ip").execute()).map((row) => row.ip);
        expect(ips.sort()).toEqual([REAL, REAL, "198.51.100.8"]);
      });

      it("locks the real client out after the per-IP limit however the left-hand entries change", async () => {
        const app = appWith({ trustProxy: hops, loginMaxFailures: 3 });
        // Three different accounts, so only the per-IP counter can refuse the fourth.
        const attempt = (i: number) =>
          send(app, "POST", "/api/auth/login", {
            body: { email: `user${i}@erf.co.za`, password: "not the password" },
            headers: { "X-Forwarded-For": header(i) },
          });
        for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
        expect((await attempt(3)).status).toBe(429);
      });

      it("stores the real client's IP in the audit log", async () => {
        const app = appWith({ trustProxy: hops });
        const mark = await auditMark(open.db);
        await signIn(app, ADMIN_EMAIL, ADMIN_PASSWORD, { "X-Forwarded-For": header(9) });
        expect(await auditSince(open.db, mark)).toMatchObject([{ action: "auth.login", ip: REAL }]);
      });
    });

    it("reads TRUST_PROXY=true as one proxy, as before", async () => {
      const app = appWith({ trustProxy: configFromEnv({ TRUST_PROXY: "true" }).trustProxy, rateLimitPerMinute: 1 });
      const { header } = PROXIES[0];
      expect((await postJson(app, "/api/newsletter", validNewsletter, { "X-Forwarded-For": header(0) })).status).toBe(
        201,
      );
      expect((await postJson(app, "/api/newsletter", validNewsletter, { "X-Forwarded-For": header(1) })).status).toBe(
        429,
      );
      expect(await open.db.selectFrom("consents").select("ip").execute()).toEqual([{ ip: REAL }]);
    });

    it("stores IPv4-mapped IPv6 as the IPv4 address, so both spellings share one window", async () => {
      const app = appWith({ trustProxy: 1, rateLimitPerMinute: 1 });
      expect(
        (await postJson(app, "/api/newsletter", validNewsletter, { "X-Forwarded-For": `::ffff:${REAL}` })).status,
      ).toBe(201);
      expect((await postJson(app, "/api/newsletter", validNewsletter, { "X-Forwarded-For": REAL })).status).toBe(429);
      expect(await open.db.selectFrom("consents").select("ip").execute()).toEqual([{ ip: REAL }]);
    });
  },
  { admin: true },
);
