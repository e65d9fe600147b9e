import { expect, it } from "vitest";
import { hashSessionToken } from "../auth/sessions";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testApp } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, send, sessionCookieFrom, signIn, totpFor } from "../test-support/admin";

const HOUR = 60 * 60 * 1000;

describeStorage(
  "session lifecycle",
  (open) => {
    const whoAmI = async (app: ReturnType<typeof testApp>, cookie: string | null) => {
      const response = await send(app, "GET", "/api/auth/session", { cookie });
      return { status: response.status, body: (await response.json()) as unknown };
    };

    it("signs in with any case of the email and sets the session cookie with exact attributes", async () => {
      const { clock } = manualClock();
      const app = testApp(open.db, { clock });
      const code = await totpFor(app);
      const response = await send(app, "POST", "/api/auth/login", {
        body: { email: " STAFF@erf.co.za ", password: ADMIN_PASSWORD, code },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        email: ADMIN_EMAIL,
        name: null,
        role: "admin",
        twoFactor: true,
        mustEnrolTwoFactor: false,
      });
      expect(response.headers.get("cache-control")).toBe("no-store");
      const cookies = response.headers.getSetCookie();
      // The second is the device cookie (auth-device.test.ts).
      expect(cookies).toHaveLength(2);
      expect(cookies[0]).toMatch(
        /^__Host-erf_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    });

    it("stores only the SHA-256 of the token", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const token = cookie.split("=")[1]!;
      const rows = await open.db.selectFrom("sessions").select("tokenHash").execute();
      expect(rows).toEqual([{ tokenHash: hashSessionToken(token) }]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("answers the session endpoint with the signed-in staff member, or 401 unauthenticated without a valid cookie", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      expect(await whoAmI(app, cookie)).toEqual({
        status: 200,
        body: { email: ADMIN_EMAIL, name: null, role: "admin", twoFactor: true, mustEnrolTwoFactor: false },
      });
      expect(await whoAmI(app, null)).toEqual({ status: 401, body: { error: "unauthenticated" } });
      expect(await whoAmI(app, `__Host-erf_session=${"A".repeat(43)}`)).toEqual({
        status: 401,
        body: { error: "unauthenticated" },
      });
      expect(await whoAmI(app, "__Host-erf_session=not-a-token")).toEqual({
        status: 401,
        body: { error: "unauthenticated" },
      });
    });

    it("issues a new token at every login and ends the one the browser held", async () => {
      const app = testApp(open.db);
      const first = await signIn(app);
      const second = await signIn(app, ADMIN_EMAIL, ADMIN_PASSWORD, { Cookie: first });
      expect(second).not.toBe(first);
      expect((await whoAmI(app, second)).status).toBe(200);
      expect((await whoAmI(app, first)).status).toBe(401);
    });

    it("keeps other devices' sessions when signing in again elsewhere", async () => {
      const app = testApp(open.db);
      const laptop = await signIn(app);
      const phone = await signIn(app);
      expect((await whoAmI(app, laptop)).status).toBe(200);
      expect((await whoAmI(app, phone)).status).toBe(200);
    });

    it("logs out on the server: the old cookie stops working and the cookie is cleared", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const response = await send(app, "POST", "/api/auth/logout", { body: {}, cookie });
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie()[0]).toMatch(
        /^__Host-erf_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(sessionCookieFrom(response)).toBeNull();
      expect((await whoAmI(app, cookie)).status).toBe(401);
      expect((await send(app, "GET", "/api/admin/stats", { cookie })).status).toBe(401);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it("answers logout without a session with 204 too", async () => {
      expect((await send(testApp(open.db), "POST", "/api/auth/logout", { body: {} })).status).toBe(204);
    });

    it("expires a session idle for 12 hours, and keeps one used within that time", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      time.advance(11 * HOUR);
      expect((await whoAmI(app, cookie)).status).toBe(200);
      time.advance(11 * HOUR);
      expect((await whoAmI(app, cookie)).status).toBe(200);
      time.advance(12 * HOUR);
      expect((await whoAmI(app, cookie)).status).toBe(401);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it("ends a session 7 days after login however active it is", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      for (let hours = 10; hours < 7 * 24; hours += 10) {
        time.advance(10 * HOUR);
        expect((await whoAmI(app, cookie)).status, `after ${hours} h`).toBe(200);
      }
      time.advance(7 * 24 * HOUR - 16 * 10 * HOUR - 1);
      expect((await whoAmI(app, cookie)).status).toBe(200);
      time.advance(1);
      expect((await whoAmI(app, cookie)).status).toBe(401);
    });

    it("writes last_seen_at at most once a minute", async () => {
      const time = manualClock("2025-03-01T10:00:00.000Z");
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      const lastSeen = async () =>
        (await open.db.selectFrom("sessions").select("lastSeenAt").executeTakeFirstOrThrow()).lastSeenAt;
      time.advance(59_000);
      await whoAmI(app, cookie);
      expect(await lastSeen()).toBe("2025-03-01T10:00:00.000Z");
      time.advance(1_000);
      await whoAmI(app, cookie);
      expect(await lastSeen()).toBe("2025-03-01T10:01:00.000Z");
    });

    it("answers a wrong password and an unknown email identically", async () => {
      const app = testApp(open.db);
      const wrongPassword = await send(app, "POST", "/api/auth/login", {
        body: { email: ADMIN_EMAIL, password: "not the password at all" },
      });
      const unknownEmail = await send(app, "POST", "/api/auth/login", {
        body: { email: "nobody@erf.co.za", password: ADMIN_PASSWORD },
      });
      const expected = { error: "invalid-credential", message: "Invalid email or password." };
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(expected);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it.each([
      ["no password", { email: ADMIN_EMAIL }, "password"],
      ["no email", { password: ADMIN_PASSWORD }, "email"],
      ["a non-string password", { email: ADMIN_EMAIL, password: 123 }, "password"],
    ])("rejects %s with 400 naming the field", async (_label, body, field) => {
      const response = await send(testApp(open.db), "POST", "/api/auth/login", { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields[field]).toEqual(expect.any(String));
    });

    it("rejects malformed JSON with 400", async () => {
      const response = await send(testApp(open.db), "POST", "/api/auth/login", { body: "{not json" });
      expect(response.status).toBe(400);
    });
  },
  { admin: true },
);
