import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { NEWEST_FIRST, panel, postForm, recordParam, submitLeads, timeline } from "../support/workspace-page";

// The dashboard on a 390 x 844 phone, in a real Chromium against the production server: the record
// tabs are lists of cards that start on the first screen and open the record panel, and no tab scrolls
// the page sideways. From md (768 px) up the tables come back.

const PASSWORD = "correct horse battery staple";
const ME = "phone@erf.test";
const PHONE = { width: 390, height: 844 };

let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  await submitLeads(server);
  await postForm(server, "/api/contacts", {
    firstName: "Thandi",
    lastName: "Phone",
    email: "thandi.phone@example.co.za",
    message: "Please call me back.",
  });
  await postForm(server, "/api/newsletter", { email: "reader.phone@example.co.za", sourcePath: "/blog" });
  await page.setViewportSize(PHONE);
  // An admin: the most the dashboard shows above the records (the assignment switches too).
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const leads = () => page.getByRole("region", { name: "Leads" });
const cardOf = (email: string) =>
  leads().locator("li[data-card]", { has: page.locator(`input[aria-label="Select ${email}"]`) });
const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe("the dashboard on a 390 px phone", () => {
  it("lists the leads as cards, newest first, the first within the first screen, with no sideways scroll", async () => {
    await leads().locator("li[data-card]").first().waitFor();
    expect(await leads().locator("table").count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const first = await leads().locator("li[data-card]").first().boundingBox();
    expect(first!.y).toBeLessThan(PHONE.height);
    expect(first!.y + first!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);

    const cards = leads().locator("li[data-card] button[data-id]");
    expect(await cards.count()).toBe(NEWEST_FIRST.length);
    for (const [index, lead] of NEWEST_FIRST.entries()) {
      const text = (await cards.nth(index).innerText()).replace(/\s+/g, " ");
      expect(text).toContain(`${lead.firstName} ${lead.lastName}`);
      expect(text).toContain(lead.companyName);
      expect(text).toMatch(/just now|min ago/);
      expect(await cards.nth(index).locator("[data-status]").getAttribute("data-status")).toBe("new");
    }
  });

  it("opens a lead's record panel from its card, and Escape brings focus back to the card", async () => {
    const lead = NEWEST_FIRST[2]!;
    const card = cardOf(lead.email).locator("button[data-id]");
    const id = await card.getAttribute("data-id");
    await card.click();
    await timeline(page).waitFor();
    expect(recordParam(page)).toBe(id);
    // The page behind the open panel is hidden from role queries: the card is found by its id.
    expect(await page.locator(`li[data-card] button[data-id="${id}"]`).getAttribute("aria-current")).toBe("true");
    expect(await panel(page).getByRole("heading", { level: 2 }).innerText()).toBe(`${lead.firstName} ${lead.lastName}`);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id"))).toBe(id);
    expect(await card.getAttribute("aria-current")).toBeNull();
  });

  it("ticks cards for a bulk change", async () => {
    const [one, two] = [NEWEST_FIRST[3]!, NEWEST_FIRST[4]!];
    await cardOf(one.email).getByRole("checkbox").check();
    await cardOf(two.email).getByRole("checkbox").check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await bar.getByText("2 leads selected").waitFor();
    await bar.getByLabel("Set status").selectOption("contacted");
    await bar.getByRole("button", { name: "Apply to 2 leads" }).click();
    expect(await waitForToast(page, "2 leads")).toContain("2 leads marked contacted");
    for (const lead of [one, two]) {
      await expect
        .poll(() => cardOf(lead.email).locator("[data-status]").getAttribute("data-status"))
        .toBe("contacted");
    }
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
  });

  it("says when a search finds nothing, with Clear filters, in the cards' place", async () => {
    await page.getByRole("search", { name: "Filter leads" }).getByLabel("Search leads").fill("nobody by this name");
    await leads().getByText("No leads match your search and filters.").waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await leads().getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => leads().locator("li[data-card]").count()).toBe(NEWEST_FIRST.length);
  });

  it("scrolls no tab sideways, and shows contacts and subscribers as cards too", async () => {
    for (const tab of ["Contact Messages", "Newsletter", "Insights", "Privacy", "Audit", "Team", "Integrations"]) {
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      await page.getByRole("tabpanel").waitFor();
      expect(await pageWidth(), tab).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole("tab", { name: /^Contact Messages/ }).click();
    const contact = page.getByRole("region", { name: "Contact messages" }).locator("li[data-card]").first();
    expect(await contact.innerText()).toContain("Thandi Phone");
    expect(await contact.innerText()).toContain("thandi.phone@example.co.za");
    await page.getByRole("tab", { name: /^Newsletter/ }).click();
    const subscriber = page.getByRole("region", { name: "Newsletter subscribers" }).locator("li[data-card]").first();
    expect(await subscriber.innerText()).toContain("reader.phone@example.co.za");
    expect(await subscriber.locator("[data-status]").getAttribute("data-status")).toBe("subscribed");
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });

  it("goes back to the table from md (768 px) up", async () => {
    await page.getByRole("tab", { name: /^Leads/ }).click();
    await page.setViewportSize({ width: 768, height: 900 });
    await leads().locator("table tbody tr[data-id]").first().waitFor();
    expect(await leads().locator("li[data-card]").count()).toBe(0);
    await page.setViewportSize({ width: 767, height: 900 });
    await leads().locator("li[data-card]").first().waitFor();
    expect(await leads().locator("table").count()).toBe(0);
    await page.setViewportSize(PHONE);
  });
});
