import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import {
  closePanel,
  LEADS,
  leadsTable,
  openByClick,
  panel,
  postForm,
  rowOf,
  submitLeads,
  timeline,
} from "../support/workspace-page";

// The Spam view in a real Chromium against the production server: an admin puts a domain on the
// blocklist, a lead from it arrives live in the Spam view (not in the inbox, not in the tab's count),
// its panel says why, and "Not spam" moves it back to the inbox, on its timeline.

const PASSWORD = "correct horse battery staple";
const ME = "spam.admin@erf.test";
const SPAMMER = {
  ...LEADS[0]!,
  firstName: "Sam",
  lastName: "Sender",
  email: "sam@news.spam.example",
  companyName: "Sam Mailers",
};

let session: BrowserSession;
let server: RunningServer;
let page: Page;

const leadsTab = () => page.getByRole("tab", { name: /^Leads & Signups/ });
const view = () => page.getByRole("search", { name: "Filter leads" }).getByLabel("View");

beforeAll(async () => {
  // The default threshold: the five leads score 10 each (no page timestamp: sent straight to the API).
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD, SPAM_THRESHOLD: "40" });
  ({ server, page } = session);
  await submitLeads(server);
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

describe("the Spam view", () => {
  it("is empty at first and offers the blocklist, which refuses what is not an address or a domain", async () => {
    expect(await leadsTab().innerText()).toContain("(5)");
    await view().selectOption("only");
    await page.getByText("Nothing held as spam in leads.").waitFor();
    await page.getByText(/^Spam blocklist/).click();
    const entry = page.getByLabel("Address or domain");
    await entry.fill("not a domain");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Use an email address or a domain such as spam.example").waitFor();
    expect(await entry.getAttribute("aria-invalid")).toBe("true");

    await entry.fill("Spam.Example");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    expect(await waitForToast(page, "on the blocklist")).toContain("spam.example is on the blocklist");
    await page.getByRole("list", { name: "Blocklist entries" }).getByText("spam.example", { exact: true }).waitFor();
    expect(await entry.getAttribute("aria-invalid")).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("receives a blocklisted sender's lead live, out of the inbox's count, and says why it was held", async () => {
    await postForm(server, "/api/leads", { type: "demo", ...SPAMMER, sourcePath: "/request-demo" });
    await rowOf(page, SPAMMER.email).waitFor();
    const sheet = await openByClick(page, SPAMMER.email);
    const spam = sheet.getByRole("region", { name: "Held as spam" });
    await spam.waitFor();
    expect(await spam.innerText()).toContain("Score 100 of 100.");
    expect(await spam.innerText()).toContain("On the blocklist");
    expect(await sheet.locator('[data-field="spamSignals"] dd').innerText()).toContain("On the blocklist");
    expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
    // Spam is left out of the counts.
    expect(
      await page.evaluate(async () => (await (await fetch("/api/admin/stats")).json()) as { tabs: { leads: number } }),
    ).toMatchObject({ tabs: { leads: 5 } });
  });

  it("moves a lead back to the inbox on Not spam, with the decision on its timeline", async () => {
    const sheet = panel(page);
    await sheet.getByRole("button", { name: "Not spam" }).click();
    expect(await waitForToast(page, "Not spam")).toContain("back in the inbox");
    await sheet.getByRole("region", { name: "Spam check" }).waitFor();
    await timeline(page)
      .locator('li[data-kind="spam-decision"]', { hasText: "Not spam: restored from the Spam view" })
      .waitFor();
    await closePanel(page);
    // Gone from the Spam view; in the inbox, and counted.
    await page.getByText("Nothing held as spam in leads.").waitFor();
    await view().selectOption("");
    await rowOf(page, SPAMMER.email).waitFor();
    await expect.poll(() => leadsTab().innerText(), { timeout: 5_000 }).toContain("(6)");
    expect(await leadsTable(page).locator("tbody tr[data-id]").count()).toBe(6);
  });

  it("puts a lead in the Spam view when staff mark it as spam", async () => {
    const lead = LEADS[1]!;
    const sheet = await openByClick(page, lead.email);
    await sheet.getByRole("button", { name: "Mark as spam" }).click();
    expect(await waitForToast(page, "Marked as spam")).toContain("It stays in the Spam view");
    await sheet.getByRole("region", { name: "Held as spam" }).waitFor();
    await closePanel(page);
    await expect.poll(() => rowOf(page, lead.email).count(), { timeout: 5_000 }).toBe(0);
    await view().selectOption("only");
    await rowOf(page, lead.email).waitFor();
  });
});
