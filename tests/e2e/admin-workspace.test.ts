import { execFileSync } from "node:child_process";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { closeBrowserSession, openBrowserSession, submitAdminSignIn, waitForToast, type BrowserSession } from "../support/browser-session";
import type { RunningServer } from "../support/server";

// The lead workspace in a real Chromium against the production server: the record panel opened by a
// click, by Enter and by a link, walked with j/k; notes, owners and bulk changes; and a colleague's
// dashboard, signed in in a second browser context, seeing each change live.

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

interface Lead {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  organizationType: string;
  propertyCount: string;
  jobTitle: string;
  challenges: string;
}

const LEADS: Lead[] = ["Ama", "Bongani", "Chloe", "Dumisani", "Esther"].map((firstName, index) => ({
  firstName,
  lastName: "Workspace",
  email: `${firstName.toLowerCase()}.workspace@example.co.za`,
  phone: `082 555 010${index}`,
  companyName: `${firstName} Lettings`,
  organizationType: "investor",
  propertyCount: "11-50",
  jobTitle: "Director",
  challenges: `Late rent from ${index + 3} tenants\nand too many spreadsheets.`,
}));
// Newest first, as the table lists them.
const NEWEST_FIRST = [...LEADS].reverse();

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.apiUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.apiUrl }, body: JSON.stringify(body) });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
}

/** A second staff account, made the way an operator would (npm run admin -- create). */
function createStaff(email: string) {
  execFileSync(process.execPath, ["--import", "tsx", "server/cli/admin.ts", "create", "--email", email], {
    env: { ...process.env, DATABASE_URL: `sqlite:${server.databasePath}`, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent" },
    stdio: "pipe",
  });
}

async function signIn(target: Page, email: string) {
  await target.goto(`${server.url}/admin/login`);
  await submitAdminSignIn(target, email, PASSWORD);
  await target.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
  await target.getByText(/^Live:/).waitFor();
}

// While the panel is open, the page behind it is hidden from assistive tech (and so from role queries).
const leadsTable = (target: Page) => target.getByRole("region", { name: "Leads" });
const rowOf = (target: Page, email: string) => leadsTable(target).locator("tbody tr[data-id]", { hasText: email });
const panel = (target: Page) => target.getByRole("dialog");
const recordParam = (target: Page) => new URL(target.url()).searchParams.get("record");
const timeline = (target: Page) => panel(target).getByRole("list", { name: "Timeline entries" });

/** Opens a lead's panel by clicking its row (on the company cell, not a control) and waits for its timeline. */
async function openByClick(target: Page, email: string): Promise<Locator> {
  await rowOf(target, email).getByRole("cell").nth(3).click();
  await timeline(target).waitFor();
  return panel(target);
}

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  createStaff(COLLEAGUE);
  for (const lead of LEADS) await post("/api/leads", { type: "demo", ...lead, sourcePath: "/request-demo" });
  colleagueContext = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
  session.csp.watchContext(colleagueContext);
  colleague = await colleagueContext.newPage();
  await session.csp.watch(colleague);
  await Promise.all([signIn(page, ME), signIn(colleague, COLLEAGUE)]);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await colleagueContext?.close();
  await closeBrowserSession(session);
});

describe("the record panel", () => {
  it("opens a lead by click with every field under its label, and Back closes it", async () => {
    const lead = LEADS[0]!;
    const id = await rowOf(page, lead.email).getAttribute("data-id");
    const sheet = await openByClick(page, lead.email);
    expect(recordParam(page)).toBe(id);
    expect(await sheet.getByRole("heading", { level: 2 }).innerText()).toBe(`${lead.firstName} ${lead.lastName}`);
    // Focus is trapped in the sheet: it holds focus itself when it opens.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("dialog");

    const field = (name: string) => sheet.locator(`[data-field="${name}"] dd`);
    expect(await field("email").getByRole("link").getAttribute("href")).toBe(`mailto:${lead.email}`);
    expect(await field("phone").getByRole("link").getAttribute("href")).toBe("tel:+27825550100");
    expect(await field("phone").innerText()).toContain(`as typed: ${lead.phone}`);
    expect(await field("organizationType").innerText()).toBe("Property Investor");
    expect(await field("propertyCount").innerText()).toBe("11-50 properties");
    expect(await field("jobTitle").innerText()).toBe("Director");
    expect(await field("challenges").innerText()).toBe(lead.challenges);
    expect(await field("type").innerText()).toBe("Demo request");
    expect(await field("sourcePath").innerText()).toBe("/request-demo");
    expect(await field("botCheck").innerText()).toBe("Not checked (no reCAPTCHA key set)");
    for (const label of ["First Name", "Last Name", "Company Name", "Status", "Owner", "Created At", "Consent", "Bot Check", "Source Page"]) {
      expect(await sheet.locator("dt", { hasText: new RegExp(`^${label}$`) }).count(), label).toBe(1);
    }
    // The timeline starts with the submission: which form, which page.
    expect(await timeline(page).locator('li[data-kind="submitted"]').innerText()).toContain("Sent the demo request form");
    expect(await timeline(page).locator('li[data-kind="submitted"]').innerText()).toContain("on /request-demo");

    await page.goBack();
    await panel(page).waitFor({ state: "detached" });
    expect(recordParam(page)).toBeNull();
  });

  it("opens a lead from a link, and says so when the record no longer exists", async () => {
    const lead = LEADS[1]!;
    const id = await rowOf(page, lead.email).getAttribute("data-id");
    await page.goto(`${server.url}/admin/dashboard?tab=leads&record=${id}`);
    await timeline(page).waitFor();
    expect(await panel(page).getByRole("heading", { level: 2 }).innerText()).toBe(`${lead.firstName} ${lead.lastName}`);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
    expect(recordParam(page)).toBeNull();

    await page.goto(`${server.url}/admin/dashboard?tab=leads&record=no-such-record`);
    await panel(page).getByText("This record no longer exists").waitFor();
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
  });

  it("opens with Enter on a focused row and walks the list with j/k and the arrow keys", async () => {
    const ids = await leadsTable(page).locator("tbody tr[data-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
    await leadsTable(page).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await timeline(page).waitFor();
    expect(recordParam(page)).toBe(ids[0]);
    const heading = panel(page).getByRole("heading", { level: 2 });

    await page.keyboard.press("j");
    await expect.poll(() => recordParam(page)).toBe(ids[1]);
    await expect.poll(() => heading.innerText()).toBe(`${NEWEST_FIRST[1]!.firstName} Workspace`);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => recordParam(page)).toBe(ids[2]);
    await page.keyboard.press("k");
    await expect.poll(() => recordParam(page)).toBe(ids[1]);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => recordParam(page)).toBe(ids[0]);
    await page.keyboard.press("k");
    // The top of the list: nowhere further up.
    await expect.poll(() => recordParam(page)).toBe(ids[0]);

    // Keys typed into the note box are text, not steps.
    await panel(page).getByLabel("Add a note").fill("");
    await panel(page).getByLabel("Add a note").press("j");
    expect(recordParam(page)).toBe(ids[0]);
    await panel(page).getByLabel("Add a note").fill("");

    // Escape closes; focus goes back to the row of the record last shown.
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id"))).toBe(ids[0]);
  });

  it("has no accessibility violations axe can find, with the panel open", async () => {
    await openByClick(page, LEADS[2]!.email);
    const violations = await axeViolations(page, "[role='dialog']");
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
  });
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
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
    await expect.poll(() => rowOf(page, lead.email).locator("[data-responded]").innerText(), { timeout: LIVE_MS }).toMatch(/^responded in /);
    await expect.poll(() => page.locator('[data-count="medianFirstResponse"]').innerText(), { timeout: LIVE_MS }).not.toBe("N/A");
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
    await timeline(page).locator('li[data-kind="assigned"]', { hasText: `Assigned to ${COLLEAGUE}` }).waitFor();
    await expect.poll(() => panel(colleague).getByLabel("Owner").inputValue(), { timeout: LIVE_MS }).toBe(COLLEAGUE);
    await timeline(colleague).locator('li[data-kind="assigned"]').waitFor({ timeout: LIVE_MS });

    await page.keyboard.press("Escape");
    await colleague.keyboard.press("Escape");
    await panel(colleague).waitFor({ state: "detached" });
    // Their own table reads "You" in the Owner column.
    await expect.poll(() => rowOf(colleague, lead.email).locator("[data-owner]").innerText(), { timeout: LIVE_MS }).toBe("You");
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
    await leadsTable(page).getByRole("checkbox", { name: `Select ${range[0]!.email}` }).check();
    await leadsTable(page).getByRole("checkbox", { name: `Select ${range[2]!.email}` }).click({ modifiers: ["Shift"] });
    const bar = page.getByRole("region", { name: "Bulk actions" });
    expect(await bar.getByText("3 leads selected").count()).toBe(1);

    const bulkRequests: string[] = [];
    const count = (request: { url(): string; method(): string }) => void (request.url().includes("/bulk") && bulkRequests.push(request.method()));
    page.on("request", count);
    await bar.getByLabel("Set status").selectOption("contacted");
    await bar.getByLabel("Set owner").selectOption(ME);
    await bar.getByRole("button", { name: "Apply to 3 leads" }).click();
    expect(await waitForToast(page, "3 leads")).toContain("3 leads marked contacted and assigned to you");
    page.off("request", count);
    expect(bulkRequests).toEqual(["POST"]);
    await bar.waitFor({ state: "detached" });

    for (const lead of range) {
      await expect.poll(() => rowOf(colleague, lead.email).locator("[data-status]").getAttribute("data-status"), { timeout: LIVE_MS }).toBe("contacted");
      await expect.poll(() => rowOf(colleague, lead.email).locator("[data-owner]").innerText(), { timeout: LIVE_MS }).toBe(ME);
    }
  });

  it("selects every record matching the filter, beyond the rows loaded, for one bulk change", async () => {
    // More contact messages than the first page holds (100), so "all matching" must page through the list.
    const MESSAGES = 105;
    for (let start = 0; start < MESSAGES; start += 15) {
      await Promise.all(
        Array.from({ length: Math.min(15, MESSAGES - start) }, (_, offset) =>
          post("/api/contacts", { firstName: "Bulk", lastName: `Sender ${start + offset}`, email: `bulk.${start + offset}@example.com`, message: "Please call me back." }),
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
    await bar.getByRole("button", { name: /^Select all matching this filter/ }).click();
    await bar.getByText(`${MESSAGES} contact messages selected`).waitFor();
    await bar.getByLabel("Set owner").selectOption(COLLEAGUE);
    await bar.getByRole("button", { name: `Apply to ${MESSAGES} contact messages` }).click();
    expect(await waitForToast(page, "contact messages")).toContain(`${MESSAGES} contact messages assigned to ${COLLEAGUE}`);
    await filters.getByLabel("Status").selectOption("");
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });
});

describe("one person, one timeline", () => {
  it("badges a lead whose person sends a contact message too, live, and shows both in the panel", async () => {
    const lead = LEADS[4]!;
    await post("/api/contacts", { firstName: lead.firstName, lastName: lead.lastName, email: lead.email.toUpperCase(), message: "Following up on my demo request." });
    await expect.poll(() => rowOf(colleague, lead.email).locator("[data-person-records]").innerText(), { timeout: LIVE_MS }).toContain("2 records");

    const sheet = await openByClick(colleague, lead.email);
    const records = sheet.getByRole("list", { name: "This person's records" });
    await records.waitFor();
    expect(await records.getByRole("listitem").count()).toBe(2);
    expect(await timeline(colleague).locator('li[data-kind="submitted"]').count()).toBe(2);
    await records.getByRole("button", { name: /Contact message/ }).click();
    await expect.poll(() => new URL(colleague.url()).searchParams.get("tab")).toBe("contacts");
    await expect.poll(() => sheet.locator('[data-field="message"] dd').innerText()).toBe("Following up on my demo request.");
    await colleague.keyboard.press("Escape");
    await panel(colleague).waitFor({ state: "detached" });
  });
});
