import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeBrowserSession,
  createStaffAccount,
  openBrowserSession,
  openSecondBrowser,
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
  openByClick,
  panel,
  postForm,
  rowOf,
  submitLeads,
  timeline,
} from "../support/workspace-page";

// Working a lead as a team in a real Chromium against the production server: notes, owners, bulk
// changes and the audit log, with a colleague's dashboard, signed in in a second browser context,
// seeing each change live. The record panel itself: admin-workspace.test.ts.

const PASSWORD = "correct horse battery staple";
const ME = "rep.one@erf.test";
const COLLEAGUE = "rep.two@erf.test";
/** "Within a second" on a quiet machine; the margin is for a busy one. */
const LIVE_MS = 3_000;

let session: BrowserSession;
let server: RunningServer;
let page: Page;
let colleagueContext: BrowserContext;
let colleague: Page;

const post = (path: string, body: unknown) => postForm(server, path, body);

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  await createStaffAccount(server, COLLEAGUE, PASSWORD);
  await submitLeads(server);
  ({ context: colleagueContext, page: colleague } = await openSecondBrowser(session));
  await Promise.all([
    signInToDashboard(page, server, ME, PASSWORD),
    signInToDashboard(colleague, server, COLLEAGUE, PASSWORD),
  ]);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await colleagueContext?.close();
  await closeBrowserSession(session);
});

describe("working a lead as a team", () => {
  const lead = LEADS[3]!;

  it("adds a note, which a colleague's open panel shows live, and the speed-to-lead clock records the answer", async () => {
    await openByClick(colleague, lead.email);
    const sheet = await openByClick(page, lead.email);
    const note = "Called: wants a demo on Friday at 10.";
    const box = sheet.getByLabel("Add a note");
    await box.fill(note);
    expect(await sheet.getByText(`${note.length} / `).count()).toBe(1);
    await sheet.getByRole("button", { name: "Add note" }).click();
    await waitForToast(page, "Note added");
    expect(await box.inputValue()).toBe("");
    const mine = timeline(page).locator('li[data-kind="note"]', { hasText: note });
    await mine.waitFor();
    expect(await mine.innerText()).toContain("Note by you");

    // The colleague's panel: the note, with its author, within a second or so.
    const theirs = timeline(colleague).locator('li[data-kind="note"]', { hasText: note });
    await theirs.waitFor({ timeout: LIVE_MS });
    expect(await theirs.innerText()).toContain(`Note by ${ME}`);
    // Only the author may delete it.
    expect(await theirs.getByRole("button", { name: "Delete" }).count()).toBe(0);

    // A first note is a first response: the table says how fast it came.
    await closePanel(page);
    await expect
      .poll(() => rowOf(page, lead.email).locator("[data-responded]").innerText(), { timeout: LIVE_MS })
      .toMatch(/^responded in /);
    await expect
      .poll(() => page.locator('[data-count="medianFirstResponse"]').innerText(), { timeout: LIVE_MS })
      .not.toBe("N/A");
  });

  it("lets the author delete their note within 15 minutes, leaving 'Note deleted' on the timeline", async () => {
    const sheet = await openByClick(page, lead.email);
    const note = timeline(page).locator('li[data-kind="note"]').first();
    await note.getByRole("button", { name: "Delete" }).click();
    await note.getByRole("button", { name: "Delete note" }).click();
    await waitForToast(page, "Note deleted");
    await timeline(page).locator('li[data-kind="note-deleted"]').waitFor();
    expect(await timeline(page).locator('li[data-kind="note"]').count()).toBe(0);
    await timeline(colleague).locator('li[data-kind="note-deleted"]').waitFor({ timeout: LIVE_MS });
    expect(await sheet.isVisible()).toBe(true);
  });

  it("assigns the lead to a colleague, whose table and panel show it live, and whose Mine filter finds it", async () => {
    const sheet = panel(page);
    await sheet.getByLabel("Owner").selectOption(COLLEAGUE);
    await waitForToast(page, `Assigned to ${COLLEAGUE}`);
    await timeline(page)
      .locator('li[data-kind="assigned"]', { hasText: `Assigned to ${COLLEAGUE}` })
      .waitFor();
    await expect.poll(() => panel(colleague).getByLabel("Owner").inputValue(), { timeout: LIVE_MS }).toBe(COLLEAGUE);
    await timeline(colleague).locator('li[data-kind="assigned"]').waitFor({ timeout: LIVE_MS });

    await page.keyboard.press("Escape");
    await closePanel(colleague);
    // Their own table reads "You" in the Owner column.
    await expect
      .poll(() => rowOf(colleague, lead.email).locator("[data-owner]").innerText(), { timeout: LIVE_MS })
      .toBe("You");
    await expect.poll(() => rowOf(page, lead.email).locator("[data-owner]").innerText()).toBe(COLLEAGUE);

    await colleague.getByRole("search", { name: "Filter leads" }).getByLabel("Owner").selectOption("me");
    await expect.poll(() => leadsTable(colleague).locator("tbody tr[data-id]").count()).toBe(1);
    expect(await leadsTable(colleague).locator("tbody tr[data-id]").innerText()).toContain(lead.email);
    await colleague.getByRole("search", { name: "Filter leads" }).getByLabel("Owner").selectOption("none");
    await expect.poll(() => leadsTable(colleague).locator("tbody tr[data-id]").count()).toBe(LEADS.length - 1);
    await colleague.getByRole("search", { name: "Filter leads" }).getByLabel("Owner").selectOption("");
    await expect.poll(() => leadsTable(colleague).locator("tbody tr[data-id]").count()).toBe(LEADS.length);
  });

  it("changes the status of a shift-clicked range in one request, with one toast, seen live by the colleague", async () => {
    const range = NEWEST_FIRST.slice(0, 3);
    await leadsTable(page)
      .getByRole("checkbox", { name: `Select ${range[0]!.email}` })
      .check();
    await leadsTable(page)
      .getByRole("checkbox", { name: `Select ${range[2]!.email}` })
      .click({ modifiers: ["Shift"] });
    const bar = page.getByRole("region", { name: "Bulk actions" });
    expect(await bar.getByText("3 leads selected").count()).toBe(1);

    const bulkRequests: string[] = [];
    const count = (request: { url(): string; method(): string }) =>
      void (request.url().includes("/bulk") && bulkRequests.push(request.method()));
    page.on("request", count);
    await bar.getByLabel("Set status").selectOption("contacted");
    await bar.getByLabel("Set owner").selectOption(ME);
    await bar.getByRole("button", { name: "Apply to 3 leads" }).click();
    expect(await waitForToast(page, "3 leads")).toContain("3 leads marked contacted and assigned to you");
    page.off("request", count);
    expect(bulkRequests).toEqual(["POST"]);
    await bar.waitFor({ state: "detached" });

    for (const lead of range) {
      await expect
        .poll(() => rowOf(colleague, lead.email).locator("[data-status]").getAttribute("data-status"), {
          timeout: LIVE_MS,
        })
        .toBe("contacted");
      await expect
        .poll(() => rowOf(colleague, lead.email).locator("[data-owner]").innerText(), { timeout: LIVE_MS })
        .toBe(ME);
    }
  });

  it("shows the notes, assignments and bulk changes in the audit log, each labelled and read as a sentence", async () => {
    const assignedId = await rowOf(page, lead.email).getAttribute("data-id");
    const bulkId = await rowOf(page, NEWEST_FIRST[0]!.email).getAttribute("data-id");
    await page.getByRole("tab", { name: "Audit" }).click();
    const entries = page.getByRole("table", { name: "Audit entries" });
    const row = (action: string, text: string) => entries.locator(`tr[data-action="${action}"]`, { hasText: text });
    await row("record.owner", `Lead ${assignedId}: unassigned → ${COLLEAGUE}`).waitFor();
    expect(await row("record.owner", `Lead ${assignedId}: unassigned → ${COLLEAGUE}`).innerText()).toMatch(
      new RegExp(`${ME}\\s+Changed an owner`),
    );
    expect(await row("note.add", `on lead ${assignedId}`).innerText()).toContain("Added a note");
    expect(await row("note.delete", `on lead ${assignedId}`).innerText()).toContain("Deleted a note");
    expect(await row("record.status", `Lead ${bulkId}: new → contacted (bulk change)`).innerText()).toContain(
      "Changed a status",
    );
    expect(await row("record.owner", `Lead ${bulkId}: unassigned → ${ME} (bulk change)`).count()).toBe(1);
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });

  it("selects every record matching the filter, beyond the rows loaded, for one bulk change", async () => {
    // More contact messages than the first page holds (100), so "all matching" must page through the list.
    const MESSAGES = 105;
    for (let start = 0; start < MESSAGES; start += 15) {
      await Promise.all(
        Array.from({ length: Math.min(15, MESSAGES - start) }, (_, offset) =>
          post("/api/contacts", {
            firstName: "Bulk",
            lastName: `Sender ${start + offset}`,
            email: `bulk.${start + offset}@example.com`,
            message: "Please call me back.",
          }),
        ),
      );
    }
    await page.reload();
    await page.getByRole("tab", { name: /^Contact Messages/ }).click();
    const filters = page.getByRole("search", { name: "Filter contacts" });
    await filters.getByLabel("Status").selectOption("new");
    const table = page.getByRole("region", { name: "Contact messages" });
    await expect.poll(() => table.locator("tbody tr[data-id]").count()).toBeGreaterThan(0);
    await table.getByRole("checkbox", { name: "Select all shown contact messages" }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    // The bar counts the matches first (the list holds only the first 100).
    await bar.getByRole("button", { name: `Select all ${MESSAGES} matching` }).click();
    await bar.getByText(`${MESSAGES} contact messages selected`).waitFor();
    await bar.getByLabel("Set owner").selectOption(COLLEAGUE);
    await bar.getByRole("button", { name: `Apply to ${MESSAGES} contact messages` }).click();
    expect(await waitForToast(page, "contact messages")).toContain(
      `${MESSAGES} contact messages assigned to ${COLLEAGUE}`,
    );
    await filters.getByLabel("Status").selectOption("");
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });
});
