import { expect } from "vitest";
import { createLogger } from "../logger";
import { createSmtpMailer } from "../mail/mailer";
import { mailSettings } from "../mail/settings";
import { createOutboxWorker, type OutboxWorker } from "../outbox/worker";
import { derivePrivacyKeys } from "../privacy/keys";
import type { Db } from "../db/store";
import { manualClock, TEST_APP_SECRET, testApp, testConfig } from "./app";
import type { TestSmtpServer } from "./smtp";

// The staff team's suites: an app whose emails go through the real outbox to a real SMTP server on
// 127.0.0.1, on a manual clock, and the link token read back out of a captured email.

export const PUBLIC_URL = "https://erf.test";

export interface TeamSetup {
  app: ReturnType<typeof testApp>;
  time: ReturnType<typeof manualClock>;
  worker: OutboxWorker;
  /** Sends what is queued, waits for the `count`-th email in all, and returns it. */
  nextMail(count: number): Promise<{ to: string[]; subject: string; text: string }>;
}

export function teamSetup(
  db: Db,
  smtp: TestSmtpServer,
  time = manualClock("2025-06-02T08:00:00.000Z"),
  overrides: Parameters<typeof testConfig>[0] = {},
): TeamSetup {
  const config = testConfig({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, trustProxy: 1, ...overrides });
  const worker = createOutboxWorker({
    db,
    mailer: createSmtpMailer(smtp.url),
    settings: mailSettings(config),
    keys: derivePrivacyKeys(TEST_APP_SECRET),
    clock: time.clock,
    logger: createLogger("silent"),
  });
  const app = testApp(db, { clock: time.clock, config });
  return {
    app,
    time,
    worker,
    async nextMail(count) {
      expect(await worker.runOnce()).toMatchObject({ failed: 0, retrying: 0 });
      const mail = (await smtp.waitForMessages(count)).at(-1)!;
      return { to: mail.to, subject: mail.parsed.subject ?? "", text: mail.parsed.text ?? "" };
    },
  };
}

/** The token of the one link with a token in an email's text, a link to `page`; the token is in the fragment. */
export function linkToken(text: string, page: "accept-invitation" | "reset-password"): string {
  const links = [...text.matchAll(/https?:\/\/\S+/g)].map(([link]) => link).filter((link) => link.includes("token"));
  expect(links).toHaveLength(1);
  const match = new RegExp(`^${PUBLIC_URL.replace(/[.]/g, "\\.")}/admin/${page}#token=([A-Za-z0-9_-]{43})$`).exec(
    links[0]!,
  );
  expect(match, links[0]).not.toBeNull();
  return match![1]!;
}
