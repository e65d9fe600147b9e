import { expect, it } from "vitest";
import { isSuppressed, markSent } from "../db/store";
import { auditMark, auditSince } from "../test-support/audit";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import {
  manualClock,
  postJson,
  TEST_APP_SECRET,
  testApp,
  testConfig,
  validContact,
  validDemo,
} from "../test-support/app";
import { send, signIn } from "../test-support/admin";
import { PENDING_DAYS } from "../db/store";
import { confirmationToken, derivePrivacyKeys, emailHash, unsubscribeToken } from "./keys";
import { DAY_MS, runRetention } from "./retention";

// Retention on a controlled clock: what is closed or unsubscribed for longer than RETENTION_DAYS goes,
// counted from the last status change; everything else stays.

const keys = derivePrivacyKeys(TEST_APP_SECRET);

describeStorage(
  "retention purge",
  (open) => {
    it("purges closed leads and contacts and unsubscribed addresses RETENTION_DAYS after their last status change", async () => {
      const time = manualClock("2023-01-01T00:00:00.000Z");
      const app = () =>
        testApp(open.db, {
          clock: time.clock,
          config: testConfig({ smtpUrl: "smtp://127.0.0.1:1", notifyTo: ["sales@erf.test"] }),
        });
      const create = async (path: string, body: unknown) =>
        ((await (await postJson(app(), path, body)).json()) as { id: string }).id;
      // Signed in afresh each time: a session does not last the months this test skips.
      const setStatus = async (collection: string, id: string, status: string) => {
        const response = await send(app(), "PATCH", `/api/admin/${collection}/${id}`, {
          cookie: await signIn(app()),
          body: { status },
        });
        expect(response.status).toBe(200);
      };

      const closedLead = await create("/api/leads", { ...validDemo, email: "old.lead@example.com" });
      const openLead = await create("/api/leads", { ...validDemo, email: "open.lead@example.com" });
      const lateClosedLead = await create("/api/leads", { ...validDemo, email: "late.lead@example.com" });
      const closedContact = await create("/api/contacts", { ...validContact, email: "old.contact@example.com" });
      const gone = await create("/api/newsletter", { email: "gone@example.com" });
      await create("/api/newsletter", { email: "staying@example.com" });
      await setStatus("leads", closedLead, "closed");
      await setStatus("contacts", closedContact, "closed");
      await postJson(app(), "/api/unsubscribe", { token: unsubscribeToken(keys, gone) });

      time.advance(100 * DAY_MS);
      await setStatus("leads", lateClosedLead, "closed");

      // One day short of 730 days after the first changes: nothing goes.
      time.advance(629 * DAY_MS);
      let run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      expect(run.total).toBe(0);
      expect(await countRows(open.db, "leads")).toBe(3);

      time.advance(2 * DAY_MS);
      const mark = await auditMark(open.db);
      run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      // gone@: its consent and its withdrawal; the emails queued about the three purged records.
      expect(run.deleted).toMatchObject({ leads: 1, contacts: 1, newsletter: 1, consents: 2, outbox: 3 });
      // Open dashboards are told to read the three lists again, without the purged ids.
      const notices = await open.db
        .selectFrom("changes")
        .select(["collection", "op"])
        .where("recordId", "=", "*")
        .orderBy("seq")
        .execute();
      expect(notices).toEqual([
        { collection: "leads", op: "update" },
        { collection: "contacts", op: "update" },
        { collection: "newsletter", op: "update" },
      ]);

      const left = {
        leads: (await open.db.selectFrom("leads").select("id").execute()).map((row) => row.id).sort(),
        contacts: await countRows(open.db, "contacts"),
        newsletter: (await open.db.selectFrom("newsletter").select("email").execute()).map((row) => row.email),
        consents: (await open.db.selectFrom("consents").select("email").execute()).map((row) => row.email),
      };
      expect(left).toEqual({
        leads: [openLead, lateClosedLead].sort(),
        contacts: 0,
        newsletter: ["staying@example.com"],
        consents: ["staying@example.com"],
      });
      // The opt-out outlives the record: the address stays unmailable.
      expect(await isSuppressed(open.db, emailHash(keys, "gone@example.com"))).toBe(true);
      expect(await auditSince(open.db, mark)).toMatchObject([
        {
          actor: "system",
          action: "retention.purge",
          details: { retentionDays: 730, cutoff: run.cutoff, total: run.total, deleted: run.deleted },
        },
      ]);

      // The lead closed 100 days later goes 100 days later.
      time.advance(100 * DAY_MS);
      run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      expect(run.deleted.leads).toBe(1);
      expect((await open.db.selectFrom("leads").select("id").execute()).map((row) => row.id)).toEqual([openLead]);
    });

    it("deletes a subscription nobody confirmed PENDING_DAYS after it was asked for, and confirmation links once expired", async () => {
      const time = manualClock("2025-02-01T12:00:00.000Z");
      const app = testApp(open.db, {
        clock: time.clock,
        config: testConfig({ smtpUrl: "smtp://127.0.0.1:1", newsletterDoubleOptIn: true }),
      });
      const unconfirmed = (
        (await (await postJson(app, "/api/newsletter", { email: "never.confirmed@example.com" })).json()) as {
          id: string;
        }
      ).id;
      await postJson(app, "/api/newsletter", { email: "confirmed@example.com" });
      const confirmed = await open.db
        .selectFrom("newsletterConfirmations")
        .select("id")
        .where("email", "=", "confirmed@example.com")
        .executeTakeFirstOrThrow();
      expect(
        (await postJson(app, "/api/newsletter/confirm", { token: confirmationToken(keys, confirmed.id) })).status,
      ).toBe(200);
      // The two confirmation emails and the welcome go out, each with its timeline entry.
      for (const { id } of await open.db.selectFrom("outbox").select("id").execute())
        await markSent(open.db, id, time.clock());
      const sentEntries = () =>
        open.db
          .selectFrom("workspaceEvents")
          .select("details")
          .where("kind", "=", "email-sent")
          .orderBy("details")
          .execute();
      expect(await sentEntries()).toEqual([
        { details: '{"email":"newsletter-confirmation"}' },
        { details: '{"email":"newsletter-confirmation"}' },
        { details: '{"email":"welcome"}' },
      ]);

      // The links are dead after 48 hours and go at the next run; the pending row stays its 7 days.
      time.advance(PENDING_DAYS * DAY_MS - 1);
      let run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      // With them the two emails that carried them; the welcome of the confirmed subscriber stays.
      expect(run.deleted).toMatchObject({ newsletter: 0, confirmations: 2, outbox: 2 });
      expect(await countRows(open.db, "newsletterConfirmations")).toBe(0);
      expect(await open.db.selectFrom("outbox").select("kind").execute()).toEqual([{ kind: "welcome" }]);
      // The confirmation emails' timeline entries name the links, not a record: they go with them.
      expect(await sentEntries()).toEqual([{ details: '{"email":"welcome"}' }]);

      time.advance(2);
      run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      expect(run.deleted).toMatchObject({ newsletter: 1 });
      const left = await open.db.selectFrom("newsletter").select(["id", "email", "status"]).execute();
      expect(left).toEqual([
        { id: expect.not.stringMatching(unconfirmed), email: "confirmed@example.com", status: "subscribed" },
      ]);
      expect(JSON.stringify(await open.db.selectFrom("outbox").selectAll().execute())).not.toContain(
        "never.confirmed@example.com",
      );
    });

    it("audits an empty run only when asked to (the command line does)", async () => {
      const mark = await auditMark(open.db);
      const now = new Date("2025-01-01T00:00:00.000Z");
      await runRetention(open.db, { now, retentionDays: 30, actor: "system", auditEmptyRuns: false });
      expect(await auditSince(open.db, mark)).toEqual([]);
      await runRetention(open.db, { now, retentionDays: 30, actor: "cli", auditEmptyRuns: true });
      expect(await auditSince(open.db, mark)).toMatchObject([
        { actor: "cli", action: "retention.purge", details: { total: 0, retentionDays: 30 } },
      ]);
    });
  },
  { admin: true },
);
