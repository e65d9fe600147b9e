import { beforeEach, expect, it } from "vitest";
import { DEVICE_TOKEN_LIFETIME_MS } from "../auth/device-token";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testApp, testConfig } from "../test-support/app";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  deviceCookieFrom,
  seedAdmin,
  send,
  sessionCookieFrom,
} from "../test-support/admin";

// Known browsers (OWASP's device cookies): an attacker's failures lock the account for every unknown
// browser, but not for a browser that signed in to it before; that one meets only its own failures. The
// accounts here have no second factor, so a right password alone signs in.

const MINUTE = 60 * 1000;
const OTHER = { email: "other@erf.co.za", password: "another long passphrase" };

describeStorage("known browsers and the lockout", (open) => {
  beforeEach(() => seedAdmin(open.db, ADMIN_EMAIL, ADMIN_PASSWORD, undefined, { twoFactor: false }));
  // TRUST_PROXY so each test can choose the client IP with X-Forwarded-For.
  const makeApp = ({ limit = 10, time = manualClock() } = {}) => {
    const app = testApp(open.db, { clock: time.clock, config: testConfig({ trustProxy: 1, loginMaxFailures: limit }) });
    const login = (
      password: string,
      { email = ADMIN_EMAIL, ip = "203.0.113.1", cookie = null as string | null } = {},
    ) =>
      send(app, "POST", "/api/auth/login", { body: { email, password }, cookie, headers: { "X-Forwarded-For": ip } });
    /** Signs in as a browser would the first time, and returns the device cookie it then carries. */
    const knownBrowser = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
      const response = await login(password, { email, ip: "192.0.2.10" });
      const device = deviceCookieFrom(response);
      if (response.status !== 200 || !device) throw new Error(`sign-in failed: ${response.status}`);
      return device;
    };
    /** Wrong passwords from an unknown browser until the account is locked, and a couple more. */
    const attack = async (ip?: (attempt: number) => string) => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= limit + 2; attempt++) {
        statuses.push(
          (await login(`wrong password ${attempt}`, { ip: ip?.(attempt) ?? `198.51.100.${attempt}` })).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(limit).fill(401), 429, 429]);
    };
    return { app, login, knownBrowser, attack, time };
  };

  it("sets a device cookie at sign-in: __Host-, HttpOnly, Secure, SameSite=Strict, for a year, and keeps it at sign-out", async () => {
    const { app, login } = makeApp();
    expect((await login("wrong password!!")).headers.getSetCookie()).toEqual([]);
    const response = await login(ADMIN_PASSWORD);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[1]).toMatch(
      /^__Host-erf_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const logout = await send(app, "POST", "/api/auth/logout", { body: {}, cookie: sessionCookieFrom(response) });
    expect(logout.headers.getSetCookie().filter((cookie) => cookie.startsWith("__Host-erf_device="))).toEqual([]);
  });

  it("locks unknown browsers out after an attacker's failures, while the staff member's known browser still signs in", async () => {
    const { app, login, knownBrowser, attack } = makeApp();
    const device = await knownBrowser();
    // The attacker shares the office's address, so that IP is locked as well as the account.
    await attack(() => "192.0.2.10");
    expect((await login(ADMIN_PASSWORD, { ip: "203.0.113.9" })).status).toBe(429);
    expect((await login(ADMIN_PASSWORD, { ip: "192.0.2.10" })).status).toBe(429);

    const known = await login(ADMIN_PASSWORD, { ip: "192.0.2.10", cookie: device });
    expect(known.status).toBe(200);
    expect((await send(app, "GET", "/api/auth/session", { cookie: sessionCookieFrom(known) })).status).toBe(200);
    // Signing in from the known browser does not lift the lockout for everyone else.
    expect((await login(ADMIN_PASSWORD, { ip: "203.0.113.9" })).status).toBe(429);
    // The audit log is append-only (and outlives clearTables): this test's two sign-ins are the newest.
    const logins = await open.db
      .selectFrom("audit")
      .select("details")
      .where("action", "=", "auth.login")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(logins.map((row) => JSON.parse(row.details) as unknown)).toEqual([{ browser: "known" }, {}]);
  });

  it("locks a known browser after its own 10 failures, for 15 minutes, without locking the account", async () => {
    const { login, knownBrowser, time } = makeApp();
    const device = await knownBrowser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(`wrong password ${attempt}`, { cookie: device })).status).toBe(401);
    }
    const locked = await login(ADMIN_PASSWORD, { cookie: device });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("900");
    const counted = await open.db
      .selectFrom("loginThrottle")
      .select(["key", "failures"])
      .where("failures", ">", 0)
      .execute();
    expect(counted).toEqual([{ key: `device:${device.split("=")[1]!.split(".")[0]!}`, failures: 10 }]);

    expect((await login(ADMIN_PASSWORD, { ip: "203.0.113.50" })).status).toBe(200);
    time.advance(15 * MINUTE);
    expect((await login(ADMIN_PASSWORD, { cookie: device })).status).toBe(200);
  });

  it("gives no exemption to a tampered or forged token, one for another account, or one without the __Host- prefix", async () => {
    await seedAdmin(open.db, OTHER.email, OTHER.password, undefined, { twoFactor: false });
    const { login, knownBrowser, attack } = makeApp();
    const device = await knownBrowser();
    const otherAccounts = await knownBrowser(OTHER.email, OTHER.password);
    await attack();

    const token = device.split("=")[1]!;
    const [id = "", issued = "", signature = ""] = token.split(".");
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const refused = [
      `__Host-erf_device=${id}.${issued}.${flip(signature, 5)}`,
      `__Host-erf_device=${flip(id, 0)}.${issued}.${signature}`,
      `__Host-erf_device=${id}.${Number(issued) + 1}.${signature}`,
      `__Host-erf_device=${"A".repeat(22)}.${issued}.${"B".repeat(43)}`,
      `__Host-erf_device=not-a-token`,
      otherAccounts,
      `erf_device=${token}`,
    ];
    for (const cookie of refused) expect((await login(ADMIN_PASSWORD, { cookie })).status, cookie).toBe(429);
    expect((await login(ADMIN_PASSWORD, { cookie: device })).status).toBe(200);
  });

  it("accepts a device token for a year and not after", async () => {
    const time = manualClock();
    const { login, knownBrowser, attack } = makeApp({ time });
    const device = await knownBrowser();
    time.advance(DEVICE_TOKEN_LIFETIME_MS - 5 * MINUTE);
    await attack();
    expect((await login(ADMIN_PASSWORD, { cookie: device })).status).toBe(200);
    time.advance(5 * MINUTE);
    expect((await login(ADMIN_PASSWORD, { cookie: device })).status).toBe(429);
  });

  it("counts a known browser's failures in the database, shared by several server instances", async () => {
    const time = manualClock();
    const first = makeApp({ time });
    const second = makeApp({ time });
    const device = await first.knownBrowser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await first.login("wrong password!!", { cookie: device })).status).toBe(401);
      expect((await second.login("wrong password!!", { cookie: device })).status).toBe(401);
    }
    expect((await first.login(ADMIN_PASSWORD, { cookie: device })).status).toBe(429);
    expect((await second.login(ADMIN_PASSWORD, { cookie: device })).status).toBe(429);
    expect((await second.login(ADMIN_PASSWORD)).status).toBe(200);
  });

  it("lets exactly the limit through when 20 attempts with one device token arrive at once", async () => {
    const { login, knownBrowser } = makeApp({ limit: 5 });
    const device = await knownBrowser();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => login("wrong password!!", { cookie: device }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect((await login(ADMIN_PASSWORD)).status).toBe(200);
  });
});
