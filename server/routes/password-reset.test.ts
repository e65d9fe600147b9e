import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { PASSWORD_RESET_TTL_MS } from "../../src/domain/staff";
import { RESET_EMAILS_PER_ACCOUNT, RESET_REQUESTS_PER_CLIENT } from "../auth/reset-throttle";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { testApp, testConfig } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, send, signIn, totpFor } from "../test-support/admin";
import { sseReader } from "../test-support/sse";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { linkToken, teamSetup } from "../test-support/team";

// Password reset by email: the same answer for any address, a single-use link valid for 30 minutes,
// and a new password that ends every session of the account.

const NEW_PASSWORD = "a fresh passphrase now";

describeStorage(
  "password reset",
  (open) => {
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.stop());

    const ask = (app: ReturnType<typeof testApp>, email: string, ip = "203.0.113.5") =>
      send(app, "POST", "/api/auth/password-reset", { body: { email }, headers: { "X-Forwarded-For": ip } });
    const confirm = (app: ReturnType<typeof testApp>, token: string, password = NEW_PASSWORD) =>
      send(app, "POST", "/api/auth/password-reset/confirm", { body: { token, password } });
    const answerOf = async (response: Response) => ({
      status: response.status,
      body: await response.text(),
      cookies: response.headers.getSetCookie(),
    });

    it("answers a known and an unknown address alike, and emails only the account a link valid for 30 minutes", async () => {
      const setup = teamSetup(open.db, smtp);
      const mark = await auditMark(open.db);
      const known = await answerOf(await ask(setup.app, "Staff@Erf.co.za"));
      const unknown = await answerOf(await ask(setup.app, "nobody@erf.co.za"));
      expect(known).toEqual({ status: 202, body: "{}", cookies: [] });
      expect(unknown).toEqual(known);

      const mail = await setup.nextMail(1);
      expect(await setup.worker.runOnce()).toMatchObject({ sent: 0 });
      expect(smtp.messages).toHaveLength(1);
      expect(mail.to).toEqual([ADMIN_EMAIL]);
      expect(mail.subject).toBe("Reset your Erf password");
      expect(mail.text).toContain("within 30 minutes");
      const token = linkToken(mail.text, "reset-password");
      expect(JSON.stringify(await open.db.selectFrom("passwordResets").selectAll().execute())).not.toContain(token);
      // The request is audited without the address typed when it has no account.
      expect(
        (await auditSince(open.db, mark)).map(({ actor, action, details }) => ({ actor, action, details })),
      ).toEqual([
        { actor: "anonymous", action: "auth.password-reset-request", details: { account: ADMIN_EMAIL, sent: true } },
        { actor: "anonymous", action: "auth.password-reset-request", details: {} },
      ]);
    });

    it("does the same work for an unknown address: one transaction that writes, as for a known one", async () => {
      let commits = 0;
      let rowsWritten = 0;
      const countWrites: KyselyPlugin = {
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          rowsWritten += Number(result.numAffectedRows ?? 0n);
          return result;
        },
      };
      const counted = open.db.withPlugin(countWrites);
      const transaction = counted.transaction.bind(counted);
      counted.transaction = () => {
        commits += 1;
        return transaction();
      };
      const app = testApp(counted, { config: testConfig({ smtpUrl: smtp.url, trustProxy: 1 }) });
      const work: Record<string, { commits: number; written: boolean }> = {};
      for (const email of [ADMIN_EMAIL, "nobody@erf.co.za"]) {
        commits = 0;
        rowsWritten = 0;
        expect((await ask(app, email)).status).toBe(202);
        work[email] = { commits, written: rowsWritten > 0 };
      }
      expect(work["nobody@erf.co.za"]).toEqual(work[ADMIN_EMAIL]);
      expect(work[ADMIN_EMAIL]!.written).toBe(true);
    });

    it("sets the new password once, ends every session of the account (an open live stream too), and the old password stops working", async () => {
      const setup = teamSetup(open.db, smtp);
      const laptop = await signIn(setup.app);
      const phone = await signIn(setup.app);
      const stream = sseReader(await send(setup.app, "GET", "/api/admin/events", { cookie: laptop }));
      expect(await stream.nextFrame()).toMatchObject({ retry: "2000" });
      await ask(setup.app, ADMIN_EMAIL);
      const token = linkToken((await setup.nextMail(1)).text, "reset-password");
      const mark = await auditMark(open.db);

      expect((await confirm(setup.app, token)).status).toBe(204);
      expect(await stream.ended(1_000)).toBe(true);
      for (const cookie of [laptop, phone])
        expect((await send(setup.app, "GET", "/api/auth/session", { cookie })).status).toBe(401);
      expect(await open.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      const again = await confirm(setup.app, token, "yet another passphrase");
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ error: "invalid-token", message: expect.any(String) });

      const login = (password: string, code?: string) =>
        send(setup.app, "POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password, code } });
      // The old password is wrong now (a right one would be asked for its code).
      expect(await (await login(ADMIN_PASSWORD)).json()).toMatchObject({ error: "invalid-credential" });
      // Two-factor stays on: the new password alone is not enough.
      expect(await (await login(NEW_PASSWORD)).json()).toMatchObject({ error: "two-factor-required" });
      expect((await login(NEW_PASSWORD, await totpFor(setup.app))).status).toBe(200);
      expect((await auditSince(open.db, mark)).map(({ actor, action }) => [actor, action])).toContainEqual([
        ADMIN_EMAIL,
        "auth.password-reset",
      ]);
    });

    it("refuses a link after 30 minutes, and the other links of the account once one was used", async () => {
      const setup = teamSetup(open.db, smtp);
      await ask(setup.app, ADMIN_EMAIL);
      const first = linkToken((await setup.nextMail(1)).text, "reset-password");
      await ask(setup.app, ADMIN_EMAIL);
      const second = linkToken((await setup.nextMail(2)).text, "reset-password");
      await ask(setup.app, ADMIN_EMAIL);
      const third = linkToken((await setup.nextMail(3)).text, "reset-password");
      expect((await confirm(setup.app, second)).status).toBe(204);
      expect((await confirm(setup.app, first)).status).toBe(400);
      expect((await confirm(setup.app, third)).status).toBe(400);

      setup.time.advance(15 * 60_000 + 1);
      await ask(setup.app, ADMIN_EMAIL);
      const late = linkToken((await setup.nextMail(4)).text, "reset-password");
      setup.time.advance(PASSWORD_RESET_TTL_MS);
      expect((await confirm(setup.app, late)).status).toBe(400);
    });

    it("sends an account at most 3 links in 15 minutes without saying so, and answers a client 429 after 10 requests", async () => {
      const setup = teamSetup(open.db, smtp);
      for (let i = 0; i < RESET_EMAILS_PER_ACCOUNT + 2; i++)
        expect((await ask(setup.app, ADMIN_EMAIL, `198.51.100.${i}`)).status).toBe(202);
      expect(await setup.worker.runOnce()).toMatchObject({ sent: RESET_EMAILS_PER_ACCOUNT });

      const statuses: number[] = [];
      for (let i = 0; i < RESET_REQUESTS_PER_CLIENT + 1; i++)
        statuses.push((await ask(setup.app, `someone${i}@example.com`, "192.0.2.44")).status);
      expect(statuses).toEqual([...Array<number>(RESET_REQUESTS_PER_CLIENT).fill(202), 429]);
      const refused = await ask(setup.app, ADMIN_EMAIL, "192.0.2.44");
      expect(refused.headers.get("retry-after")).toBe("900");
      expect(await refused.json()).toEqual({ error: "too-many-requests", message: expect.any(String) });
      // Another client is not held up, and the windows reopen after 15 minutes.
      expect((await ask(setup.app, "someone@example.com", "192.0.2.45")).status).toBe(202);
      setup.time.advance(15 * 60_000);
      expect((await ask(setup.app, ADMIN_EMAIL, "192.0.2.44")).status).toBe(202);
      expect(await setup.worker.runOnce()).toMatchObject({ sent: 1 });
    });

    it("sends nothing to a disabled account, and answers the same", async () => {
      const setup = teamSetup(open.db, smtp);
      await open.db
        .updateTable("admins")
        .set({ disabledAt: "2025-06-01T00:00:00.000Z" })
        .where("email", "=", ADMIN_EMAIL)
        .execute();
      expect(await answerOf(await ask(setup.app, ADMIN_EMAIL))).toEqual({ status: 202, body: "{}", cookies: [] });
      expect(await setup.worker.runOnce()).toMatchObject({ sent: 0 });
      expect(await open.db.selectFrom("passwordResets").selectAll().execute()).toEqual([]);
    });

    it("names the field of a malformed request, and keeps the link usable after a refused password", async () => {
      const setup = teamSetup(open.db, smtp);
      expect(await (await ask(setup.app, "not an address")).json()).toEqual({
        error: "validation",
        fields: { email: expect.any(String) },
      });
      await ask(setup.app, ADMIN_EMAIL);
      const token = linkToken((await setup.nextMail(1)).text, "reset-password");
      const short = await confirm(setup.app, token, "elevenchars");
      expect(short.status).toBe(400);
      expect(await short.json()).toEqual({
        error: "validation",
        fields: { password: "Password must be at least 12 characters." },
      });
      expect((await confirm(setup.app, token)).status).toBe(204);
    });
  },
  { admin: true },
);
