import { beforeEach, expect, it } from "vitest";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testApp, testConfig } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedAdmin, send } from "../test-support/admin";

// The failed-login lockout: per account and per client IP, counted before the password is checked. The
// account here has no second factor, so a right password alone signs in; wrong two-factor codes count
// the same way (auth-two-factor.test.ts).

const MINUTE = 60 * 1000;

describeStorage("login lockout", (open) => {
  beforeEach(() => seedAdmin(open.db, ADMIN_EMAIL, ADMIN_PASSWORD, undefined, { twoFactor: false }));
  // TRUST_PROXY so each test can choose the client IP with X-Forwarded-For.
  const makeApp = (limit = 10) => {
    const time = manualClock();
    const app = testApp(open.db, { clock: time.clock, config: testConfig({ trustProxy: 1, loginMaxFailures: limit }) });
    const login = (email: string, password: string, ip = "203.0.113.1") =>
      send(app, "POST", "/api/auth/login", { body: { email, password }, headers: { "X-Forwarded-For": ip } });
    return { app, login, time };
  };

  it("answers 429 with Retry-After after 10 failures for an account, even with the right password", async () => {
    const { login } = makeApp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(ADMIN_EMAIL, `wrong password ${attempt}`, `198.51.100.${attempt}`)).status).toBe(401);
    }
    const locked = await login(ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.99");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("900");
    expect(await locked.json()).toEqual({
      error: "too-many-requests",
      message: expect.stringMatching(/Try again in 15 minutes/),
    });
    expect(locked.headers.getSetCookie()).toEqual([]);
  });

  it("locks out one IP spraying many accounts, but not other IPs", async () => {
    const { login } = makeApp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(`guess${attempt}@erf.co.za`, "some password here", "192.0.2.7")).status).toBe(401);
    }
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, "192.0.2.7")).status).toBe(429);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, "192.0.2.8")).status).toBe(200);
  });

  it("counts an IPv6 client by its /64, so fresh addresses from one network spray no further", async () => {
    const { login } = makeApp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(
        (await login(`user${attempt}@erf.co.za`, "wrong password", `2001:db8:7:9::${attempt.toString(16)}`)).status,
      ).toBe(401);
    }
    expect((await login("user11@erf.co.za", "wrong password", "2001:db8:7:9:ffff::1")).status).toBe(429);
    expect((await login("user12@erf.co.za", "wrong password", "2001:db8:7:a::1")).status).toBe(401);
  });

  it("locks unknown emails the same way as known ones, so the lockout reveals nothing", async () => {
    const { login } = makeApp(3);
    const answers = async (email: string, ipPrefix: string) => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++)
        statuses.push((await login(email, "wrong password!", `${ipPrefix}.${attempt}`)).status);
      return statuses;
    };
    expect(await answers(ADMIN_EMAIL, "10.0.0")).toEqual([401, 401, 401, 429]);
    expect(await answers("nobody@erf.co.za", "10.0.1")).toEqual([401, 401, 401, 429]);
  });

  it("opens again 15 minutes after the first failure", async () => {
    const { login, time } = makeApp();
    for (let attempt = 1; attempt <= 10; attempt++) await login(ADMIN_EMAIL, "wrong password!!");
    time.advance(10 * MINUTE);
    const locked = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe(String(5 * 60));
    time.advance(5 * MINUTE);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it("does not count successful logins or refused attempts as failures", async () => {
    const { login } = makeApp(3);
    for (let round = 0; round < 5; round++) expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await login(ADMIN_EMAIL, "wrong password!!")).status).toBe(401);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
    const rows = await open.db.selectFrom("loginThrottle").select(["key", "failures"]).orderBy("key").execute();
    expect(rows).toEqual([
      { key: `account:${ADMIN_EMAIL}`, failures: 3 },
      { key: "ip:203.0.113.1", failures: 3 },
    ]);
  });

  it("lets exactly the limit through when 20 attempts arrive at once", async () => {
    const { login } = makeApp(5);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => login(ADMIN_EMAIL, "wrong password!!").then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("lets exactly the limit through when 20 attempts on different accounts arrive at once from one IP", async () => {
    const { login } = makeApp(5);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        login(`user${index}@erf.co.za`, "wrong password!!", "192.0.2.50").then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
