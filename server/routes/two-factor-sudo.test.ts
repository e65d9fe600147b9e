import { afterEach, beforeEach, expect, it } from "vitest";
import { totpCode, totpStep } from "../auth/totp";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  seedAdmin,
  seedSales,
  send,
  signIn,
  TEST_TOTP_SECRET,
} from "../test-support/admin";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { teamSetup } from "../test-support/team";
import { manualClock } from "../test-support/app";
import { noteTotpStep } from "../test-support/totp";

// Changing or removing a second factor proves the person, not only the session (decision 0043): the
// password and a current code, checked again on the server, wrong tries counted by the sign-in lockout;
// an admin cannot reset their own two-factor around that; and every change ends the account's other
// sessions and emails it through the outbox.

const STEP_MS = 30_000;
const REP = "rep@erf.co.za";
const OTHER_ADMIN = "second.admin@erf.co.za";

describeStorage(
  "two-factor changes need the person",
  (open) => {
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.stop());

    const make = (limit?: number) => {
      const time = manualClock("2025-06-02T08:00:10.000Z");
      const setup = teamSetup(open.db, smtp, time, limit === undefined ? {} : { loginMaxFailures: limit });
      const step = () => totpStep(time.clock().getTime());
      const post = (cookie: string, path: string, body: unknown) => send(setup.app, "POST", path, { cookie, body });
      const session = async (cookie: string) => (await send(setup.app, "GET", "/api/auth/session", { cookie })).status;
      const factorOf = (email: string) =>
        open.db
          .selectFrom("admins")
          .select(["totpSecret", "totpPendingSecret", "totpLastStep"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
      const queued = () =>
        open.db
          .selectFrom("outbox")
          .select(["kind", "subjectEmail"])
          .where("kind", "=", "two-factor-changed")
          .execute();
      return { ...setup, time, step, post, session, factorOf, queued };
    };

    it("refuses to set up or turn on a new secret, or to turn two-factor off, without the password and a current code, and changes nothing", async () => {
      await seedSales(open.db, REP, { twoFactor: true });
      const { app, post, step, factorOf, queued } = make();
      const admin = await signIn(app);
      const rep = await signIn(app, REP);
      const before = await factorOf(ADMIN_EMAIL);
      const code = totpCode(TEST_TOTP_SECRET, step() + 1);

      const refusals: [string, string, unknown, number, object][] = [
        [admin, "/api/auth/2fa/setup", {}, 400, { error: "validation", fields: { password: expect.any(String) } }],
        [
          admin,
          "/api/auth/2fa/setup",
          { password: ADMIN_PASSWORD },
          400,
          { error: "validation", fields: { code: expect.stringMatching(/current code/) } },
        ],
        [
          admin,
          "/api/auth/2fa/setup",
          { password: "not the password", code },
          400,
          { error: "invalid-password", fields: { password: expect.any(String) } },
        ],
        [
          admin,
          "/api/auth/2fa/setup",
          { password: ADMIN_PASSWORD, code: totpCode(TEST_TOTP_SECRET, step() + 5) },
          400,
          { error: "invalid-code", fields: { code: expect.any(String) } },
        ],
        [
          admin,
          "/api/auth/2fa/setup",
          { password: ADMIN_PASSWORD, code: "aaaa-bbbb-cccc-dddd" },
          400,
          { error: "invalid-code", fields: { code: expect.any(String) } },
        ],
        [
          admin,
          "/api/auth/2fa/enable",
          { code },
          400,
          { error: "validation", fields: { password: expect.any(String) } },
        ],
        [
          rep,
          "/api/auth/2fa/disable",
          { code },
          400,
          { error: "validation", fields: { password: expect.any(String) } },
        ],
        [
          rep,
          "/api/auth/2fa/disable",
          { code, password: "not the password" },
          400,
          { error: "invalid-password", fields: { password: expect.any(String) } },
        ],
      ];
      for (const [cookie, path, body, status, answer] of refusals) {
        const response = await post(cookie, path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(status);
        expect(await response.json(), `${path} ${JSON.stringify(body)}`).toMatchObject(answer);
      }
      // Nothing changed: no pending secret, the same secret and last step, no email, both still signed in.
      expect(await factorOf(ADMIN_EMAIL)).toEqual(before);
      expect((await factorOf(REP)).totpSecret).not.toBeNull();
      expect(await queued()).toEqual([]);
    });

    it("sets up and turns on a new secret with the password and a current code: the other sessions end, this one stays, and the account is emailed", async () => {
      const { app, post, step, time, session, factorOf, queued, nextMail } = make();
      const here = await signIn(app);
      const elsewhere = await signIn(app);
      time.advance(STEP_MS);
      const mark = await auditMark(open.db);
      const setup = await post(here, "/api/auth/2fa/setup", {
        password: ADMIN_PASSWORD,
        code: totpCode(TEST_TOTP_SECRET, step()),
      });
      expect(setup.status).toBe(200);
      const { secret } = (await setup.json()) as { secret: string };
      // A set-up alone changes nothing yet.
      expect(await session(elsewhere)).toBe(200);
      const enabled = await post(here, "/api/auth/2fa/enable", {
        code: totpCode(secret, step()),
        password: ADMIN_PASSWORD,
      });
      expect(enabled.status).toBe(200);
      expect(((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
      noteTotpStep(ADMIN_EMAIL, step());

      expect(await session(here)).toBe(200);
      expect(await session(elsewhere)).toBe(401);
      expect((await factorOf(ADMIN_EMAIL)).totpPendingSecret).toBeNull();
      expect(await queued()).toEqual([{ kind: "two-factor-changed", subjectEmail: ADMIN_EMAIL }]);
      const mail = await nextMail(1);
      expect(mail.to).toEqual([ADMIN_EMAIL]);
      expect(mail.subject).toBe("Your Erf two-factor sign-in was changed");
      expect(mail.text).toMatch(/It is on, with a new authenticator app entry/);
      expect(mail.text).not.toMatch(/https?:\/\/\S+token/);
      expect((await auditSince(open.db, mark)).map(({ action, details }) => [action, details])).toEqual([
        ["auth.two-factor-enable", { replaced: true }],
      ]);
    });

    it("turns a rep's two-factor off with the password and a recovery code: the other sessions end and the account is emailed", async () => {
      await seedSales(open.db, REP);
      const { app, post, step, session, queued, nextMail, factorOf } = make();
      const here = await signIn(app, REP);
      const elsewhere = await signIn(app, REP);
      // First enrolment: the password again, no code (there is no factor yet); no session ends, no email.
      const setup = (await (await post(here, "/api/auth/2fa/setup", { password: ADMIN_PASSWORD })).json()) as {
        secret: string;
      };
      const enabled = await post(here, "/api/auth/2fa/enable", {
        code: totpCode(setup.secret, step()),
        password: ADMIN_PASSWORD,
      });
      const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
      expect(await session(elsewhere)).toBe(200);
      expect(await queued()).toEqual([]);

      const off = await post(here, "/api/auth/2fa/disable", { code: recoveryCodes[1], password: ADMIN_PASSWORD });
      expect(off.status).toBe(204);
      expect((await factorOf(REP)).totpSecret).toBeNull();
      expect(await session(here)).toBe(200);
      expect(await session(elsewhere)).toBe(401);
      expect(await queued()).toEqual([{ kind: "two-factor-changed", subjectEmail: REP }]);
      const mail = await nextMail(1);
      expect(mail.to).toEqual([REP]);
      expect(mail.text).toMatch(/It is off now/);
    });

    it("refuses an admin's reset of their own two-factor; another account's reset ends all its sessions and emails it", async () => {
      await seedAdmin(open.db, OTHER_ADMIN);
      const { app, post, session, factorOf, queued, nextMail } = make();
      const me = await signIn(app);
      const theirs = await signIn(app, OTHER_ADMIN);
      const before = await factorOf(ADMIN_EMAIL);

      for (const spelled of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase()]) {
        const own = await post(me, `/api/admin/staff/${encodeURIComponent(spelled)}/two-factor/reset`, {});
        expect(own.status).toBe(409);
        expect(await own.json()).toMatchObject({
          error: "own-account",
          message: expect.stringMatching(/account page/),
        });
      }
      expect(await factorOf(ADMIN_EMAIL)).toEqual(before);
      expect(await session(me)).toBe(200);

      const reset = await post(me, `/api/admin/staff/${encodeURIComponent(OTHER_ADMIN)}/two-factor/reset`, {});
      expect(reset.status).toBe(200);
      expect(await session(theirs)).toBe(401);
      expect(await session(me)).toBe(200);
      expect(await queued()).toEqual([{ kind: "two-factor-changed", subjectEmail: OTHER_ADMIN }]);
      const mail = await nextMail(1);
      expect(mail.to).toEqual([OTHER_ADMIN]);
      expect(mail.text).toMatch(/It is off now/);
    });

    it("counts wrong passwords and codes at the sudo step toward the sign-in lockout", async () => {
      const { app, post, step } = make(3);
      const cookie = await signIn(app);
      for (const body of [
        { password: "wrong one", code: "000000" },
        { password: "wrong two", code: "000000" },
        { password: ADMIN_PASSWORD, code: totpCode(TEST_TOTP_SECRET, step() + 5) },
      ]) {
        expect((await post(cookie, "/api/auth/2fa/setup", body)).status).toBe(400);
      }
      const locked = await post(cookie, "/api/auth/2fa/setup", {
        password: ADMIN_PASSWORD,
        code: totpCode(TEST_TOTP_SECRET, step() + 1),
      });
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
      const login = await send(app, "POST", "/api/auth/login", {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, code: totpCode(TEST_TOTP_SECRET, step() + 1) },
      });
      expect(login.status).toBe(429);
    });
  },
  { admin: true },
);
