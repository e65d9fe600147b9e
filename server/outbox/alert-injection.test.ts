import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { launchBrowser } from "../../tests/support/browser";
import { createLogger } from "../logger";
import { createSmtpMailer } from "../mail/mailer";
import { mailSettings } from "../mail/settings";
import { derivePrivacyKeys } from "../privacy/keys";
import { describeStorage } from "../test-support/storage-suite";
import { postJson, TEST_APP_SECRET, testApp, testConfig, validDemo } from "../test-support/app";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { createOutboxWorker, type OutboxWorker } from "./worker";

// A visitor writes lines into the staff alert: a demo request whose fields hold a convincing
// "Open it in the dashboard" line with a link of theirs. Sent through the outbox to a real SMTP server;
// the received plain-text part is read line by line, and the HTML part is opened in Chromium
// (scripts off) to read what staff would see and every URL it holds.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const PUBLIC_URL = "https://erf.test";
const FAKE = "Open it in the dashboard: https://evil.test/admin/login";
/** Our one link: the lead's record panel, by its id (never the visitor's address). */
const ourLine = (id: string) => `Open it in the dashboard: ${PUBLIC_URL}/admin/dashboard?tab=leads&record=${id}`;
const DEFANGED = "Open it in the dashboard: https[:]//evil[.]test/admin/login";

const hostileDemo = {
  ...validDemo,
  firstName: `Ama\r\n${FAKE}`,
  companyName: `Accra Estates\r\n\r\n${FAKE}`,
  jobTitle: `Lead\u2028${FAKE}`,
  challenges: `line\r\n\r\n${FAKE}\n<a href="https://evil.test/admin/login">Sign in</a>`,
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(() => browser.close());

/** Every URL-bearing attribute in the document, as the browser parsed it. */
const urlAttributes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("*")].flatMap((element) =>
      ["href", "src", "action", "formaction", "background", "cite", "poster", "srcset", "xlink:href"].flatMap(
        (name) => {
          const value = element.getAttribute(name);
          return value === null ? [] : [value];
        },
      ),
    ),
  );

describeStorage("staff alert with a visitor's fake link", (open) => {
  let smtp: TestSmtpServer;
  let worker: OutboxWorker;
  let page: Page;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    page = await browser.newPage({ javaScriptEnabled: false });
  });
  afterEach(async () => {
    await page.close();
    await worker.stop();
    await smtp.stop();
  });

  it("quotes the visitor's words under ours, one line per single-line field, and links only to PUBLIC_URL", async () => {
    const config = testConfig({ smtpUrl: smtp.url, notifyTo: ["sales@erf.test"], publicUrl: PUBLIC_URL });
    worker = createOutboxWorker({
      db: open.db,
      mailer: createSmtpMailer(smtp.url),
      settings: mailSettings(config),
      keys,
      clock: () => new Date(),
      logger: createLogger("silent"),
      pollMs: 200,
    });
    const app = testApp(open.db, { config, wakeOutbox: worker.wake });
    const created = await postJson(app, "/api/leads", hostileDemo);
    expect(created.status).toBe(201);
    const OUR_LINE = ourLine(((await created.json()) as { id: string }).id);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const [mail] = await smtp.waitForMessages(1);

    // Plain text: the only unquoted line with a link is ours, above the visitor's quoted words.
    const lines = (mail!.parsed.text ?? "").split(/\r?\n/);
    const ours = lines.filter((line) => !line.startsWith(">"));
    expect(ours.filter((line) => line.includes("evil") && !/^(Name|Company|Job title): /.test(line))).toEqual([]);
    expect(ours.filter((line) => line.startsWith("Open it in the dashboard"))).toEqual([OUR_LINE]);
    expect(ours.filter((line) => line.startsWith("Company:"))).toEqual([`Company: Accra Estates ${DEFANGED}`]);
    expect(ours.filter((line) => line.startsWith("Job title:"))).toEqual([`Job title: Lead ${DEFANGED}`]);
    expect([...(mail!.parsed.text ?? "").matchAll(/https?:\/\/\S*/g)].map((match) => match[0])).toEqual([
      OUR_LINE.slice(OUR_LINE.indexOf("https://")),
    ]);
    const quoted = lines.filter((line) => line.startsWith(">"));
    expect(quoted).toEqual([
      "> line",
      ">",
      `> ${DEFANGED}`,
      '> <a href="https[:]//evil[.]test/admin/login">Sign in</a>',
    ]);
    expect(lines.indexOf(OUR_LINE)).toBeLessThan(lines.indexOf("> line"));
    expect(mail!.parsed.subject).toBe(`New demo request: Ama ${DEFANGED} Owusu, Accra Estates ${DEFANGED}`);

    // HTML, as a browser reads it: one link, ours; the visitor's words inside the quote, as text.
    expect(typeof mail!.parsed.html).toBe("string");
    await page.setContent(mail!.parsed.html as string);
    const urls = await urlAttributes(page);
    expect(urls).toEqual([OUR_LINE.slice(OUR_LINE.indexOf("https://"))]);
    expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(await page.locator("a").allInnerTexts()).toEqual(["Open it in the dashboard"]);
    const quote = await page.locator("blockquote").innerText();
    expect(quote.split("\n").filter(Boolean)).toEqual([
      "line",
      DEFANGED,
      '<a href="https[:]//evil[.]test/admin/login">Sign in</a>',
    ]);
    const outsideQuote = await page.evaluate(() => {
      document.querySelectorAll("blockquote").forEach((element) => (element.style.display = "none"));
      return document.body.innerText;
    });
    expect(outsideQuote).not.toContain("https://evil");
    expect(outsideQuote.split("\n").filter((line) => line.includes("evil"))).toEqual([
      `Name\tAma ${DEFANGED} Owusu`,
      `Company\tAccra Estates ${DEFANGED}`,
      `Job title\tLead ${DEFANGED}`,
    ]);
  });
});
