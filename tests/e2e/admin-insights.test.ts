import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { LEADS, postForm, submitLeads } from "../support/workspace-page";

// The Insights tab in a real Chromium against the production server: every chart drawn (Observable
// Plot's SVG, loaded with the tab), each with its summary and its table, the range and owner controls,
// and no accessibility violation axe can find.

const PASSWORD = "correct horse battery staple";
const ME = "insights.admin@erf.test";
const CHARTS = ["per-day", "by-source", "funnel", "response-week", "response-owner", "organizations"];

let session: BrowserSession;
let server: RunningServer;
let page: Page;

const chart = (id: string) => page.locator(`section[data-chart="${id}"]`);

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  await submitLeads(server);
  await postForm(server, "/api/leads", {
    type: "demo",
    ...LEADS[0]!,
    email: "sourced@example.co.za",
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "nov",
    sourcePath: "/request-demo",
  });
  await postForm(server, "/api/contacts", {
    firstName: "Naledi",
    lastName: "Mokoena",
    email: "naledi@example.co.za",
    message: "Please call me about 40 units in Sandton.",
  });
  await signInToDashboard(page, server, ME, PASSWORD);
  // One lead answered, so the first-response charts have something to draw.
  await page
    .getByRole("region", { name: "Leads" })
    .locator("tbody tr[data-id]")
    .first()
    .getByRole("button", { name: /^Status of/ })
    .click();
  await page.getByRole("menuitemradio", { name: "contacted", exact: true }).click();
  await page.getByText("Status updated").first().waitFor();
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

describe("the Insights tab", () => {
  it("draws every chart with its summary and a table of its numbers", async () => {
    await page.getByRole("tab", { name: "Insights" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^Showing / })
      .waitFor();
    for (const id of CHARTS) {
      const section = chart(id);
      await section.locator('[role="img"] svg').first().waitFor();
      expect((await section.locator("[data-summary]").innerText()).length, id).toBeGreaterThan(10);
      await section.getByText("Show the data table").click();
      expect(await section.locator("table tbody tr").count(), id).toBeGreaterThan(0);
    }
    expect(await chart("per-day").locator("[data-summary]").innerText()).toBe(
      "7 records, none in the previous 90 days",
    );
    expect(await chart("by-source").locator("table").innerText()).toMatch(/newsletter\s+email\s+1/);
    expect(await chart("funnel").locator("[data-summary]").innerText()).toBe(
      "14% of 7 leads and contacts are past new; 0% qualified or closed",
    );
    expect(await chart("organizations").locator("table").innerText()).toContain("Property Investor");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("follows the owner filter, and refuses a range that ends before it starts", async () => {
    const controls = page.getByRole("form", { name: "Insights range" });
    await controls.getByLabel("Owner").selectOption("none");
    await page.getByRole("status").filter({ hasText: "one owner's leads and contacts" }).waitFor();
    await expect
      .poll(() => chart("per-day").locator("[data-summary]").innerText())
      .toBe("7 records, none in the previous 90 days");

    const from = controls.getByLabel("From");
    await from.fill("2099-01-01");
    await page.getByText("Must not be before from").waitFor();
    expect(await controls.getByLabel("To").getAttribute("aria-invalid")).toBe("true");
    expect(await controls.getByRole("button", { name: "Show" }).isDisabled()).toBe(true);
  });
});
