import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import { LEADS, leadsTable, submitLeads } from "../support/workspace-page";

// A search that finds nothing, worked with the keyboard in a real Chromium against the production server:
// it says so (to a screen reader too), and Clear filters brings every lead back with focus on the search
// box; a tab with no records at all says "none yet" and offers nothing to clear.

const PASSWORD = "correct horse battery staple";
const ME = "search@erf.test";

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  page = session.page;
  await submitLeads(session.server);
  await signInToDashboard(page, session.server, ME, PASSWORD);
  // One lead qualified, for a search with a status filter that finds exactly one.
  const status = await page.evaluate(async () => {
    const { items } = (await (await fetch("/api/admin/leads?limit=1")).json()) as { items: { id: string }[] };
    const response = await fetch(`/api/admin/leads/${encodeURIComponent(items[0]!.id)}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "qualified" }),
    });
    return response.status;
  });
  expect(status).toBe(200);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe("a search that finds nothing", () => {
  const leadsRegion = () => leadsTable(page);
  const search = () => page.getByRole("search", { name: "Filter leads" });

  it("says nothing matches and offers Clear filters, which brings every lead back and focus to the search box", async () => {
    await search().getByLabel("Search leads").focus();
    await page.keyboard.type("Workspace");
    await search().getByLabel("Status").selectOption("qualified");
    await expect.poll(() => leadsRegion().locator("tbody tr[data-id]").count()).toBe(1);
    // Then a search nothing matches.
    await search().getByLabel("Search leads").focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" nobody at all");
    const empty = leadsRegion().getByText("No leads match your search and filters.");
    await empty.waitFor();
    expect(await leadsRegion().getByText("No leads yet.").count()).toBe(0);
    // Said to a screen reader too, in a live region.
    expect(await page.getByRole("status").filter({ hasText: "No leads match your search and filters." }).count()).toBe(
      1,
    );

    const clear = leadsRegion().getByRole("button", { name: "Clear filters" });
    for (let presses = 0; presses < 10 && !(await isFocused(clear)); presses++) await page.keyboard.press("Tab");
    expect(await isFocused(clear)).toBe(true);
    await page.keyboard.press("Enter");

    await expect.poll(() => leadsRegion().locator("tbody tr[data-id]").count()).toBe(LEADS.length);
    expect(await isFocused(search().getByLabel("Search leads"))).toBe(true);
    expect(await search().getByLabel("Search leads").inputValue()).toBe("");
    expect(await search().getByLabel("Status").inputValue()).toBe("");
    expect(await search().getByLabel("Type").inputValue()).toBe("");
    expect(await search().getByLabel("Owner").inputValue()).toBe("");
    // The search box stays cleared once its debounce would have run.
    await page.waitForTimeout(500);
    expect(await search().getByLabel("Search leads").inputValue()).toBe("");
    expect(await leadsRegion().locator("tbody tr[data-id]").count()).toBe(LEADS.length);
    expect(await page.getByRole("status").filter({ hasText: "match your search" }).count()).toBe(0);
  });

  it("clears an owner filter too", async () => {
    await search().getByLabel("Owner").selectOption("me");
    await leadsRegion().getByText("No leads match your search and filters.").waitFor();
    await leadsRegion().getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => leadsRegion().locator("tbody tr[data-id]").count()).toBe(LEADS.length);
    expect(await search().getByLabel("Owner").inputValue()).toBe("");
  });

  it("keeps saying none yet, with no Clear filters, on a tab with no records and no filters", async () => {
    await page.getByRole("tab", { name: /^Contact Messages/ }).click();
    const contacts = page.getByRole("region", { name: "Contact messages" });
    await contacts.getByText("No contact messages yet.").waitFor();
    expect(await contacts.getByRole("button", { name: "Clear filters" }).count()).toBe(0);
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });
});
