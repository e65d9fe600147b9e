import type { Locator, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
  NEWEST_FIRST,
  panel,
  recordParam,
  rowOf,
  submitLeads,
  timeline,
} from "../support/workspace-page";

// The dashboard worked with the keyboard alone, in a real Chromium against the production server: the
// status menu button in a row and in the record panel (an arrow key opens it and saves nothing, only
// Enter or Space on a status saves, focus stays on the button while it saves). A search that finds
// nothing, with its Clear filters: admin-empty-search.test.ts.

const PASSWORD = "correct horse battery staple";
const ME = "keys@erf.test";

let session: BrowserSession;
let server: RunningServer;
let page: Page;
/** The status saves (PATCH of a record) the page has sent. */
const saves: Request[] = [];

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  page.on("request", (request) => {
    if (
      request.method() === "PATCH" &&
      /\/api\/admin\/(leads|contacts|newsletter)\/[^/]+$/.test(new URL(request.url()).pathname)
    )
      saves.push(request);
  });
  await submitLeads(server);
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(async () => {
  await page.unrouteAll({ behavior: "wait" });
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const statusButton = (scope: Page | Locator, email: string) =>
  scope.getByRole("button", { name: `Status of ${email}:` });
const focused = (target: Page) =>
  target.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName ?? null,
      role: element?.getAttribute("role") ?? null,
      name: element?.getAttribute("aria-label") ?? null,
      // The words, not as CSS capitalises them.
      text: element?.textContent?.trim() ?? null,
      checked: element?.getAttribute("aria-checked") ?? null,
      id: element?.getAttribute("data-id") ?? null,
    };
  });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** The record's status as the server has it now. */
const storedStatus = (target: Page, id: string) =>
  target.evaluate(
    async (path) => ((await (await fetch(path)).json()) as { status: string }).status,
    `/api/admin/leads/${encodeURIComponent(id)}`,
  );

/** From a focused row, Tab goes to its box and then to its status button: focus it the way a keyboard would. */
async function tabToStatus(email: string): Promise<Locator> {
  await rowOf(page, email).focus();
  await page.keyboard.press("Tab");
  expect((await focused(page)).name).toBe(`Select ${email}`);
  await page.keyboard.press("Tab");
  const button = statusButton(leadsTable(page), email);
  expect(await isFocused(button)).toBe(true);
  return button;
}

/** Holds the record's status saves until `release` is called. */
async function holdSaves(id: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/admin/leads/${id}`, async (route) => {
    if (route.request().method() === "PATCH") await held;
    await route.fallback();
  });
  return release;
}

describe("the status menu in a row, with the keyboard only", () => {
  it("opens on ↓ from the focused, closed button and saves nothing; Escape closes it with the status unchanged", async () => {
    const lead = NEWEST_FIRST[0]!;
    // Into the table from its region, as the keyboard gets there: ↓ onto the first row.
    await leadsTable(page).focus();
    await page.keyboard.press("ArrowDown");
    const id = (await focused(page)).id!;
    expect(id).toBe(await rowOf(page, lead.email).getAttribute("data-id"));
    const button = await tabToStatus(lead.email);
    expect(await button.getAttribute("aria-haspopup")).toBe("menu");
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("menuitemradio").allTextContents()).toEqual([
      "new",
      "contacted",
      "qualified",
      "closed",
    ]);
    // Focus is on the status it has, marked as chosen.
    expect(await focused(page)).toMatchObject({ role: "menuitemradio", text: "new", checked: "true" });
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatchObject({ role: "menuitemradio", text: "contacted", checked: "false" });
    await page.keyboard.press("End");
    expect((await focused(page)).text).toBe("closed");
    await page.keyboard.press("ArrowDown");
    expect((await focused(page)).text).toBe("new");

    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(saves).toEqual([]);
    expect(await storedStatus(page, id)).toBe("new");
    expect(await rowOf(page, lead.email).locator("[data-status]").getAttribute("data-status")).toBe("new");
  });

  it("closes on Tab without saving, and focus goes on to what follows the button", async () => {
    const lead = NEWEST_FIRST[0]!;
    const button = await tabToStatus(lead.email);
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(saves).toEqual([]);
    expect(await isFocused(button)).toBe(false);
    // The next row's box: the rows themselves are one tab stop, their controls each one.
    expect((await focused(page)).name).toBe(`Select ${NEWEST_FIRST[1]!.email}`);
  });

  it("saves on Enter, keeping focus on the button, busy and refusing to open, until the answer comes", async () => {
    const lead = NEWEST_FIRST[0]!;
    const row = rowOf(page, lead.email);
    const id = (await row.getAttribute("data-id"))!;
    const release = await holdSaves(id);
    const button = await tabToStatus(lead.email);

    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect((await focused(page)).text).toBe("new");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]!.postDataJSON()).toEqual({ status: "contacted" });

    // Saving: the button keeps focus, says it is busy, and opens no menu for another change meanwhile.
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.evaluate((element) => (element as HTMLButtonElement).disabled)).toBe(false);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await isFocused(button)).toBe(true);

    release();
    expect(await waitForToast(page, "Status updated")).toContain("Status has been updated successfully");
    await expect.poll(() => button.getAttribute("aria-busy")).toBeNull();
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-label")).toBe(`Status of ${lead.email}: contacted`);
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("contacted");
    expect(await storedStatus(page, id)).toBe("contacted");
    expect(saves).toHaveLength(1);
  });

  it("opens and chooses with Space, jumps to a status by its first letter, and does not reopen", async () => {
    const lead = NEWEST_FIRST[1]!;
    const id = (await rowOf(page, lead.email).getAttribute("data-id"))!;
    const before = saves.length;
    const button = await tabToStatus(lead.email);
    await page.keyboard.press("Space");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("q");
    expect((await focused(page)).text).toBe("qualified");
    await page.keyboard.press("c");
    expect((await focused(page)).text).toBe("closed");
    await page.keyboard.press("c");
    expect((await focused(page)).text).toBe("contacted");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await waitForToast(page, "Status updated");
    expect(saves.slice(before).map((request) => request.postDataJSON())).toEqual([{ status: "qualified" }]);
    expect(await storedStatus(page, id)).toBe("qualified");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await isFocused(button)).toBe(true);
  });

  it("choosing the status it has saves nothing", async () => {
    const lead = NEWEST_FIRST[1]!;
    const before = saves.length;
    const button = await tabToStatus(lead.email);
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect((await focused(page)).text).toBe("qualified");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(await isFocused(button)).toBe(true);
    expect(saves.length).toBe(before);
  });

  it("says so when the save fails, and keeps the status and the focus", async () => {
    const lead = NEWEST_FIRST[2]!;
    const id = (await rowOf(page, lead.email).getAttribute("data-id"))!;
    await page.route(`**/api/admin/leads/${id}`, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"unavailable"}' })
        : route.fallback(),
    );
    const button = await tabToStatus(lead.email);
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await waitForToast(page, "Error")).toContain("Failed to update status");
    await expect.poll(() => button.getAttribute("aria-busy")).toBeNull();
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-label")).toBe(`Status of ${lead.email}: new`);
    expect(await storedStatus(page, id)).toBe("new");
  });
});

describe("the status menu in the record panel, with the keyboard only", () => {
  it("opens on ↓ without walking to another record, Escape closes the menu and not the panel, Enter saves and keeps focus", async () => {
    const lead = LEADS[0]!;
    const id = (await rowOf(page, lead.email).getAttribute("data-id"))!;
    await rowOf(page, lead.email).focus();
    await page.keyboard.press("Enter");
    await timeline(page).waitFor();
    expect(recordParam(page)).toBe(id);
    const sheet = panel(page);
    const button = sheet.getByRole("button", { name: /^Status:/ });

    // Tab through the panel to its status button.
    for (let presses = 0; presses < 40 && !(await isFocused(button)); presses++) await page.keyboard.press("Tab");
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-label")).toBe("Status: new");

    await page.keyboard.press("ArrowDown");
    await sheet.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    expect((await focused(page)).text).toBe("contacted");
    // The arrows were the menu's: the panel still shows the same record.
    expect(recordParam(page)).toBe(id);

    await page.keyboard.press("Escape");
    await sheet.getByRole("menu").waitFor({ state: "detached" });
    expect(await sheet.isVisible()).toBe(true);
    expect(await isFocused(button)).toBe(true);
    expect(await storedStatus(page, id)).toBe("new");

    const release = await holdSaves(id);
    const before = saves.length;
    await page.keyboard.press("Enter");
    await sheet.getByRole("menu").waitFor();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => saves.length).toBe(before + 1);
    expect(await isFocused(button)).toBe(true);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    release();
    // Said in the panel's own live region too: the page behind the panel, toasts and all, is hidden.
    await sheet.getByRole("status").filter({ hasText: "Status updated" }).waitFor();
    await expect.poll(() => button.getAttribute("aria-label")).toBe("Status: closed");
    expect(await isFocused(button)).toBe(true);
    expect(await storedStatus(page, id)).toBe("closed");
    await timeline(page).locator('li[data-kind="status-changed"]').waitFor();

    await closePanel(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id"))).toBe(id);
  });
});
