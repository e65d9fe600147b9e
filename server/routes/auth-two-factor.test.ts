import { expect, it } from "vitest";
import { openSecret } from "../auth/secret-box";
import { totpCode, totpStep } from "../auth/totp";
import { derivePrivacyKeys } from "../privacy/keys";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  seedAdmin,
  seedSales,
  send,
  sessionCookieFrom,
  setTestSecret,
  signIn,
  TEST_TOTP_SECRET,
} from "../test-support/admin";
import { noteTotpStep } from "../test-support/totp";

// Two-factor sign-in with TOTP (RFC 6238): enrolment by a code computed from the shown secret, codes
// accepted one step either side and never twice, single-use recovery codes, wrong codes counted by the
// lockout, and admins kept to enrolment until they have it.

const STEP_MS = 30_000;
const keys = derivePrivacyKeys(TEST_APP_SECRET);
const NEW_ADMIN = "new.admin@erf.co.za";
const REP = "rep@erf.co.za";

describeStorage(
  "two-factor sign-in",
  (open) => {
    const makeApp = (limit = 10) => {
      const time = manualClock("2025-06-02T08:00:10.000Z");
      const app = testApp(open.db, { clock: time.clock, config: testConfig({ loginMaxFailures: limit }) });
      const step = () => totpStep(time.clock().getTime());
      const login = (email: string, code?: string, password = ADMIN_PASSWORD) =>
        send(app, "POST", "/api/auth/login", { body: { email, password, ...(code !== undefined && { code }) } });
      /**
       * Sets up and turns on two-factor through the API, as the enrolment page does: with the password, and
       * while a factor is on, `current`, a code of it (decision 0043).
       */
      const enrol = async (cookie: string, email: string, current?: string) => {
        const proof = { password: ADMIN_PASSWORD, ...(current !== undefined && { code: current }) };
        const setup = (await (await send(app, "POST", "/api/auth/2fa/setup", { cookie, body: proof })).json()) as {
          secret: string;
          otpauthUri: string;
        };
        const response = await send(app, "POST", "/api/auth/2fa/enable", {
          cookie,
          body: { code: totpCode(setup.secret, step()), password: ADMIN_PASSWORD },
        });
        expect(response.status).toBe(200);
        setTestSecret(email, setup.secret);
        noteTotpStep(email, step());
        return { ...setup, recoveryCodes: ((await response.json()) as { recoveryCodes: string[] }).recoveryCodes };
      };
      return { app, time, step, login, enrol };
    };

    it("keeps an admin without two-factor to enrolment, which a code computed from the shown secret completes", async () => {
      await seedAdmin(open.db, NEW_ADMIN, ADMIN_PASSWORD, undefined, { twoFactor: false });
      const { app, step, login } = makeApp();
      const signedIn = await login(NEW_ADMIN);
      expect(await signedIn.clone().json()).toEqual({
        email: NEW_ADMIN,
        name: null,
        role: "admin",
        twoFactor: false,
        mustEnrolTwoFactor: true,
      });
      const cookie = sessionCookieFrom(signedIn)!;
      for (const path of ["/api/admin/stats", "/api/admin/staff", "/api/admin/leads"]) {
        const refused = await send(app, "GET", path, { cookie });
        expect(refused.status, path).toBe(403);
        expect(await refused.json()).toEqual({ error: "two-factor-enrolment-required" });
      }
      expect((await send(app, "GET", "/api/auth/session", { cookie })).status).toBe(200);

      const mark = await auditMark(open.db);
      const setup = (await (
        await send(app, "POST", "/api/auth/2fa/setup", { cookie, body: { password: ADMIN_PASSWORD } })
      ).json()) as { secret: string; otpauthUri: string };
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.otpauthUri);
      expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(`otpauth://totp/Erf:${NEW_ADMIN}`);
      expect(Object.fromEntries(uri.searchParams)).toEqual({
        issuer: "Erf",
        secret: setup.secret,
        algorithm: "SHA1",
        digits: "6",
        period: "30",
      });
      // Stored sealed, and not in use until confirmed.
      const pending = await open.db
        .selectFrom("admins")
        .select(["id", "totpSecret", "totpPendingSecret"])
        .where("email", "=", NEW_ADMIN)
        .executeTakeFirstOrThrow();
      expect(pending.totpSecret).toBeNull();
      expect(pending.totpPendingSecret).not.toContain(setup.secret);
      expect(openSecret(keys.twoFactorSecret, pending.id, pending.totpPendingSecret!)).toBe(setup.secret);

      const wrong = await send(app, "POST", "/api/auth/2fa/enable", {
        cookie,
        body: { code: totpCode(setup.secret, step() + 3), password: ADMIN_PASSWORD },
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: "invalid-code", fields: { code: expect.any(String) } });
      const enabled = await send(app, "POST", "/api/auth/2fa/enable", {
        cookie,
        body: { code: totpCode(setup.secret, step()), password: ADMIN_PASSWORD },
      });
      expect(enabled.status).toBe(200);
      const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
      expect(JSON.stringify(await open.db.selectFrom("recoveryCodes").selectAll().execute())).not.toContain(
        recoveryCodes[0]!.replace(/-/g, ""),
      );

      expect((await send(app, "GET", "/api/admin/stats", { cookie })).status).toBe(200);
      expect(await (await send(app, "GET", "/api/auth/session", { cookie })).json()).toMatchObject({
        twoFactor: true,
        mustEnrolTwoFactor: false,
      });
      expect((await auditSince(open.db, mark)).map(({ actor, action }) => [actor, action])).toEqual([
        [NEW_ADMIN, "auth.two-factor-enable"],
      ]);
      // The code that confirmed it cannot sign in again.
      expect(await (await login(NEW_ADMIN, totpCode(setup.secret, step()))).json()).toMatchObject({
        error: "invalid-code",
      });
    });

    it("asks for the code once the password is right, and accepts one step either side of now, not two", async () => {
      const { login, step } = makeApp();
      const code = (offset: number) => totpCode(TEST_TOTP_SECRET, step() + offset);
      const missing = await login(ADMIN_EMAIL);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({
        error: "two-factor-required",
        message: expect.stringMatching(/authenticator app/),
      });
      expect(missing.headers.getSetCookie()).toEqual([]);
      // A wrong password is never asked for a code: nothing says whether the password was right.
      expect(await (await login(ADMIN_EMAIL, code(0), "not the password")).json()).toMatchObject({
        error: "invalid-credential",
      });
      for (const offset of [-2, 2])
        expect(await (await login(ADMIN_EMAIL, code(offset))).json(), `step ${offset}`).toMatchObject({
          error: "invalid-code",
        });
      expect((await login(ADMIN_EMAIL, code(-1))).status).toBe(200);
      expect((await login(ADMIN_EMAIL, code(1))).status).toBe(200);
    });

    it("refuses a code used before, and any code of an earlier step than the last one accepted", async () => {
      const { login, step, time } = makeApp();
      const code = (at: number) => totpCode(TEST_TOTP_SECRET, at);
      const now = step();
      expect((await login(ADMIN_EMAIL, code(now))).status).toBe(200);
      expect(await (await login(ADMIN_EMAIL, code(now))).json()).toMatchObject({ error: "invalid-code" });
      expect(await (await login(ADMIN_EMAIL, code(now - 1))).json()).toMatchObject({ error: "invalid-code" });
      time.advance(STEP_MS);
      expect(await (await login(ADMIN_EMAIL, code(now))).json()).toMatchObject({ error: "invalid-code" });
      expect((await login(ADMIN_EMAIL, code(now + 1))).status).toBe(200);
    });

    it("lets one of several sign-ins sent at once with the same code in", async () => {
      const { login, step } = makeApp();
      const code = totpCode(TEST_TOTP_SECRET, step());
      const statuses = await Promise.all(
        Array.from({ length: 5 }, async () => (await login(ADMIN_EMAIL, code)).status),
      );
      expect(statuses.sort()).toEqual([200, 401, 401, 401, 401]);
    });

    it("accepts each recovery code once, typed in any case and with spaces, and audits what is left", async () => {
      const { app, login, enrol } = makeApp();
      await seedSales(open.db, REP);
      const { recoveryCodes } = await enrol(await signIn(app, REP), REP);
      const [first = "", second = ""] = recoveryCodes;
      const mark = await auditMark(open.db);
      expect((await login(REP, first)).status).toBe(200);
      expect(await (await login(REP, first)).json()).toMatchObject({ error: "invalid-code" });
      expect((await login(REP, ` ${second.toUpperCase().replace(/-/g, " ")} `)).status).toBe(200);
      expect((await auditSince(open.db, mark)).map(({ action, details }) => [action, details])).toEqual([
        ["auth.recovery-code-used", { remaining: 9 }],
        ["auth.login", { twoFactor: "recovery-code" }],
        ["auth.login-failed", { reason: "invalid-code", account: REP }],
        ["auth.recovery-code-used", { remaining: 8 }],
        ["auth.login", { twoFactor: "recovery-code" }],
      ]);
    });

    it("counts wrong codes toward the lockout like wrong passwords; a sign-in that only asks for the code does not count", async () => {
      const { login, step, time } = makeApp(3);
      for (let i = 0; i < 5; i++) expect((await login(ADMIN_EMAIL)).status).toBe(401);
      for (let i = 0; i < 3; i++)
        expect(await (await login(ADMIN_EMAIL, "123456")).json()).toMatchObject({ error: "invalid-code" });
      const locked = await login(ADMIN_EMAIL, totpCode(TEST_TOTP_SECRET, step()));
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toBe("900");
      expect(
        await open.db
          .selectFrom("loginThrottle")
          .select(["key", "failures"])
          .where("key", "like", "account:%")
          .execute(),
      ).toEqual([{ key: `account:${ADMIN_EMAIL}`, failures: 3 }]);
      time.advance(15 * 60_000);
      expect((await login(ADMIN_EMAIL, totpCode(TEST_TOTP_SECRET, step()))).status).toBe(200);
    });

    it("lets a sales rep turn two-factor off with a code, never an admin; wrong codes there count toward the lockout", async () => {
      const { app, login, enrol, step } = makeApp(3);
      await seedSales(open.db, REP);
      const repCookie = await signIn(app, REP);
      const { secret } = await enrol(repCookie, REP);
      const disable = (cookie: string, code: string) =>
        send(app, "POST", "/api/auth/2fa/disable", { cookie, body: { code, password: ADMIN_PASSWORD } });

      const adminCookie = await signIn(app);
      const refused = await disable(adminCookie, totpCode(TEST_TOTP_SECRET, step() + 1));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: "two-factor-required-for-admins" });

      for (let i = 0; i < 3; i++) expect((await disable(repCookie, "000000")).status).toBe(400);
      expect((await disable(repCookie, totpCode(secret, step() + 1))).status).toBe(429);
      expect((await login(REP, totpCode(secret, step() + 1))).status).toBe(429);
    });

    it("keeps the secret in use until a new set-up is confirmed, then only the new one works", async () => {
      const { app, login, step, time, enrol } = makeApp();
      await seedSales(open.db, REP);
      const cookie = await signIn(app, REP);
      const old = await enrol(cookie, REP);
      time.advance(STEP_MS);
      expect(
        (
          await send(app, "POST", "/api/auth/2fa/setup", {
            cookie,
            body: { password: ADMIN_PASSWORD, code: totpCode(old.secret, step()) },
          })
        ).status,
      ).toBe(200);
      time.advance(STEP_MS);
      expect((await login(REP, totpCode(old.secret, step()))).status).toBe(200);
      time.advance(STEP_MS);
      // The sign-in above ended no session; the replacement needs a current code of the old secret.
      const replacement = await enrol(cookie, REP, totpCode(old.secret, step()));
      time.advance(STEP_MS);
      expect(await (await login(REP, totpCode(old.secret, step()))).json()).toMatchObject({ error: "invalid-code" });
      expect(await (await login(REP, old.recoveryCodes[0])).json()).toMatchObject({ error: "invalid-code" });
      expect((await login(REP, totpCode(replacement.secret, step()))).status).toBe(200);
    });

    it("needs a session for its own two-factor routes", async () => {
      const { app } = makeApp();
      for (const path of ["/api/auth/2fa/setup", "/api/auth/2fa/enable", "/api/auth/2fa/disable"]) {
        const response = await send(app, "POST", path, { body: { code: "123456" } });
        expect(response.status, path).toBe(401);
      }
    });
  },
  { admin: true },
);
