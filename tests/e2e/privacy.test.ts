import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../server/test-support/smtp";
import {
  closeBrowserSession,
  openBrowserSession,
  submitAdminSignIn,
  submitDemoRequest,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import { readRows } from "../support/database";
import type { RunningServer } from "../support/server";

// The privacy journeys in a real Chromium against the production server, with a real SMTP server
// catching what it sends: a subscriber leaves through the emailed link, and staff export and erase a
// person's data, which the audit log then shows.

const ADMIN = { email: "privacy.officer@erf.test", password: "correct horse battery staple" };
const SUBSCRIBER = "thandeka@example.co.za";
const PERSON = "sipho.ndlovu@example.com";

let smtp: TestSmtpServer;
let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpServer();
  session = await openBrowserSession(({ url }) => ({
    SMTP_URL: smtp.url,
    NOTIFY_TO: "sales@erf.test",
    APP_SECRET: "e2e-app-secret-with-at-least-32-characters",
    PUBLIC_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }));
  ({ server, page } = session);
});

// The unsubscribe page, the dialog and the new tabs must run under the strict CSP like every other page.
afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
  await smtp?.stop();
});

const toast = (target: Page, text: string) => waitForToast(target, text);

const mailTo = (address: string) => smtp.messages.find((mail) => mail.to.includes(address));

describe("privacy journeys", () => {
  it("shows a notice at collection linking to /privacy on every form, and never pre-ticks the marketing box", async () => {
    const forms: Record<string, string[]> = {
      "/": ["Get started", "Newsletter signup", "Start today"],
      "/contact": ["Contact form"],
      "/signup": ["Signup form"],
      "/request-demo": ["Demo request form"],
    };
    for (const [path, names] of Object.entries(forms)) {
      await page.goto(`${server.url}${path}`);
      for (const name of names) {
        const form = page.getByRole("form", { name });
        const links = await form
          .getByRole("link", { name: /privacy/i })
          .evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
        expect(links, `${path} ${name}`).toContain("/privacy");
      }
      if (path === "/signup") {
        const optIn = page
          .getByRole("form", { name: "Signup form" })
          .getByRole("checkbox", { name: /Send me product news/ });
        expect(await optIn.isChecked()).toBe(false);
      }
    }
  });

  it("subscribes, then unsubscribes in one click from the link in the welcome email; the link then says so", async () => {
    await page.goto(server.url);
    const card = page.getByRole("form", { name: "Newsletter signup" });
    // The consent wording and the privacy notice link sit beside the box.
    expect(await card.getByText(/By subscribing you agree to receive our newsletter/).isVisible()).toBe(true);
    expect(await card.getByRole("link", { name: "privacy notice" }).getAttribute("href")).toBe("/privacy");
    await card.getByLabel("Email address").fill(SUBSCRIBER);
    await card.getByRole("button", { name: "Subscribe" }).click();
    await toast(page, "Successfully subscribed!");

    const [consent] = readRows(server.databasePath, "consents");
    expect(consent).toMatchObject({
      email: SUBSCRIBER,
      purpose: "newsletter",
      action: "given",
      wordingVersion: expect.stringMatching(/^newsletter-/),
      source: "/",
    });
    expect(consent?.userAgent).toMatch(/Chrome/);

    await expect.poll(() => mailTo(SUBSCRIBER), { timeout: 10_000 }).toBeDefined();
    const welcome = mailTo(SUBSCRIBER)!;
    expect(welcome.parsed.subject).toBe("Welcome to the Erf newsletter");
    const link = new RegExp(`${server.url}/unsubscribe\\?token=\\S+`).exec(welcome.parsed.text ?? "")?.[0];
    expect(link).toBeDefined();
    expect(welcome.header("List-Unsubscribe")).toContain(`<${link}>`);
    expect(welcome.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    await page.goto(link!);
    await page.getByRole("heading", { name: "Unsubscribe" }).waitFor();
    // Opening the link alone changes nothing: link scanners open links too.
    expect(readRows(server.databasePath, "newsletter")[0]?.status).toBe("subscribed");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect(readRows(server.databasePath, "newsletter")[0]?.status).toBe("unsubscribed");
    expect(readRows(server.databasePath, "consents").map((row) => row.action)).toEqual(["given", "withdrawn"]);

    await page.goto(link!);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're already unsubscribed" }).waitFor();

    await page.goto(`${server.url}/unsubscribe?token=forged.${"A".repeat(43)}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("This unsubscribe link is not valid.").waitFor();
  });

  it("lets an admin find, export and erase a person, and shows both in the audit log", async () => {
    // The person asks for a demo: staff are alerted with a link into the dashboard.
    await page.goto(`${server.url}/request-demo`);
    await submitDemoRequest(page, {
      firstName: "Sipho",
      lastName: "Ndlovu",
      email: PERSON,
      phone: "+27 82 555 0199",
      companyName: "Ndlovu Lettings",
      organizationType: "real-estate",
      propertyCount: "11-50",
    });
    await toast(page, "Demo requested successfully!");
    await expect
      .poll(() => smtp.messages.find((mail) => mail.parsed.subject?.startsWith("New demo request: Sipho Ndlovu")), {
        timeout: 10_000,
      })
      .toBeDefined();
    const alert = smtp.messages.find((mail) => mail.parsed.subject?.startsWith("New demo request: Sipho Ndlovu"))!;
    expect(alert.to).toEqual(["sales@erf.test"]);
    // The link names the lead's record by its id, never the person's address (decision 0046).
    const [lead] = readRows(server.databasePath, "leads");
    const dashboardLink = new RegExp(`${server.url}/admin/dashboard\\S+`).exec(alert.parsed.text ?? "")?.[0];
    expect(dashboardLink).toBe(`${server.url}/admin/dashboard?tab=leads&record=${String(lead?.id)}`);
    expect(decodeURIComponent(dashboardLink!)).not.toContain(PERSON);

    // The alert's link, signed in: the leads tab with that lead's record panel open.
    await page.goto(dashboardLink!);
    await page.waitForURL(/\/admin\/login/);
    await submitAdminSignIn(page, ADMIN.email, ADMIN.password);
    // The panel is a modal dialog: the dashboard behind it is hidden from the accessibility tree until it closes.
    const recordPanel = page.getByRole("dialog");
    await recordPanel.getByRole("list", { name: "Timeline entries" }).waitFor();
    expect(page.url()).toBe(dashboardLink);
    expect(await recordPanel.getByRole("heading", { level: 2 }).innerText()).toBe("Sipho Ndlovu");
    expect(await recordPanel.innerText()).toContain(PERSON);
    await page.keyboard.press("Escape");
    await recordPanel.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
    const leadRow = page.getByRole("region", { name: "Leads" }).locator("tbody tr[data-id]", { hasText: PERSON });
    await expect.poll(() => leadRow.innerText()).toContain("just now");

    // From here on, no request this browser sends carries the person's address in its URL.
    const urls: string[] = [];
    session.context.on("request", (request) => urls.push(request.url()));

    // A colleague's dashboard, open on the leads: the erasure must take the lead off there too.
    const colleague = await session.context.newPage();
    await session.csp.watch(colleague);
    await colleague.goto(`${server.url}/admin/dashboard?tab=leads`);
    const colleagueRow = colleague
      .getByRole("region", { name: "Leads" })
      .locator("tbody tr[data-id]", { hasText: PERSON });
    await colleagueRow.waitFor();

    await page.getByRole("tab", { name: "Privacy" }).click();
    // Typed as a person types it.
    await page.getByLabel("Email address of the person").click();
    await page.keyboard.type(PERSON);
    await page.keyboard.press("Enter");
    const held = page.getByRole("region", { name: `Data held about ${PERSON}` });
    await held.waitFor();
    expect(await held.getByRole("table", { name: "Records about this address" }).innerText()).toContain("Demo request");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      held.getByRole("button", { name: "Export JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^erf-subject-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      subject: string;
      records: { leads: Record<string, unknown>[] };
    };
    expect(exported.subject).toBe(PERSON);
    expect(exported.records.leads).toMatchObject([
      { email: PERSON, companyName: "Ndlovu Lettings", phone: "+27 82 555 0199", type: "demo" },
    ]);

    await held.getByRole("button", { name: "Erase…" }).click();
    const dialog = page.getByRole("dialog");
    const erase = dialog.getByRole("button", { name: "Erase", exact: true });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel("Type the email address to confirm").fill("someone.else@example.com");
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel("Type the email address to confirm").fill(PERSON);
    expect(await erase.isEnabled()).toBe(true);
    await erase.click();
    await toast(page, "Erased");
    await page.getByText(`Erased everything about ${PERSON}`).waitFor();

    for (const table of ["leads", "contacts", "newsletter", "consents", "outbox"] as const) {
      expect(JSON.stringify(readRows(server.databasePath, table)), table).not.toContain(PERSON);
    }
    // Gone from the colleague's open list without a reload (the live stream's reload notice).
    await colleagueRow.waitFor({ state: "detached", timeout: 10_000 });
    await colleague.close();

    await page.getByRole("tab", { name: "Audit" }).click();
    const entries = page.getByRole("table", { name: "Audit entries" });
    await entries.locator('tr[data-action="subject.erase"]').waitFor();
    const erased = entries.locator('tr[data-action="subject.erase"]');
    const exportedRow = entries.locator('tr[data-action="subject.export"]');
    expect(await erased.count()).toBe(1);
    expect(await exportedRow.count()).toBe(1);
    expect(await erased.innerText()).toContain(ADMIN.email);
    expect(await erased.innerText()).toContain("Erased a person's data");
    expect(await exportedRow.innerText()).toContain("Exported a person's data");
    // The look-up, export and erasure sent the address in POST bodies: no URL held it.
    expect(urls.filter((url) => url.includes("/api/admin/subjects")).length).toBeGreaterThanOrEqual(3);
    expect(urls.filter((url) => decodeURIComponent(url).toLowerCase().includes(PERSON))).toEqual([]);
    // Newest first: the erasure above the export; neither shows the address.
    expect(await entries.locator("tbody tr").first().getAttribute("data-action")).toBe("subject.erase");
    expect(await entries.innerText()).not.toContain(PERSON);
  });

  it("serves the unsubscribe page as the SPA shell and takes the one-click POST from anywhere", async () => {
    const shell = await fetch(`${server.apiUrl}/unsubscribe?token=x`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get("x-robots-tag")).toBe("noindex");
    const forged = await fetch(`${server.apiUrl}/unsubscribe?token=forged.${"A".repeat(43)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(400);
  });
});
