import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import { openByClick, panel } from "../support/workspace-page";

// Attribution without tracking cookies, in a real Chromium: a visitor lands from a campaign link on
// another site, browses two pages, signs up, and staff see where the lead came from in its panel. No
// cookie is ever set for the visitor, and nothing is sent before the form is.

const PASSWORD = "correct horse battery staple";
const ME = "marketing@erf.test";
const REFERRER = "https://news.example.org/issues/12?ref=erf";

let session: BrowserSession;
let visitor: { context: BrowserContext; page: Page };
const apiRequests: string[] = [];

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/"))
      apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  visitor = { context, page };
});

afterAll(async () => {
  await visitor?.context.close();
  await closeBrowserSession(session);
});

const firstTouch = (page: Page) => page.evaluate(() => window.sessionStorage.getItem("erf-first-touch"));

async function signUp(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Signup form" });
  await form.getByLabel("First Name").fill("Lindiwe");
  await form.getByLabel("Last Name").fill("Sithole");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByLabel("Company Name").fill("Umhlanga Lettings");
  await form.getByLabel("Organization Type").selectOption("landlord");
  await form.getByLabel("Number of Properties").selectOption("6-20");
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole("button", { name: "Get My Custom Quote" }).click();
  await waitForToast(page, "We'll contact you soon");
}

describe("where a lead came from", () => {
  it("keeps the landing page's campaign through two more pages into the signup, with no cookie and nothing sent before", async () => {
    const { page, context } = visitor;
    const { url } = session.server;
    await page.goto(`${url}/?utm_source=Newsletter&utm_campaign=nov&gclid=abc123`, { referer: REFERRER });
    await expect.poll(() => firstTouch(page), { timeout: 15_000 }).not.toBeNull();
    expect(JSON.parse((await firstTouch(page))!)).toEqual({
      utmSource: "newsletter",
      utmMedium: "",
      utmCampaign: "nov",
      utmTerm: "",
      utmContent: "",
      clickId: "gclid",
      referrerOrigin: "https://news.example.org",
      landingPath: "/",
    });
    expect(await context.cookies()).toEqual([]);

    // Two more pages: one by a link in the page, one typed in (a fresh page load of the same tab).
    await page.getByRole("navigation").getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL(`${url}/about`);
    await page.goto(`${url}/faqs`);
    expect(await context.cookies()).toEqual([]);
    await page.goto(`${url}/signup`);
    // The first touch stays the landing page's, not this page's.
    expect(JSON.parse((await firstTouch(page))!)).toMatchObject({ landingPath: "/", utmSource: "newsletter" });
    expect(apiRequests).toEqual([]);

    await signUp(page, "lindiwe@example.com");
    expect(apiRequests).toEqual(["POST /api/leads"]);
    expect(await context.cookies()).toEqual([]);
  });

  it("shows staff the source in the record panel, under Source", async () => {
    const { page, server } = session;
    await signInToDashboard(page, server, ME, PASSWORD);
    const sheet = await openByClick(page, "lindiwe@example.com");
    const source = sheet.getByRole("region", { name: "Source" });
    expect(await source.count()).toBe(1);
    const field = (name: string) => source.locator(`[data-field="${name}"] dd`);
    expect(await field("utmSource").innerText()).toBe("newsletter");
    expect(await field("utmCampaign").innerText()).toBe("nov");
    expect(await field("clickId").innerText()).toBe("gclid");
    expect(await field("referrerOrigin").innerText()).toBe("https://news.example.org");
    expect(await field("landingPath").innerText()).toBe("/");
    expect(await field("sourcePath").innerText()).toBe("/signup");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
  });

  it("finds it with the Campaign filters, and leaves a lead without a source out", async () => {
    const { context } = visitor;
    // A second visit in a new tab of its own, straight to the form: no campaign.
    const plain = await context.newPage();
    await plain.goto(`${session.server.url}/signup`);
    await expect.poll(() => firstTouch(plain), { timeout: 15_000 }).not.toBeNull();
    await signUp(plain, "direct@example.com");
    await plain.close();

    const staff = session.page;
    const leads = staff.getByRole("region", { name: "Leads" });
    await leads.getByText("direct@example.com").waitFor();
    const filters = staff.getByRole("search", { name: "Filter leads" });
    await filters.getByText("Campaign filters", { exact: true }).click();
    await filters.getByLabel("Source", { exact: true }).fill("NEWSLETTER");
    await expect.poll(() => leads.locator("tbody tr[data-id]").count(), { timeout: 10_000 }).toBe(1);
    expect(await leads.locator("tbody tr[data-id]").first().innerText()).toContain("lindiwe@example.com");
  });
});
