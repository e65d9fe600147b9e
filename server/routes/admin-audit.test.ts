import { sql } from "kysely";
import { expect, it } from "vitest";
import type { AuditPage } from "../../src/domain/privacy";
import { appendAudit } from "../db/store";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, send, signIn } from "../test-support/admin";
import { seedContact, seedLead, minute } from "../test-support/records";

// The append-only audit log: what is recorded, how it is read, and that nothing can rewrite it.

describeStorage(
  "audit log",
  (open) => {
    const at = "2025-09-01T07:30:00.000Z";
    const app = () => testApp(open.db, { clock: manualClock(at).clock, config: testConfig({ trustProxy: 1 }) });
    const from = { "X-Forwarded-For": "203.0.113.9", "User-Agent": "Firefox/140" };

    it("records sign-ins, failed sign-ins and sign-outs with who, when and from where, never a password", async () => {
      const mark = await auditMark(open.db);
      await send(app(), "POST", "/api/auth/login", {
        body: { email: ADMIN_EMAIL, password: "wrong password here" },
        headers: from,
      });
      await send(app(), "POST", "/api/auth/login", {
        body: { email: "someone.private@gmail.example", password: ADMIN_PASSWORD },
        headers: from,
      });
      const cookie = await signIn(app(), ADMIN_EMAIL, ADMIN_PASSWORD, from);
      await send(app(), "POST", "/api/auth/logout", { body: {}, cookie, headers: from });

      const entries = await auditSince(open.db, mark);
      expect(entries.map(({ actor, action, details }) => ({ actor, action, details }))).toEqual([
        {
          actor: "anonymous",
          action: "auth.login-failed",
          details: { reason: "invalid-credential", account: ADMIN_EMAIL },
        },
        { actor: "anonymous", action: "auth.login-failed", details: { reason: "invalid-credential" } },
        { actor: ADMIN_EMAIL, action: "auth.login", details: { twoFactor: "totp" } },
        { actor: ADMIN_EMAIL, action: "auth.logout", details: {} },
      ]);
      for (const entry of entries) expect(entry).toMatchObject({ at, ip: "203.0.113.9", userAgent: "Firefox/140" });
      const text = JSON.stringify(entries);
      expect(text).not.toContain(ADMIN_PASSWORD);
      expect(text).not.toContain("wrong password here");
      // An address typed by mistake is not collected.
      expect(text).not.toContain("someone.private");
    });

    it("records a lockout as a failed sign-in", async () => {
      const locked = testApp(open.db, { clock: manualClock(at).clock, config: testConfig({ loginMaxFailures: 1 }) });
      await send(locked, "POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: "wrong password here" } });
      const mark = await auditMark(open.db);
      expect(
        (await send(locked, "POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }))
          .status,
      ).toBe(429);
      expect(await auditSince(open.db, mark)).toMatchObject([
        { action: "auth.login-failed", details: { reason: "too-many-requests", account: ADMIN_EMAIL } },
      ]);
    });

    it("records status changes with the old and new status", async () => {
      await seedLead(open.db, "lead-1", minute(1));
      const cookie = await signIn(app());
      const mark = await auditMark(open.db);
      expect(
        (
          await send(app(), "PATCH", "/api/admin/leads/lead-1", {
            cookie,
            body: { status: "contacted" },
            headers: from,
          })
        ).status,
      ).toBe(200);
      expect(await auditSince(open.db, mark)).toMatchObject([
        {
          actor: ADMIN_EMAIL,
          action: "record.status",
          details: { collection: "leads", id: "lead-1", from: "new", to: "contacted" },
          ip: "203.0.113.9",
        },
      ]);
    });

    it("records a CSV export with its filters and row count, the search only as a hash", async () => {
      await seedLead(open.db, "lead-1", minute(1));
      await seedContact(open.db, "contact-1", minute(2));
      await seedContact(open.db, "contact-2", minute(3));
      const cookie = await signIn(app());
      const mark = await auditMark(open.db);
      const all = await send(app(), "GET", "/api/admin/export.csv", { cookie });
      await all.text();
      const filtered = await send(
        app(),
        "GET",
        "/api/admin/export.csv?collections=contacts&q=Naledi@Example.co.za&status=new",
        { cookie },
      );
      await filtered.text();

      const keys = derivePrivacyKeys(TEST_APP_SECRET);
      expect(await auditSince(open.db, mark)).toMatchObject([
        {
          action: "export.csv",
          details: {
            collections: ["leads", "contacts", "newsletter"],
            status: null,
            type: null,
            owner: null,
            searchHash: null,
            rows: 3,
            outcome: "complete",
          },
        },
        {
          action: "export.csv",
          details: {
            collections: ["contacts"],
            status: "new",
            searchHash: emailHash(keys, "naledi@example.co.za"),
            rows: 2,
            outcome: "complete",
          },
        },
      ]);
    });

    it("lists newest first in keyset pages", async () => {
      const cookie = await signIn(app());
      const mark = await auditMark(open.db);
      for (let n = 1; n <= 5; n++)
        await appendAudit(open.db, { actor: "cli", action: "admin.create", details: { n }, at: new Date(at) });
      const first = (await (await send(app(), "GET", "/api/admin/audit?limit=3", { cookie })).json()) as AuditPage;
      expect(first.items.map((entry) => entry.details.n)).toEqual([5, 4, 3]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (await (
        await send(app(), "GET", `/api/admin/audit?limit=2&cursor=${first.nextCursor}`, { cookie })
      ).json()) as AuditPage;
      expect(second.items.map((entry) => entry.details.n)).toEqual([2, 1]);
      expect(second.items.every((entry) => entry.id > mark)).toBe(true);
      expect((await send(app(), "GET", "/api/admin/audit?limit=0", { cookie })).status).toBe(400);
      expect((await send(app(), "GET", "/api/admin/audit?cursor=abc", { cookie })).status).toBe(400);
      expect((await send(app(), "GET", "/api/admin/audit")).status).toBe(401);
    });

    it("has no route that changes it", async () => {
      const cookie = await signIn(app());
      for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
        expect((await send(app(), method, "/api/admin/audit", { cookie, body: {} })).status, method).toBe(404);
      }
    });

    it("refuses UPDATE and DELETE in the database itself", async () => {
      await appendAudit(open.db, {
        actor: "cli",
        action: "admin.create",
        details: { email: "x@erf.co.za" },
        at: new Date(at),
      });
      const before = await auditMark(open.db);
      await expect(open.db.updateTable("audit").set({ actor: "someone else" }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(open.db.deleteFrom("audit").execute()).rejects.toThrow(/append-only/);
      if (open.name === "postgres") await expect(sql`truncate audit`.execute(open.db)).rejects.toThrow(/append-only/);
      expect(await auditMark(open.db)).toBe(before);
      const [latest] =
        (await open.db.selectFrom("audit").select("actor").orderBy("id", "desc").limit(1).execute()) ?? [];
      expect(latest?.actor).toBe("cli");
    });
  },
  { admin: true },
);
