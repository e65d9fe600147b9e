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
  chooseStatus,
  closePanel,
  LEADS,
  leadsTable,
  NEWEST_FIRST,
  openByClick,
  panel,
  postForm,
  recordParam,
  rowOf,
  submitLeads,
  timeline,
} from "../support/workspace-page";

// The record panel in a real Chromium against the production server: a lead opened by a click, by
// Enter and by a link, walked with j/k, with every field and its person's timeline; a newsletter
// subscriber from its tab. Working a lead as a team (notes, owners, bulk changes, seen live by a
// colleague): admin-workspace-team.test.ts.

const PASSWORD = "correct horse battery staple";
const ME = "rep.one@erf.test";
/** "Within a second" on a quiet machine; the margin is for a busy one. */
const LIVE_MS = 3_000;

let session: BrowserSession;
let server: RunningServer;
let page: Page;

const post = (path: string, body: unknown) => postForm(server, path, body);

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
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
    for (const label of [
      "First Name",
      "Last Name",
      "Company Name",
      "Status",
      "Owner",
      "Created At",
      "Consent",
      "Bot Check",
      "Source Page",
    ]) {
      expect(await sheet.locator("dt", { hasText: new RegExp(`^${label}$`) }).count(), label).toBe(1);
    }
    // The timeline starts with the submission: which form, which page.
    expect(await timeline(page).locator('li[data-kind="submitted"]').innerText()).toContain(
      "Sent the demo request form",
    );
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
    await closePanel(page);
    expect(recordParam(page)).toBeNull();

    await page.goto(`${server.url}/admin/dashboard?tab=leads&record=no-such-record`);
    await panel(page).getByText("This record no longer exists").waitFor();
    await closePanel(page);
  });

  it("opens with Enter on a focused row and walks the list with j/k and the arrow keys", async () => {
    const ids = await leadsTable(page)
      .locator("tbody tr[data-id]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
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
    await closePanel(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id"))).toBe(ids[0]);
  });

  it("has no accessibility violations axe can find, with the panel open", async () => {
    await openByClick(page, LEADS[2]!.email);
    const violations = await axeViolations(page, "[role='dialog']");
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await closePanel(page);
  });
});

describe("one person, one timeline", () => {
  it("badges a lead whose person sends a contact message too, live, and shows both in the panel", async () => {
    const lead = LEADS[4]!;
    await post("/api/contacts", {
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email.toUpperCase(),
      message: "Following up on my demo request.",
    });
    await expect
      .poll(() => rowOf(page, lead.email).locator("[data-person-records]").innerText(), { timeout: LIVE_MS })
      .toContain("2 records");

    const sheet = await openByClick(page, lead.email);
    const records = sheet.getByRole("list", { name: "This person's records" });
    await records.waitFor();
    expect(await records.getByRole("listitem").count()).toBe(2);
    expect(await timeline(page).locator('li[data-kind="submitted"]').count()).toBe(2);
    await records.getByRole("button", { name: /Contact message/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("contacts");
    await expect
      .poll(() => sheet.locator('[data-field="message"] dd').innerText())
      .toBe("Following up on my demo request.");
    await closePanel(page);
  });
});

describe("a newsletter subscriber in the panel", () => {
  it("opens from the Newsletter tab with its fields and consent, takes a note and a status, and has no owner", async () => {
    const email = "panel.reader@example.co.za";
    await post("/api/newsletter", { email, sourcePath: "/blog" });
    await page.getByRole("tab", { name: /^Newsletter/ }).click();
    const row = page
      .getByRole("region", { name: "Newsletter subscribers" })
      .locator("tbody tr[data-id]", { hasText: email });
    const id = await row.getAttribute("data-id");
    await row.getByRole("cell").nth(2).click();
    await timeline(page).waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("newsletter");
    expect(recordParam(page)).toBe(id);
    const sheet = panel(page);
    expect(await sheet.getByRole("heading", { level: 2 }).innerText()).toBe(email);
    expect(await sheet.locator('[data-field="email"] dd').getByRole("link").getAttribute("href")).toBe(
      `mailto:${email}`,
    );
    expect(await sheet.locator('[data-field="type"] dd').innerText()).toBe("Newsletter subscription");
    expect(await sheet.locator('[data-field="consent"] dd').innerText()).toMatch(/newsletter/i);
    expect(await sheet.getByLabel("Owner").count()).toBe(0);
    expect(await timeline(page).locator('li[data-kind="submitted"]').innerText()).toContain("Sent the newsletter form");
    // A subscription keeps no page of its own: its consent says where it was given.
    expect(await timeline(page).locator('li[data-kind="consent-given"]').innerText()).toContain("/blog");

    await sheet.getByLabel("Add a note").fill("Asked by phone to stay on the list.");
    await sheet.getByRole("button", { name: "Add note" }).click();
    await waitForToast(page, "Note added");
    await timeline(page).locator('li[data-kind="note"]', { hasText: "Asked by phone to stay on the list." }).waitFor();

    await chooseStatus(sheet, /^Status:/, "unsubscribed");
    await waitForToast(page, "Status updated");
    await timeline(page).locator('li[data-kind="status-changed"]').waitFor();
    await timeline(page).locator('li[data-kind="consent-withdrawn"]').waitFor();
    await closePanel(page);
    await expect.poll(() => row.locator("[data-status]").getAttribute("data-status")).toBe("unsubscribed");
    await page.getByRole("tab", { name: /^Leads/ }).click();
  });
});
