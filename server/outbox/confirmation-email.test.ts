import { afterEach, beforeEach, expect, it } from "vitest";
import { CONFIRMATION_TTL_MS, suppress } from "../db/store";
import { createLogger } from "../logger";
import { createSmtpMailer } from "../mail/mailer";
import { mailSettings } from "../mail/settings";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { createOutboxWorker, type OutboxWorker } from "./worker";

// The confirmation email through the outbox and a real SMTP server: what it says, that its link is ours
// and works, and that a link which can no longer be used is never sent.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const PUBLIC_URL = "https://erf.test";
const READER = "returning.reader@example.com";

describeStorage("confirmation emails", (open) => {
  let smtp: TestSmtpServer;
  let worker: OutboxWorker | null = null;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    await smtp.stop();
  });

  function setup(time = manualClock("2025-11-03T09:00:00.000Z")) {
    const config = testConfig({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
    worker = createOutboxWorker({
      db: open.db,
      mailer: createSmtpMailer(smtp.url),
      settings: mailSettings(config),
      keys,
      clock: time.clock,
      logger: createLogger("silent"),
    });
    return { app: testApp(open.db, { clock: time.clock, config }), time, worker };
  }

  it("asks the address's owner to confirm, with a link to our page that subscribes on a press, then welcomes them", async () => {
    const { app, worker } = setup();
    await suppress(open.db, emailHash(keys, READER), "unsubscribed", "2025-01-01T00:00:00.000Z");
    expect((await postJson(app, "/api/newsletter", { email: READER })).status).toBe(201);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.to).toEqual([READER]);
    expect(mail!.parsed.subject).toBe("Confirm your Erf newsletter subscription");
    expect(mail!.parsed.text).toContain("within 48 hours");
    expect(mail!.parsed.text).toContain("If it was not you, ignore this email");
    // Not a newsletter: nothing to unsubscribe from yet.
    expect(mail!.header("List-Unsubscribe")).toBeUndefined();
    const links = mail!.parsed.text?.match(/https?:\/\/\S+/g) ?? [];
    expect(links.filter((link) => new URL(link).origin !== PUBLIC_URL)).toEqual([]);
    const link = links.find((candidate) => candidate.startsWith(`${PUBLIC_URL}/newsletter/confirm?token=`));
    expect(link).toBeDefined();
    // No address in the link (it sits in browser histories and proxy logs).
    expect(link).not.toContain("example.com");

    const token = new URL(link!).searchParams.get("token")!;
    expect(await (await postJson(app, "/api/newsletter/confirm", { token })).json()).toEqual({ status: "confirmed" });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const [, welcome] = await smtp.waitForMessages(2);
    expect(welcome!.parsed.subject).toBe("Welcome to the Erf newsletter");
    expect(welcome!.to).toEqual([READER]);
  });

  it("does not send a confirmation whose link was used or has expired by the time it would go", async () => {
    const { app, time, worker } = setup();
    await suppress(open.db, emailHash(keys, READER), "unsubscribed", "2025-01-01T00:00:00.000Z");
    await postJson(app, "/api/newsletter", { email: READER });
    // The mail server was down for two days: the link inside would no longer work.
    time.advance(CONFIRMATION_TTL_MS);
    expect(await worker.runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
    expect(smtp.messages).toHaveLength(0);
    expect(await open.db.selectFrom("outbox").select(["state", "lastError"]).execute()).toEqual([
      { state: "cancelled", lastError: "cancelled: the confirmation was used, has expired or no longer exists" },
    ]);
  });
});
