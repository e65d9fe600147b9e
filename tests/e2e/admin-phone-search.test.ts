import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { LEADS, leadsTable, postForm, submitLeads } from "../support/workspace-page";

// Staff search by phone as often as by name: in a real Chromium against the production server, a
// number typed into the dashboard's search box however staff write it (national, international, spaced
// or not) finds the lead or contact that left it, the export takes the same search, and a lead that
// arrives while the search is on joins the list live when its number matches.

const PASSWORD = "correct horse battery staple";
const ME = "phone.search@erf.test";
/** "Within a second" on a quiet machine; the margin is for a busy one. */
const LIVE_MS = 3_000;
const CALLER = {
  firstName: "Lindiwe",
  lastName: "Caller",
  email: "lindiwe.caller@example.co.za",
  phone: "+27 83 555 0142",
  message: "Please phone me back.",
};

let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  // Five demo requests whose phones are 082 555 0100 to 082 555 0104, and a contact message.
  await submitLeads(server);
  await postForm(server, "/api/contacts", { ...CALLER, website: "" });
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const leadsSearch = (target: Page) => target.getByRole("search", { name: "Filter leads" }).getByLabel("Search leads");
/** The emails in the table's rows, once the list has settled on `count` of them. */
async function shownEmails(target: Page, region: string, count: number): Promise<string[]> {
  const rows = target.getByRole("region", { name: region }).locator("tbody tr[data-id]");
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
  return rows.evaluateAll((cells) => cells.map((row) => row.textContent ?? ""));
}

describe("the dashboard's search box", () => {
  it.each([
    ["+27 82 555 0102", 2],
    ["082 555 0103", 3],
    ["0825550104", 4],
    ["(082) 555-0100", 0],
    ["0027 82 555 0101", 1],
  ])("finds the lead whose phone is 082 555 010x by %j", async (typed, index) => {
    await leadsSearch(page).fill("");
    await expect
      .poll(() => leadsTable(page).locator("tbody tr[data-id]").count(), { timeout: 10_000 })
      .toBe(LEADS.length);
    // Typed key by key, as staff do: the box waits for a pause before it asks the server.
    await leadsSearch(page).pressSequentially(typed);
    const [row] = await shownEmails(page, "Leads", 1);
    expect(row).toContain(LEADS[index]!.email);
  });

  it("reads fewer than four digits as text, not as a phone number", async () => {
    await leadsSearch(page).fill("555");
    await shownEmails(page, "Leads", 0);
  });

  it("exports what the phone search shows", async () => {
    await leadsSearch(page).fill("+27 82 555 0103");
    await shownEmails(page, "Leads", 1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const lines = (await readFile((await download.path())!, "utf8")).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${LEADS[3]!.email},082 555 0103,`);
  });

  it("adds a lead that arrives with a matching number to the searched list, live", async () => {
    await leadsSearch(page).fill("+27 84 555 0177");
    await shownEmails(page, "Leads", 0);
    await postForm(server, "/api/leads", {
      ...LEADS[0],
      type: "demo",
      email: "late.caller@example.co.za",
      phone: "084 555 0177",
      sourcePath: "/request-demo",
    });
    const rows = leadsTable(page).locator("tbody tr[data-id]", { hasText: "late.caller@example.co.za" });
    await expect.poll(() => rows.count(), { timeout: LIVE_MS }).toBe(1);
    await leadsSearch(page).fill("");
  });

  it("finds a contact message by its phone on its own tab", async () => {
    await page.getByRole("tab", { name: /^Contact Messages/ }).click();
    const search = page.getByRole("search", { name: "Filter contacts" }).getByLabel("Search contacts");
    await search.fill("083 555 0142");
    const [row] = await shownEmails(page, "Contact messages", 1);
    expect(row).toContain(CALLER.email);
    await search.fill("083 555 0143");
    await shownEmails(page, "Contact messages", 0);
    await search.fill("");
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });
});
