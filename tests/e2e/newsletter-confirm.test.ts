import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../server/test-support/smtp";
import {
  closeBrowserSession,
  openBrowserSession,
  submitAdminSignIn,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import { readRows } from "../support/database";

// An opt-out sticks until its owner proves they want back in, in a real Chromium against the production
// server with a real SMTP server catching the mail: unsubscribe by the welcome email's link, subscribe
// again on the home page (which answers exactly as for anyone), and only the emailed confirmation link's
// button subscribes again. Then, with NEWSLETTER_DOUBLE_OPT_IN, staff see a new subscription as pending.

const ADMIN = { email: "newsletter.officer@erf.test", password: "correct horse battery staple" };
const READER = "lindiwe@example.co.za";
const NEWCOMER = "sizwe@example.co.za";

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
const linkIn = (text: string | undefined, pattern: RegExp) => pattern.exec(text ?? "")?.[0];

async function subscribeOnHomePage(page: Page, url: string, email: string) {
  await page.goto(url);
  const card = page.getByRole("form", { name: "Newsletter signup" });
  // Hydrated first (it then checks itself): sent before, the form posts without JavaScript and the page
  // the server answers with has no toast. On a slow machine the click came first once.
  await expect
    .poll(() => card.evaluate((element) => (element as HTMLFormElement).noValidate), { timeout: 15_000 })
    .toBe(true);
  await card.getByLabel("Email address").fill(email);
  await card.getByRole("button", { name: "Subscribe" }).click();
  return waitForToast(page, "Successfully subscribed!");
}

describe("an opt-out undone only by its owner's confirmation", () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowserSession(({ url }) => ({
      SMTP_URL: smtp.url,
      APP_SECRET: "e2e-app-secret-with-at-least-32-characters",
      PUBLIC_URL: url,
    }));
  });
  afterEach(() => {
    expect(session.csp.take()).toEqual([]);
  });
  afterAll(() => closeBrowserSession(session));

  it("unsubscribes, re-subscribes to a confirmation email, and is subscribed again only by its link's button, once", async () => {
    const { server, page } = session;
    const first = await subscribeOnHomePage(page, server.url, READER);
    await expect.poll(() => mailsTo(READER).length, { timeout: 10_000 }).toBe(1);
    const unsubscribe = linkIn(mailsTo(READER)[0]!.parsed.text, new RegExp(`${server.url}/unsubscribe\\?token=\\S+`));
    await page.goto(unsubscribe!);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();

    // Anyone typing the address in gets the answer a new subscriber gets; the opt-out stays.
    expect(await subscribeOnHomePage(page, server.url, READER)).toBe(first);
    expect(readRows(server.databasePath, "newsletter").map((row) => row.status)).toEqual(["unsubscribed"]);
    expect(readRows(server.databasePath, "consents").map((row) => row.action)).toEqual(["given", "withdrawn"]);

    await expect.poll(() => mailsTo(READER).length, { timeout: 10_000 }).toBe(2);
    const confirmation = mailsTo(READER)[1]!;
    expect(confirmation.parsed.subject).toBe("Confirm your Erf newsletter subscription");
    const link = linkIn(confirmation.parsed.text, new RegExp(`${server.url}/newsletter/confirm\\?token=\\S+`));
    expect(link).toBeDefined();

    // Opening the link changes nothing (mail scanners open links too); the button does.
    await page.goto(link!);
    await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
    expect(readRows(server.databasePath, "newsletter")[0]?.status).toBe("unsubscribed");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "You're subscribed" }).waitFor();
    expect(readRows(server.databasePath, "newsletter")[0]?.status).toBe("subscribed");
    const consent = readRows(server.databasePath, "consents").at(-1);
    expect(consent).toMatchObject({
      action: "given",
      source: "confirmation-link",
      ip: expect.stringMatching(/127\.0\.0\.1|::1/),
    });
    expect(consent?.userAgent).toMatch(/Chrome/);

    // The link works once; the welcome follows the confirmation.
    await page.goto(link!);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "Already confirmed" }).waitFor();
    expect(readRows(server.databasePath, "consents")).toHaveLength(3);
    await expect
      .poll(() => mailsTo(READER).map((mail) => mail.parsed.subject), { timeout: 10_000 })
      .toEqual([
        "Welcome to the Erf newsletter",
        "Confirm your Erf newsletter subscription",
        "Welcome to the Erf newsletter",
      ]);

    await page.goto(`${server.url}/newsletter/confirm?token=forged.${"A".repeat(43)}`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("This confirmation link is not valid.").waitFor();
  });
});

describe("NEWSLETTER_DOUBLE_OPT_IN", () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowserSession(({ url }) => ({
      SMTP_URL: smtp.url,
      NEWSLETTER_DOUBLE_OPT_IN: "true",
      APP_SECRET: "e2e-app-secret-with-at-least-32-characters",
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }));
  });
  afterEach(() => {
    expect(session.csp.take()).toEqual([]);
  });
  afterAll(() => closeBrowserSession(session));

  it("shows staff a new subscription as pending until its link is confirmed", async () => {
    const { server, page } = session;
    await subscribeOnHomePage(page, server.url, NEWCOMER);
    await expect.poll(() => mailsTo(NEWCOMER).length, { timeout: 10_000 }).toBe(1);

    await page.goto(`${server.url}/admin/dashboard?tab=newsletter&q=${encodeURIComponent(NEWCOMER)}`);
    await page.waitForURL(/\/admin\/login/);
    await submitAdminSignIn(page, ADMIN.email, ADMIN.password);
    const row = page
      .getByRole("region", { name: "Newsletter subscribers" })
      .locator("tbody tr[data-id]", { hasText: NEWCOMER });
    await row.locator('[data-status="pending"]').waitFor();

    const link = linkIn(mailsTo(NEWCOMER)[0]!.parsed.text, new RegExp(`${server.url}/newsletter/confirm\\?token=\\S+`));
    const confirmPage = await session.context.newPage();
    await session.csp.watch(confirmPage);
    await confirmPage.goto(link!);
    await confirmPage.getByRole("button", { name: "Confirm" }).click();
    await confirmPage.getByRole("heading", { name: "You're subscribed" }).waitFor();
    await confirmPage.close();
    // The open dashboard hears of it through its live stream.
    await row.locator('[data-status="subscribed"]').waitFor({ timeout: 10_000 });
  });
});
