import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { manualClock, testApp, testConfig } from "../../../server/test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, deviceCookieFrom, seedAdmin, send } from "../../../server/test-support/admin";

// Check 5 of docs/reliability.md, the parts that need no stopwatch (the timing half is
// tests/soak/login-timing.ts). 1,000 wrong passwords against one account, from one client and from
// 1,000 forwarded addresses, with TRUST_PROXY off and on, and carrying device cookies that are forged or
// signed for another account. Must hold: exactly the limit answered 401, every other attempt 429 with
// Retry-After, the right password locked out too, and X-Forwarded-For believed only behind a trusted
// proxy. The 20-concurrent-against-a-limit-of-5 race and the unknown vs known answer body are proved in
// server/routes/auth-lockout.test.ts and auth.test.ts (not repeated).

const ATTEMPTS = 1_000;
const LIMIT = 10;
// Concurrent batches: the throttle's transaction, not the order of arrival, must decide.
const BATCH = 50;

type Outcome = { status: number; retryAfter: string | null; body: string };

describeStorage(
  "1,000 wrong passwords",
  (open) => {
    function attacker(trustProxy: number) {
      const app = testApp(open.db, {
        clock: manualClock().clock,
        config: testConfig({ trustProxy, loginMaxFailures: LIMIT }),
      });
      const login = async (
        email: string,
        password: string,
        forwardedFor?: string,
        cookie?: string,
      ): Promise<Outcome> => {
        const response = await send(app, "POST", "/api/auth/login", {
          body: { email, password },
          cookie,
          headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
        });
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: await response.text(),
        };
      };
      const burst = async (attempt: (index: number) => Promise<Outcome>) => {
        const outcomes: Outcome[] = [];
        for (let start = 0; start < ATTEMPTS; start += BATCH) {
          outcomes.push(
            ...(await Promise.all(
              Array.from({ length: Math.min(BATCH, ATTEMPTS - start) }, (_, i) => attempt(start + i)),
            )),
          );
        }
        return outcomes;
      };
      return { app, login, burst };
    }

    const tally = (outcomes: Outcome[]) => ({
      401: outcomes.filter((o) => o.status === 401).length,
      429: outcomes.filter((o) => o.status === 429).length,
      other: outcomes.filter((o) => o.status !== 401 && o.status !== 429).map((o) => o.status),
    });

    const expectLockedOut = (outcomes: Outcome[]) => {
      expect(tally(outcomes)).toEqual({ 401: LIMIT, 429: ATTEMPTS - LIMIT, other: [] });
      const refused = outcomes.filter((o) => o.status === 429);
      expect(refused.every((o) => Number(o.retryAfter) > 0 && Number(o.retryAfter) <= 900)).toBe(true);
      expect(new Set(refused.map((o) => JSON.parse(o.body).error))).toEqual(new Set(["too-many-requests"]));
    };

    describe.each([0, 1])("TRUST_PROXY=%s", (trustProxy) => {
      it("from one client: the limit, then 429 for the rest and for the right password", async () => {
        const { login, burst } = attacker(trustProxy);
        expectLockedOut(
          await burst((i) => login(ADMIN_EMAIL, `wrong password ${i}`, trustProxy ? "203.0.113.7" : undefined)),
        );
        expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, trustProxy ? "203.0.113.7" : undefined)).status).toBe(429);
      });

      it("from 1,000 forwarded addresses: the per-account limit holds whatever the address", async () => {
        const { login, burst } = attacker(trustProxy);
        expectLockedOut(
          await burst((i) => login(ADMIN_EMAIL, `wrong password ${i}`, `198.51.${Math.floor(i / 250)}.${i % 250}`)),
        );
        expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, "192.0.2.200")).status).toBe(429);
      });
    });

    // A known browser is throttled on its own (server/routes/auth-device.test.ts); a cookie that only looks
    // like one must not buy an attacker that exemption.
    it("with forged device cookies, or the device cookie of the attacker's own account: still the limit, then 429", async () => {
      const attackersOwn = { email: "insider@erf.co.za", password: "the insider's own password" };
      await seedAdmin(open.db, attackersOwn.email, attackersOwn.password, undefined, { twoFactor: false });
      const { app, login, burst } = attacker(1);
      const signedIn = await send(app, "POST", "/api/auth/login", {
        body: attackersOwn,
        headers: { "X-Forwarded-For": "203.0.113.8" },
      });
      const ownDevice = deviceCookieFrom(signedIn);
      expect(ownDevice).not.toBeNull();
      const [, issued = ""] = ownDevice!.split(".");
      const forged = () =>
        `__Host-erf_device=${randomBytes(16).toString("base64url")}.${issued}.${randomBytes(32).toString("base64url")}`;
      expectLockedOut(
        await burst((i) =>
          login(
            ADMIN_EMAIL,
            `wrong password ${i}`,
            `198.51.${Math.floor(i / 250)}.${i % 250}`,
            i % 2 ? ownDevice! : forged(),
          ),
        ),
      );
      expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, "192.0.2.200", ownDevice!)).status).toBe(429);
    });

    it("ignores X-Forwarded-For without TRUST_PROXY: spraying 1,000 accounts from 'new' addresses meets the per-IP limit", async () => {
      const { login, burst } = attacker(0);
      expectLockedOut(await burst((i) => login(`user${i}@erf.co.za`, "wrong password!!", `198.51.100.${i % 250}`)));
    });

    it("believes X-Forwarded-For with TRUST_PROXY: 1,000 accounts from 1,000 addresses each stay under both limits", async () => {
      const { login, burst } = attacker(1);
      expect(
        tally(
          await burst((i) =>
            login(`user${i}@erf.co.za`, "wrong password!!", `198.51.${Math.floor(i / 250)}.${i % 250}`),
          ),
        ),
      ).toEqual({ 401: ATTEMPTS, 429: 0, other: [] });
    });

    it("gives unknown and known emails the same status, headers and body, attempt for attempt", async () => {
      const { login } = attacker(1);
      for (let i = 0; i < LIMIT + 2; i++) {
        const known = await login(ADMIN_EMAIL, "wrong password!!", `10.1.0.${i}`);
        const unknown = await login("nobody@erf.co.za", "wrong password!!", `10.2.0.${i}`);
        expect({ ...unknown }).toEqual({ ...known });
      }
    });
  },
  { admin: true },
);
