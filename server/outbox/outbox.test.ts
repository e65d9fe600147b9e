import { afterEach, beforeEach, expect, it } from "vitest";
import type { OutboxHealth } from "../../src/domain/privacy";
import { systemClock } from "../clock";
import {
  connectDatabase,
  enqueueOutbox,
  markCancelled,
  markSent,
  MAX_ATTEMPTS,
  purgeFinishedOutbox,
  RETRY_DELAYS_MS,
  suppress,
  type Db,
} from "../db/store";
import { createLogger } from "../logger";
import { createSmtpMailer } from "../mail/mailer";
import { mailSettings } from "../mail/settings";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { countRows, postgresUrl } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import {
  manualClock,
  postJson,
  TEST_APP_SECRET,
  testApp,
  testConfig,
  validContact,
  validDemo,
  validSignup,
} from "../test-support/app";
import { mintSession, send, signIn } from "../test-support/admin";
import { seedContact, minute } from "../test-support/records";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { createOutboxWorker, type OutboxWorker } from "./worker";

// The outbox end to end against a real SMTP server on 127.0.0.1: alerts and welcome emails go out
// after the commit, a down or refusing server only delays them (backoff, then "failed"), and never
// touches the visitor's submission.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const NOTIFY = ["sales@erf.test", "ops@erf.test"];
const PUBLIC_URL = "https://erf.test";

describeStorage(
  "outbox",
  (open) => {
    let smtp: TestSmtpServer;
    const workers: OutboxWorker[] = [];
    beforeEach(async () => {
      smtp = await startSmtpServer({ listen: false });
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await smtp.stop();
    });

    const configFor = (overrides = {}) =>
      testConfig({ smtpUrl: smtp.url, notifyTo: NOTIFY, publicUrl: PUBLIC_URL, ...overrides });

    function setup({ clock = systemClock, db = open.db, config = configFor(), logger = createLogger("silent") } = {}) {
      const worker = createOutboxWorker({
        db,
        mailer: createSmtpMailer(config.smtpUrl ?? smtp.url),
        settings: mailSettings(config),
        keys,
        clock,
        logger,
        pollMs: 200,
      });
      workers.push(worker);
      const app = testApp(db, { clock, config, wakeOutbox: worker.wake });
      return { worker, app };
    }

    const health = async (app: ReturnType<typeof testApp>) =>
      (await (
        await send(app, "GET", "/api/admin/outbox?state=failing", { cookie: await mintSession(app, open.db) })
      ).json()) as OutboxHealth;

    it("alerts staff within seconds of each new contact, signup and demo request, with details and a dashboard link", async () => {
      await smtp.start();
      const { worker, app } = setup();
      worker.start();
      const started = Date.now();
      expect((await postJson(app, "/api/contacts", validContact)).status).toBe(201);
      expect((await postJson(app, "/api/leads", validSignup)).status).toBe(201);
      const demoCreated = await postJson(app, "/api/leads", validDemo);
      expect(demoCreated.status).toBe(201);
      const demoId = ((await demoCreated.json()) as { id: string }).id;
      const mails = await smtp.waitForMessages(3, 5_000);
      // Woken after each commit, not at the next poll.
      expect(Date.now() - started).toBeLessThan(5_000);

      const bySubject = new Map(mails.map((mail) => [mail.parsed.subject, mail]));
      expect([...bySubject.keys()].sort()).toEqual([
        "New contact message: Naledi Mokoena",
        "New demo request: Ama Owusu, Accra Estates",
        "New signup: Pieter van der Merwe, Karoo Rentals",
      ]);
      const demo = bySubject.get("New demo request: Ama Owusu, Accra Estates")!;
      expect(demo.to.sort()).toEqual([...NOTIFY].sort());
      expect(demo.parsed.from?.value).toEqual([{ name: "Erf", address: "hello@erf.co.za" }]);
      expect(demo.parsed.replyTo?.text).toBe("ama@example.com");
      for (const expected of [
        "Email: ama@example.com",
        "Phone: +233 20 000 0000",
        "Company: Accra Estates",
        "Job title: Operations Lead",
        "> Arrears tracking across 3 buildings",
      ]) {
        expect(demo.parsed.text).toContain(expected);
      }
      // The record's panel by its id; no link carries the visitor's address.
      expect(demo.parsed.text).toContain(`${PUBLIC_URL}/admin/dashboard?tab=leads&record=${demoId}`);
      for (const mail of mails) {
        const links = [
          ...`${mail.parsed.text ?? ""} ${typeof mail.parsed.html === "string" ? mail.parsed.html : ""}`.matchAll(
            /https?:\/\/[^\s"<>]+/g,
          ),
        ].map(([url]) => decodeURIComponent(url));
        expect(links.length).toBeGreaterThan(0);
        for (const address of ["ama@example.com", "naledi@example.co.za", "pieter@example.co.za"])
          expect(links.join(" ").toLowerCase()).not.toContain(address);
      }
      expect(bySubject.get("New contact message: Naledi Mokoena")!.parsed.text).toContain(
        "> Please call me about 40 units in Sandton.",
      );
      // Marked sent just after the server accepted it.
      await expect
        .poll(async () => (await open.db.selectFrom("outbox").select("state").execute()).map((row) => row.state))
        .toEqual(["sent", "sent", "sent"]);
    });

    it("welcomes a new subscriber once, from Erf, with the unsubscribe link and List-Unsubscribe headers that work", async () => {
      await smtp.start();
      const time = manualClock("2025-10-01T08:00:00.000Z");
      const { worker, app } = setup({ clock: time.clock });
      expect((await postJson(app, "/api/newsletter", { email: "New.Reader@example.com" })).status).toBe(201);
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      const [welcome] = await smtp.waitForMessages(1);
      expect(welcome!.to).toEqual(["new.reader@example.com"]);
      expect(welcome!.parsed.subject).toBe("Welcome to the Erf newsletter");
      expect(welcome!.parsed.from?.value).toEqual([{ name: "Erf", address: "hello@erf.co.za" }]);
      expect(welcome!.parsed.text).toContain("Erf Technologies (Pty) Ltd");

      const link = /https:\/\/erf\.test\/unsubscribe\?token=\S+/.exec(welcome!.parsed.text ?? "")?.[0];
      expect(link).toBeDefined();
      expect(welcome!.header("List-Unsubscribe")).toBe(`<${link}>, <mailto:privacy@erf.co.za?subject=unsubscribe>`);
      expect(welcome!.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

      // Subscribing again while subscribed is not a new welcome.
      await postJson(app, "/api/newsletter", { email: "new.reader@example.com" });
      expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });

      // The mail client's one-click POST to the header's link unsubscribes.
      const { pathname, search } = new URL(link!);
      const oneClick = await app.request(pathname + search, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(await oneClick.json()).toEqual({ status: "unsubscribed" });
    });

    it("retries with backoff while the SMTP server is down, shows the failure, then sends when it is back", async () => {
      const time = manualClock("2025-10-01T08:00:00.000Z");
      const { worker, app } = setup({ clock: time.clock });
      expect((await postJson(app, "/api/leads", validDemo)).status).toBe(201);

      expect(await worker.runOnce()).toMatchObject({ sent: 0, retrying: 1 });
      const [row] = await open.db.selectFrom("outbox").selectAll().execute();
      expect(row).toMatchObject({
        state: "pending",
        attempts: 1,
        nextAttemptAt: "2025-10-01T08:00:05.000Z",
        lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
      });
      expect(await health(app)).toMatchObject({
        failing: 1,
        lastError: row!.lastError,
        lastErrorAt: "2025-10-01T08:00:00.000Z",
        items: [{ kind: "lead-alert", attempts: 1 }],
      });

      // Not due yet: nothing is tried.
      time.advance(RETRY_DELAYS_MS[0] - 1);
      expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });

      await smtp.start();
      time.advance(1);
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      expect((await smtp.waitForMessages(1))[0]!.parsed.subject).toBe("New demo request: Ama Owusu, Accra Estates");
      expect(await health(app)).toMatchObject({ failing: 0, items: [] });
    });

    it("gives up after the last backoff step, keeps it visible as failed, and sends it after a manual retry", async () => {
      const time = manualClock("2025-10-01T08:00:00.000Z");
      const { worker, app } = setup({ clock: time.clock });
      await postJson(app, "/api/contacts", validContact);
      const waits: string[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const pass = await worker.runOnce();
        expect(pass, `attempt ${attempt}`).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
        const [row] = await open.db.selectFrom("outbox").select(["nextAttemptAt", "state"]).execute();
        waits.push(row!.nextAttemptAt ?? row!.state);
        time.advance(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      }
      // 5 s, 30 s, 2 min, 10 min, 1 h after each failure, then failed.
      expect(waits).toEqual([
        "2025-10-01T08:00:05.000Z",
        "2025-10-01T08:00:35.000Z",
        "2025-10-01T08:02:35.000Z",
        "2025-10-01T08:12:35.000Z",
        "2025-10-01T09:12:35.000Z",
        "failed",
      ]);
      time.advance(24 * 60 * 60 * 1000);
      expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });
      expect(await health(app)).toMatchObject({ failing: 1, items: [{ state: "failed", attempts: MAX_ATTEMPTS }] });

      await smtp.start();
      const cookie = await signIn(app);
      expect(await (await send(app, "POST", "/api/admin/outbox/retry", { cookie, body: {} })).json()).toEqual({
        requeued: 1,
      });
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      expect(await health(app)).toMatchObject({ failing: 0 });
    });

    it("never fails or holds up a submission when the SMTP server refuses or is down", async () => {
      await smtp.start();
      smtp.refuse(true);
      const logs: string[] = [];
      const { worker, app } = setup({ logger: createLogger("info", (line) => logs.push(line)) });
      worker.start();
      const started = Date.now();
      const responses = await Promise.all([
        postJson(app, "/api/contacts", validContact),
        postJson(app, "/api/leads", validDemo),
        postJson(app, "/api/newsletter", { email: "reader@example.com" }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await countRows(open.db, "contacts")).toBe(1);
      await expect.poll(async () => (await health(app)).failing, { timeout: 5_000 }).toBe(3);
      expect((await health(app)).lastError).toMatch(/451/);
      expect(smtp.messages).toEqual([]);
      // The log says what failed, with codes, but not to whom: the server's reply named the address.
      expect(logs.some((line) => line.includes('"msg":"mail-retry"') && line.includes('"responseCode":451'))).toBe(
        true,
      );
      expect(logs.join("\n")).not.toContain("reader@example.com");
      expect(JSON.stringify((await health(app)).items)).toContain("reader@example.com");

      // Down altogether: still a 201 at once.
      await smtp.stop();
      expect((await postJson(app, "/api/contacts", { ...validContact, email: "second@example.com" })).status).toBe(201);
    });

    it("does not welcome an address that unsubscribed or was suppressed before the email went out", async () => {
      await smtp.start();
      const time = manualClock("2025-10-01T08:00:00.000Z");
      const { worker, app } = setup({ clock: time.clock });
      const first = (
        (await (await postJson(app, "/api/newsletter", { email: "quick@example.com" })).json()) as { id: string }
      ).id;
      const cookie = await signIn(app);
      await send(app, "PATCH", `/api/admin/newsletter/${first}`, { cookie, body: { status: "unsubscribed" } });
      await postJson(app, "/api/newsletter", { email: "flagged@example.com" });
      await suppress(open.db, emailHash(keys, "flagged@example.com"), "unsubscribed", time.clock().toISOString());

      expect(await worker.runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
      expect(await open.db.selectFrom("outbox").select(["state", "lastError"]).orderBy("createdAt").execute()).toEqual([
        { state: "cancelled", lastError: "cancelled: no longer wanted" },
        { state: "cancelled", lastError: "cancelled: the address is suppressed" },
      ]);
      expect(smtp.messages).toEqual([]);
    });

    it("queues no alerts without NOTIFY_TO and nothing at all without SMTP_URL", async () => {
      const noAlerts = testApp(open.db, { config: configFor({ notifyTo: [] }) });
      await postJson(noAlerts, "/api/leads", validDemo);
      await postJson(noAlerts, "/api/newsletter", { email: "reader@example.com" });
      expect(await open.db.selectFrom("outbox").select("kind").execute()).toEqual([{ kind: "welcome" }]);

      const noMail = testApp(open.db, { config: testConfig() });
      await postJson(noMail, "/api/contacts", validContact);
      await postJson(noMail, "/api/newsletter", { email: "other@example.com" });
      expect(await countRows(open.db, "outbox")).toBe(1);
    });

    it("lets the hourly clean-up delete finished emails only, never pending or failed ones", async () => {
      const message = (n: number) => ({
        kind: "lead-alert" as const,
        subjectEmail: `x${n}@example.com`,
        recordCollection: "contacts" as const,
        recordId: `r${n}`,
      });
      const sent = await enqueueOutbox(open.db, message(1), minute(0));
      const cancelled = await enqueueOutbox(open.db, message(2), minute(0));
      await enqueueOutbox(open.db, message(3), minute(0));
      await markSent(open.db, sent, new Date(minute(1)));
      await markCancelled(open.db, cancelled, "cancelled: test");
      expect(await purgeFinishedOutbox(open.db, minute(0))).toBe(0);
      expect(await purgeFinishedOutbox(open.db, minute(10))).toBe(2);
      expect(await open.db.selectFrom("outbox").select("state").execute()).toEqual([{ state: "pending" }]);
    });

    it("sends each message once when several workers (instances) poll together", async () => {
      await smtp.start();
      for (let n = 0; n < 30; n++) {
        await seedContact(open.db, `contact-${n}`, minute(n), { email: `lead${n}@example.com` });
        await enqueueOutbox(
          open.db,
          {
            kind: "lead-alert",
            subjectEmail: `lead${n}@example.com`,
            recordCollection: "contacts",
            recordId: `contact-${n}`,
          },
          minute(n),
        );
      }
      // On PostgreSQL the second worker has its own pool, like another server instance.
      const second: Db =
        open.name === "postgres" && postgresUrl ? connectDatabase(postgresUrl, { searchPath: open.schema! }) : open.db;
      try {
        const a = setup().worker;
        const b = setup({ db: second }).worker;
        const sent = { a: 0, b: 0 };
        for (let round = 0; round < 5; round++) {
          const [passA, passB] = await Promise.all([a.runOnce(), b.runOnce()]);
          sent.a += passA.sent;
          sent.b += passB.sent;
        }
        expect(sent.a + sent.b).toBe(30);
        const mails = await smtp.waitForMessages(30);
        expect(new Set(mails.map((mail) => mail.parsed.text?.match(/Email: (\S+)/)?.[1])).size).toBe(30);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(smtp.messages).toHaveLength(30);
      } finally {
        if (second !== open.db) await second.destroy();
      }
    });
  },
  { admin: true },
);
