import { expect, it } from "vitest";
import type { StaffAccount } from "../../src/domain/staff";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testApp, validDemo } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedAdmin, seedSales, send, signIn, totpFor } from "../test-support/admin";
import { sseReader } from "../test-support/sse";
import { submit } from "../test-support/workspace";

// The Team tab's changes: roles, disabling (every session ends at once, a live stream too), the last
// active admin kept, another account's two-factor reset. All audited, all refused to a sales rep.

const REP = "rep@erf.co.za";
const OTHER_ADMIN = "second.admin@erf.co.za";

describeStorage(
  "staff accounts",
  (open) => {
    const setup = (deps: Parameters<typeof testApp>[1] = {}) => {
      const app = testApp(open.db, { clock: manualClock("2025-06-02T08:00:10.000Z").clock, ...deps });
      const patch = (cookie: string, email: string, body: unknown) =>
        send(app, "PATCH", `/api/admin/staff/${encodeURIComponent(email)}`, { cookie, body });
      return { app, patch };
    };

    it("gives a sales rep the records, their own availability and the team list, and nothing else", async () => {
      await seedSales(open.db, REP);
      const { app, patch } = setup();
      const cookie = await signIn(app, REP);
      const status = async (method: string, path: string, body?: unknown) =>
        (await send(app, method, path, { cookie, body })).status;
      expect(await status("GET", "/api/admin/leads")).toBe(200);
      expect(await status("GET", "/api/admin/staff")).toBe(200);
      expect(await status("GET", "/api/admin/settings")).toBe(200);
      expect((await patch(cookie, REP, { available: false })).status).toBe(200);
      for (const [method, path, body] of [
        ["POST", "/api/admin/subjects/lookup", { email: "a@example.com" }],
        ["GET", "/api/admin/audit"],
        ["GET", "/api/admin/outbox"],
        ["PUT", "/api/admin/settings", { assignment: "round-robin" }],
        ["POST", "/api/admin/staff/invitations", { email: "x@erf.co.za", role: "sales" }],
        ["POST", `/api/admin/staff/${encodeURIComponent(ADMIN_EMAIL)}/two-factor/reset`, {}],
      ] as const) {
        const response = await send(app, method, path, { cookie, body });
        expect(response.status, path).toBe(403);
        expect(await response.json()).toEqual({ error: "forbidden" });
      }
      for (const body of [{ available: false }, { role: "admin" }, { disabled: true }])
        expect((await patch(cookie, ADMIN_EMAIL, body)).status).toBe(403);
      expect((await patch(cookie, REP, { role: "admin" })).status).toBe(403);
    });

    it("changes a role both ways, audited, and the new role holds for the account's open session at once", async () => {
      await seedSales(open.db, REP);
      const { app, patch } = setup();
      const admin = await signIn(app);
      const rep = await signIn(app, REP);
      const mark = await auditMark(open.db);
      const promoted = await patch(admin, REP, { role: "admin" });
      expect(await promoted.json()).toMatchObject({ email: REP, role: "admin", twoFactor: false });
      // An admin now, without two-factor: enrolment first.
      expect(await (await send(app, "GET", "/api/admin/audit", { cookie: rep })).json()).toEqual({
        error: "two-factor-enrolment-required",
      });
      expect(await (await send(app, "GET", "/api/auth/session", { cookie: rep })).json()).toMatchObject({
        role: "admin",
        mustEnrolTwoFactor: true,
      });
      expect((await patch(admin, REP, { role: "sales" })).status).toBe(200);
      expect(await (await send(app, "GET", "/api/admin/audit", { cookie: rep })).json()).toEqual({
        error: "forbidden",
      });
      expect((await auditSince(open.db, mark)).map(({ actor, action, details }) => [actor, action, details])).toEqual([
        [ADMIN_EMAIL, "staff.role", { email: REP, from: "sales", to: "admin" }],
        [ADMIN_EMAIL, "staff.role", { email: REP, from: "admin", to: "sales" }],
      ]);
    });

    it("disables an account: every session ends at once (its open live stream too), it cannot sign in, and it keeps its leads", async () => {
      await seedSales(open.db, REP);
      const { app, patch } = setup();
      const admin = await signIn(app);
      const [laptop, phone] = [await signIn(app, REP), await signIn(app, REP)];
      const leadId = await submit(app, "/api/leads", validDemo);
      expect(
        (await send(app, "PATCH", `/api/admin/leads/${leadId}`, { cookie: admin, body: { owner: REP } })).status,
      ).toBe(200);
      const stream = sseReader(await send(app, "GET", "/api/admin/events", { cookie: laptop }));
      expect(await stream.nextFrame()).toMatchObject({ retry: "2000" });
      const mark = await auditMark(open.db);

      const disabled = await patch(admin, REP, { disabled: true });
      expect(await disabled.json()).toMatchObject({ email: REP, disabled: true });
      // The lead's own changes may still be on their way; then it ends, at once, not at a heartbeat (25 s).
      expect(await stream.ended(1_000)).toBe(true);
      for (const cookie of [laptop, phone])
        expect((await send(app, "GET", "/api/admin/leads", { cookie })).status).toBe(401);

      const login = (password: string) => send(app, "POST", "/api/auth/login", { body: { email: REP, password } });
      const refused = await login(ADMIN_PASSWORD);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: "disabled",
        message: "This account is disabled. Ask an admin to enable it.",
      });
      expect(refused.headers.getSetCookie()).toEqual([]);
      // Without the right password nothing says the account is disabled.
      expect(await (await login("not the password")).json()).toMatchObject({ error: "invalid-credential" });

      const lead = await (await send(app, "GET", `/api/admin/leads/${leadId}`, { cookie: admin })).json();
      expect(lead).toMatchObject({ owner: REP });
      const reassign = await send(app, "PATCH", `/api/admin/leads/${leadId}`, { cookie: admin, body: { owner: REP } });
      expect(await reassign.json()).toEqual({ error: "validation", fields: { owner: expect.any(String) } });
      const listed = (await (await send(app, "GET", "/api/admin/staff", { cookie: admin })).json()) as StaffAccount[];
      expect(listed.find((account) => account.email === REP)).toMatchObject({ disabled: true });

      expect(await (await patch(admin, REP, { disabled: false })).json()).toMatchObject({ disabled: false });
      expect((await login(ADMIN_PASSWORD)).status).toBe(200);
      expect(
        (await auditSince(open.db, mark))
          .filter((entry) => entry.action.startsWith("staff."))
          .map(({ action, details }) => [action, details]),
      ).toEqual([
        ["staff.disable", { email: REP }],
        ["staff.enable", { email: REP }],
      ]);
    });

    it("ends a disabled account's live stream on another server instance at its next session check", async () => {
      await seedSales(open.db, REP);
      const other = testApp(open.db, { eventsHeartbeatMs: 100 });
      const stream = sseReader(await send(other, "GET", "/api/admin/events", { cookie: await signIn(other, REP) }));
      expect(await stream.nextFrame()).toMatchObject({ retry: "2000" });
      const { app, patch } = setup();
      expect((await patch(await signIn(app), REP, { disabled: true })).status).toBe(200);
      // A heartbeat may already be on its way; the stream ends at the check after it.
      expect(await stream.ended(2_000)).toBe(true);
    });

    it("never demotes or disables the last active admin, even when two admins demote each other at once", async () => {
      const { app, patch } = setup();
      const me = await signIn(app);
      for (const body of [{ role: "sales" }, { disabled: true }]) {
        const refused = await patch(me, ADMIN_EMAIL, body);
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ error: "last-admin", message: expect.any(String) });
      }
      await seedAdmin(open.db, OTHER_ADMIN);
      const them = await signIn(app, OTHER_ADMIN);
      const statuses = await Promise.all(
        [patch(me, OTHER_ADMIN, { role: "sales" }), patch(them, ADMIN_EMAIL, { role: "sales" })].map(
          async (answer) => (await answer).status,
        ),
      );
      // One gets through; the other is refused: 409 when both were admins as it was checked, 403 when
      // its sender had already been demoted by then.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect([403, 409]).toContain(statuses.find((status) => status !== 200));
      const admins = await open.db
        .selectFrom("admins")
        .select("email")
        .where("role", "=", "admin")
        .where("disabledAt", "is", null)
        .execute();
      expect(admins).toHaveLength(1);

      // A disabled admin does not count as the other admin.
      const survivor = admins[0]!.email;
      const cookie = survivor === ADMIN_EMAIL ? me : them;
      const demoted = survivor === ADMIN_EMAIL ? OTHER_ADMIN : ADMIN_EMAIL;
      expect((await patch(cookie, demoted, { role: "admin", disabled: true })).status).toBe(200);
      expect((await patch(cookie, survivor, { disabled: true })).status).toBe(409);
    });

    it("resets another account's two-factor, audited: an admin enrols again at the next sign-in", async () => {
      await seedAdmin(open.db, OTHER_ADMIN);
      const { app } = setup();
      const me = await signIn(app);
      const mark = await auditMark(open.db);
      const reset = await send(app, "POST", `/api/admin/staff/${encodeURIComponent(OTHER_ADMIN)}/two-factor/reset`, {
        cookie: me,
        body: {},
      });
      expect(await reset.json()).toMatchObject({ email: OTHER_ADMIN, role: "admin", twoFactor: false });
      expect(
        await open.db
          .selectFrom("admins")
          .select(["totpSecret", "totpPendingSecret"])
          .where("email", "=", OTHER_ADMIN)
          .executeTakeFirst(),
      ).toEqual({ totpSecret: null, totpPendingSecret: null });
      const login = await send(app, "POST", "/api/auth/login", {
        body: { email: OTHER_ADMIN, password: ADMIN_PASSWORD, code: await totpFor(app, OTHER_ADMIN) },
      });
      expect(await login.json()).toMatchObject({ twoFactor: false, mustEnrolTwoFactor: true });
      expect(
        (await auditSince(open.db, mark)).map(({ actor, action, details }) => [actor, action, details])[0],
      ).toEqual([ADMIN_EMAIL, "staff.two-factor-reset", { email: OTHER_ADMIN }]);
      const unknown = await send(app, "POST", "/api/admin/staff/nobody%40erf.co.za/two-factor/reset", {
        cookie: me,
        body: {},
      });
      expect(unknown.status).toBe(404);
    });

    it("names the field of a change it cannot make, and needs at least one", async () => {
      const { app, patch } = setup();
      const me = await signIn(app);
      expect(await (await patch(me, ADMIN_EMAIL, { role: "owner" })).json()).toEqual({
        error: "validation",
        fields: { role: expect.any(String) },
      });
      expect(await (await patch(me, ADMIN_EMAIL, { disabled: "yes" })).json()).toEqual({
        error: "validation",
        fields: { disabled: expect.any(String) },
      });
      expect(await (await patch(me, ADMIN_EMAIL, {})).json()).toEqual({
        error: "validation",
        fields: { role: "Give role, disabled or available" },
      });
      expect((await patch(me, "nobody@erf.co.za", { role: "sales" })).status).toBe(404);
    });

    it("deals no new record to a disabled account by round-robin", async () => {
      await seedSales(open.db, REP);
      const { app, patch } = setup();
      const me = await signIn(app);
      expect(
        (await send(app, "PUT", "/api/admin/settings", { cookie: me, body: { assignment: "round-robin" } })).status,
      ).toBe(200);
      expect((await patch(me, REP, { disabled: true })).status).toBe(200);
      for (let i = 0; i < 4; i++) await submit(app, "/api/leads", { ...validDemo, email: `visitor${i}@example.com` });
      expect(await open.db.selectFrom("leads").select("owner").distinct().execute()).toEqual([{ owner: ADMIN_EMAIL }]);
    });
  },
  { admin: true },
);
