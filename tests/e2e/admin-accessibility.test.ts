import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type AxeViolation } from "../support/axe";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { LEADS, panel, postForm, submitLeads, timeline } from "../support/workspace-page";

// axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules, and its best practices) on the staff dashboard of an
// admin, at a desktop and a phone width: every tab, a person found on the Privacy tab, the bulk bar, the
// record panel with its status menu open, a row's status menu, and a search that finds nothing. Any
// violation fails the run. The public pages: accessibility.test.ts.

const PASSWORD = "correct horse battery staple";
const ME = "axe@erf.test";
const TABS = [
  "Leads & Signups",
  "Contact Messages",
  "Newsletter",
  "Insights",
  "Privacy",
  "Audit",
  "Team",
  "Integrations",
];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  await submitLeads(server);
  await postForm(server, "/api/contacts", {
    firstName: "Axe",
    lastName: "Contact",
    email: "axe.contact@example.co.za",
    message: "Checking the contact tab.",
  });
  await postForm(server, "/api/newsletter", { email: "axe.reader@example.co.za", sourcePath: "/blog" });
  await page.setViewportSize(VIEWPORTS[0]);
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const describeViolations = (where: string, violations: AxeViolation[]) =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(", ")}`);
const leads = () => page.getByRole("region", { name: "Leads" });
/** A record tab's first record: a table row at desktop widths, a card on a phone. */
const firstRecord = (region: string) =>
  page.getByRole("region", { name: region }).locator("tbody tr[data-id], li[data-card]").first();

/** Shows a tab and waits for what it loads. */
async function showTab(name: string): Promise<void> {
  await page.getByRole("tab", { name: new RegExp(`^${name.replace(/[&()]/g, "\\$&")}`) }).click();
  const content = page.getByRole("tabpanel");
  if (name === "Leads & Signups") await firstRecord("Leads").waitFor();
  else if (name === "Contact Messages") await firstRecord("Contact messages").waitFor();
  else if (name === "Newsletter") await firstRecord("Newsletter subscribers").waitFor();
  else if (name === "Insights")
    await content.locator('section[data-chart="per-day"] [role="img"] svg').first().waitFor();
  else if (name === "Privacy") await content.getByRole("form", { name: "Find a person's data" }).waitFor();
  else if (name === "Audit")
    await content.getByRole("table", { name: "Audit entries" }).locator("tbody tr[data-action]").first().waitFor();
  else if (name === "Integrations") await content.getByRole("form", { name: "Add a webhook endpoint" }).waitFor();
  else await content.getByRole("heading", { name: "Your account" }).waitFor();
}

describe("accessibility of the dashboard (axe-core)", () => {
  for (const viewport of VIEWPORTS) {
    it(`finds no violation on any tab, the record panel, the status menu and an empty search at ${viewport.width} px`, async () => {
      await page.setViewportSize(viewport);
      const at = `@${viewport.width}`;
      const found: string[] = [];
      const check = async (where: string) =>
        found.push(...describeViolations(`${where} ${at}`, await axeViolations(page)));

      // An admin has every tab.
      const tabNames = (await page.getByRole("tab").allInnerTexts()).map((text) =>
        text.replace(/\s*\([\d\s,]+\)$/, ""),
      );
      expect(tabNames).toEqual(TABS);
      for (const name of TABS) {
        await showTab(name);
        await check(`the ${name} tab`);
      }

      await showTab("Privacy");
      await page.getByLabel("Email address of the person").fill(LEADS[0]!.email);
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByRole("region", { name: `Data held about ${LEADS[0]!.email}` }).waitFor();
      await check("the Privacy tab with a person found");

      await showTab("Leads & Signups");
      await leads()
        .getByRole("checkbox", { name: `Select ${LEADS[1]!.email}` })
        .check();
      await page.getByRole("region", { name: "Bulk actions" }).waitFor();
      await check("the leads with the bulk bar");
      await page.getByRole("button", { name: "Clear selection" }).click();

      if (viewport.width >= 768) {
        await leads()
          .getByRole("button", { name: `Status of ${LEADS[2]!.email}:` })
          .click();
        await page.getByRole("menu").waitFor();
        await check("a row's status menu, open");
        await page.keyboard.press("Escape");
        await page.getByRole("menu").waitFor({ state: "detached" });
      }

      await firstRecord("Leads").locator("td:nth-child(4), button[data-id]").first().click();
      await timeline(page).waitFor();
      await check("the record panel");
      await panel(page)
        .getByRole("button", { name: /^Status:/ })
        .click();
      await panel(page).getByRole("menu").waitFor();
      await check("the record panel with its status menu open");
      await page.keyboard.press("Escape");
      await panel(page).getByRole("menu").waitFor({ state: "detached" });
      await page.keyboard.press("Escape");
      await panel(page).waitFor({ state: "detached" });

      await page.getByRole("search", { name: "Filter leads" }).getByLabel("Search leads").fill("nobody by this name");
      await leads().getByText("No leads match your search and filters.").waitFor();
      await check("a search that finds nothing");
      await leads().getByRole("button", { name: "Clear filters" }).click();
      await firstRecord("Leads").waitFor();

      expect(found).toEqual([]);
    }, 180_000);
  }
});
