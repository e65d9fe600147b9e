import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "../../src/domain/csv-columns";
import {
  closeBrowserSession,
  openBrowserSession,
  submitAdminSignIn,
  submitDemoRequest,
  waitForToast as lastToast,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { submitPassword } from "../support/team";

const ADMIN = { email: "staff@erf.test", password: "correct horse battery staple" };

let session: BrowserSession;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ server, context, page } = session);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(() => closeBrowserSession(session));

const signIn = (password: string) => submitAdminSignIn(page, ADMIN.email, password);

async function submitDemo(other: Page, email: string) {
  await other.goto(`${server.url}/request-demo`);
  await submitDemoRequest(other, {
    firstName: "Live",
    lastName: "Lead",
    email,
    phone: "021 555 0100",
    companyName: "=Formula Estates",
    organizationType: "hoa",
    propertyCount: "11-50",
  });
  expect(await lastToast(other)).toContain("Demo requested successfully!");
}

describe("staff journey", () => {
  it("sends a signed-out visitor of the dashboard to the login page", async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  });

  it("refuses a wrong password with the Login failed toast", async () => {
    // The password alone: waiting to be asked for a code (signIn) could outlast the toast.
    await submitPassword(page, server.url, { email: ADMIN.email, password: "not the password at all" });
    const text = await lastToast(page);
    expect(text).toContain("Login failed");
    expect(text).toContain("invalid-credential");
    expect(page.url()).toContain("/admin/login");
  });

  it("signs in and lands on the dashboard", async () => {
    await signIn(ADMIN.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    expect(await lastToast(page)).toContain("Login successful");
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
    for (const label of ["Total Leads", "New Leads", "Signups", "Demo Requests", "Newsletter"]) {
      expect(await page.getByRole("list", { name: "Counts" }).getByText(label, { exact: true }).isVisible()).toBe(true);
    }
  });

  it("shows a demo request submitted elsewhere live, at the top, with the counts following", async () => {
    await page.getByText(/^Live:/).waitFor();
    const demoCount = page.locator('[data-count="demoRequests"]');
    const before = Number(await demoCount.innerText());
    const other = await context.newPage();
    await submitDemo(other, "live.lead@example.com");
    await other.close();

    const firstRow = page.getByRole("region", { name: "Leads" }).locator("tbody tr[data-id]").first();
    await expect.poll(() => firstRow.innerText(), { timeout: 5_000 }).toContain("live.lead@example.com");
    await expect.poll(() => demoCount.innerText(), { timeout: 5_000 }).toBe(String(before + 1));
  });

  it("changes a status with a toast and a new badge", async () => {
    await page.getByRole("button", { name: "Status of live.lead@example.com" }).click();
    await page.getByRole("menuitemradio", { name: "contacted" }).click();
    await page.locator("li[data-variant]", { hasText: "Status updated" }).waitFor();
    const row = page.locator("tbody tr[data-id]", { hasText: "live.lead@example.com" });
    await expect.poll(() => row.locator("[data-status]").getAttribute("data-status")).toBe("contacted");
  });

  it("downloads the CSV export", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^erf-data-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    const row = lines.find((line) => line.includes("live.lead@example.com"));
    expect(row).toContain("Live Lead,live.lead@example.com,021 555 0100,'=Formula Estates,demo,contacted,");
  });

  it("stays signed in across a reload", async () => {
    await page.reload();
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
    expect(page.url()).toBe(`${server.url}/admin/dashboard`);
  });

  it("logs out to the home page, after which the dashboard asks for sign-in again", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login/);
  });
});
