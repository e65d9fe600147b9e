import { afterEach, beforeEach, expect, it } from "vitest";
import { INVITATION_TTL_MS, type StaffAccount } from "../../src/domain/staff";
import { findAdminByEmail } from "../db/store";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { testApp } from "../test-support/app";
import { ADMIN_EMAIL, seedSales, send, signIn } from "../test-support/admin";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { linkToken, teamSetup } from "../test-support/team";

// Invitations: an admin sends one, it goes out through the outbox as an email with a single-use link
// (valid 72 hours, the token in the URL fragment), and the account exists only once the link is used.

const INVITEE = "naledi@erf.co.za";
const PASSWORD = "a passphrase of my own";

describeStorage(
  "staff invitations",
  (open) => {
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.stop());

    const invite = async (setup: ReturnType<typeof teamSetup>, body: unknown, cookie?: string) =>
      send(setup.app, "POST", "/api/admin/staff/invitations", { cookie: cookie ?? (await signIn(setup.app)), body });
    const accept = (setup: ReturnType<typeof teamSetup>, token: string, password = PASSWORD) =>
      send(setup.app, "POST", "/api/auth/invitations/accept", { body: { token, name: "Naledi Mokoena", password } });

    it("sends a single-use link by email, keeps only its hash, and makes the account only when it is used", async () => {
      const setup = teamSetup(open.db, smtp);
      const mark = await auditMark(open.db);
      const response = await invite(setup, { email: " Naledi@ERF.co.za ", role: "sales" });
      expect(response.status).toBe(201);
      const expiresAt = new Date(setup.time.clock().getTime() + INVITATION_TTL_MS).toISOString();
      expect(await response.json()).toEqual({ email: INVITEE, role: "sales", expiresAt });
      expect(await findAdminByEmail(open.db, INVITEE)).toBeUndefined();

      const mail = await setup.nextMail(1);
      expect(mail.to).toEqual([INVITEE]);
      expect(mail.subject).toBe("You are invited to the Erf dashboard");
      expect(mail.text).toContain(`${ADMIN_EMAIL} invited you`);
      expect(mail.text).toContain("(role: Sales)");
      const token = linkToken(mail.text, "accept-invitation");
      // Neither the invitations table nor the outbox holds the token itself.
      const stored = JSON.stringify([
        await open.db.selectFrom("staffInvitations").selectAll().execute(),
        await open.db.selectFrom("outbox").selectAll().execute(),
      ]);
      expect(stored).not.toContain(token);

      const accepted = await accept(setup, token);
      expect(accepted.status).toBe(201);
      expect(await accepted.json()).toEqual({ email: INVITEE });
      expect(await findAdminByEmail(open.db, INVITEE)).toMatchObject({
        role: "sales",
        name: "Naledi Mokoena",
        disabledAt: null,
        totpSecret: null,
      });
      const again = await accept(setup, token, "another passphrase here");
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({
        error: "invalid-token",
        message: expect.stringMatching(/expired or was used/),
      });

      // A sales rep needs no second factor: the password signs in.
      const login = await send(setup.app, "POST", "/api/auth/login", { body: { email: INVITEE, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(await login.json()).toEqual({
        email: INVITEE,
        name: "Naledi Mokoena",
        role: "sales",
        twoFactor: false,
        mustEnrolTwoFactor: false,
      });

      const entries = (await auditSince(open.db, mark)).filter((entry) => entry.action !== "auth.login");
      expect(entries.map(({ actor, action, details }) => ({ actor, action, details }))).toEqual([
        { actor: ADMIN_EMAIL, action: "staff.invite", details: { email: INVITEE, role: "sales", expiresAt } },
        {
          actor: INVITEE,
          action: "auth.invitation-accept",
          details: { email: INVITEE, role: "sales", invitedBy: ADMIN_EMAIL },
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain(token);
    });

    it("accepts a link once when two tabs send it at the same moment", async () => {
      const setup = teamSetup(open.db, smtp);
      await invite(setup, { email: INVITEE, role: "sales" });
      const token = linkToken((await setup.nextMail(1)).text, "accept-invitation");
      const statuses = await Promise.all(
        [accept(setup, token), accept(setup, token), accept(setup, token)].map(async (answer) => (await answer).status),
      );
      expect(statuses.sort()).toEqual([201, 400, 400]);
      expect((await open.db.selectFrom("admins").select("email").where("email", "=", INVITEE).execute()).length).toBe(
        1,
      );
    });

    it("refuses a link 72 hours after it was sent, and an earlier link once a newer invitation went out", async () => {
      const setup = teamSetup(open.db, smtp);
      const cookie = await signIn(setup.app);
      await invite(setup, { email: INVITEE, role: "admin" }, cookie);
      const first = linkToken((await setup.nextMail(1)).text, "accept-invitation");
      setup.time.advance(60_000);
      await invite(setup, { email: INVITEE, role: "sales" }, cookie);
      const second = linkToken((await setup.nextMail(2)).text, "accept-invitation");
      expect((await accept(setup, first)).status).toBe(400);

      setup.time.advance(INVITATION_TTL_MS);
      expect((await accept(setup, second)).status).toBe(400);
      setup.time.advance(-1);
      expect((await accept(setup, second)).status).toBe(201);
      expect(await findAdminByEmail(open.db, INVITEE)).toMatchObject({ role: "sales" });
    });

    it("does not send an invitation that was replaced or has expired by the time the sender runs", async () => {
      const setup = teamSetup(open.db, smtp);
      await invite(setup, { email: INVITEE, role: "sales" });
      setup.time.advance(INVITATION_TTL_MS);
      expect(await setup.worker.runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
      expect(smtp.messages).toEqual([]);
    });

    it("refuses what it cannot invite, naming the field; only admins invite", async () => {
      const setup = teamSetup(open.db, smtp);
      const cookie = await signIn(setup.app);
      const refused = async (body: unknown) => {
        const response = await invite(setup, body, cookie);
        return { status: response.status, body: (await response.json()) as unknown };
      };
      expect(await refused({ email: "nope", role: "sales" })).toEqual({
        status: 400,
        body: { error: "validation", fields: { email: expect.any(String) } },
      });
      expect(await refused({ email: INVITEE, role: "owner" })).toEqual({
        status: 400,
        body: { error: "validation", fields: { role: expect.any(String) } },
      });
      expect(await refused({ email: ADMIN_EMAIL.toUpperCase(), role: "sales" })).toEqual({
        status: 409,
        body: { error: "exists", message: expect.any(String) },
      });

      await seedSales(open.db, "rep@erf.co.za");
      const asRep = await invite(setup, { email: INVITEE, role: "admin" }, await signIn(setup.app, "rep@erf.co.za"));
      expect(asRep.status).toBe(403);
      expect(await asRep.json()).toEqual({ error: "forbidden" });
      expect(await open.db.selectFrom("staffInvitations").selectAll().execute()).toEqual([]);
    });

    it("says so when no mail server is set, instead of an invitation nobody receives", async () => {
      const app = testApp(open.db);
      const response = await send(app, "POST", "/api/admin/staff/invitations", {
        cookie: await signIn(app),
        body: { email: INVITEE, role: "sales" },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: "mail-not-configured",
        message: expect.stringMatching(/SMTP_URL/),
      });
    });

    it("asks the invitee for a name and a password of at least 12 characters", async () => {
      const setup = teamSetup(open.db, smtp);
      await invite(setup, { email: INVITEE, role: "sales" });
      const token = linkToken((await setup.nextMail(1)).text, "accept-invitation");
      const short = await send(setup.app, "POST", "/api/auth/invitations/accept", {
        body: { token, name: "N", password: "elevenchars" },
      });
      expect(short.status).toBe(400);
      expect(await short.json()).toEqual({
        error: "validation",
        fields: { password: "Password must be at least 12 characters." },
      });
      const nameless = await send(setup.app, "POST", "/api/auth/invitations/accept", {
        body: { token, name: "  ", password: PASSWORD },
      });
      expect(await nameless.json()).toEqual({ error: "validation", fields: { name: "Required" } });
      // Neither used the link up.
      expect((await accept(setup, token)).status).toBe(201);
      const listed = (await (
        await send(setup.app, "GET", "/api/admin/staff", { cookie: await signIn(setup.app) })
      ).json()) as StaffAccount[];
      expect(listed.map((account) => account.email)).toEqual([INVITEE, ADMIN_EMAIL]);
    });
  },
  { admin: true },
);
