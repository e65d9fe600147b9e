import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../../src/config/public-paths";
import { usePagePerTest } from "../support/page-per-test";

const site = usePagePerTest();

// The words each page must show (docs/product.md, "Pages").
const KEY_CONTENT: Record<string, string[]> = {
  "/": ["300%", "15 hrs", "23%", "95%", "1,247", "98.7%", "4.8", "12 days", "Watch Demo"],
  "/about": ["Founder"],
  "/property-management": ["Property Management"],
  "/hoa": ["Book a Demo", "Explore HOA Features"],
  "/landlords": ["Landlords"],
  "/faqs": ["General", "Pricing & Plans", "Features & Functionality", "Security & Support"],
  "/contact": ["SAST 6am - 8pm support 24hrs"],
  "/signup": [
    "Quick Setup",
    "No Commitments",
    "Enterprise Security",
    "Tell Us About Your Business",
    "Get My Custom Quote",
  ],
  "/request-demo": ["Schedule Your Demo", "Request Demo"],
  "/privacy": ["POPIA", "Information Regulator"],
  "/terms": ["Terms"],
};

describe("public pages", () => {
  it("serves every public page as real HTML with its own title, description and canonical URL", async () => {
    const titles = new Set<string>();
    for (const path of PUBLIC_PATHS) {
      const response = await fetch(`${site.server.apiUrl}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html, path).toMatch(/<link rel="canonical" href="https:\/\/[^"]+"/);
      expect(html, path).toContain('property="og:title"');
      // Readable without JavaScript: the words are in the HTML itself.
      for (const text of KEY_CONTENT[path] ?? [])
        expect(html.replaceAll("&amp;", "&"), `${path} ${text}`).toContain(text);
      // Public pages carry no admin or Firebase code.
      expect(html, path).not.toMatch(/admin-dashboard|firebase/i);
    }
    expect(titles.size).toBe(PUBLIC_PATHS.length);
  });

  it("renders each page in the browser with its key content and the footer", async () => {
    for (const path of PUBLIC_PATHS) {
      await site.page.goto(`${site.server.url}${path}`);
      expect(await site.page.locator("h1").count(), path).toBe(1);
      const body = await site.page.locator("body").innerText();
      for (const text of KEY_CONTENT[path] ?? []) expect(body, `${path} ${text}`).toContain(text);
      const footer = site.page.getByRole("contentinfo");
      expect(await footer.getByRole("link", { name: "Admin Login" }).getAttribute("href"), path).toBe("/admin/login");
      expect(await footer.innerText(), path).toContain("2024");
    }
  });

  it("asks for its JavaScript only once the first contentful paint is on screen", async () => {
    await site.page.goto(site.server.url);
    // The scripts come after the paint; on a loaded machine (a CI run) later than the poll's default second.
    await expect
      .poll(
        () =>
          site.page.evaluate(
            () => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).length,
          ),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(3);
    const { firstPaint, firstScript } = await site.page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      firstScript: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstPaint).toBeLessThan(Infinity);
    expect(firstScript).toBeGreaterThanOrEqual(firstPaint);
  });

  it("answers an unknown path with HTTP 404 and the 404 page", async () => {
    const response = await site.page.goto(`${site.server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await site.page.getByText("Oops! Page not found").isVisible()).toBe(true);
    expect(await site.page.getByText("404", { exact: true }).first().isVisible()).toBe(true);
    await site.page.getByRole("link", { name: /home/i }).first().click();
    await site.page.waitForURL(`${site.server.url}/`);
  });

  it("serves robots.txt that keeps crawlers out of /admin, and a sitemap of every public page", async () => {
    const robots = await (await fetch(`${site.server.apiUrl}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/admin/);
    const sitemap = await (await fetch(`${site.server.apiUrl}/sitemap.xml`)).text();
    for (const path of PUBLIC_PATHS) expect(sitemap).toContain(`${path === "/" ? "" : path}</loc>`);
  });
});

describe("navigation", () => {
  it("opens the mobile drawer, closes it on Escape, and closes it when a link is chosen", async () => {
    await site.page.setViewportSize({ width: 390, height: 844 });
    await site.page.goto(site.server.url);
    await site.page.getByRole("button", { name: "Open menu" }).click();
    const drawer = site.page.getByRole("dialog");
    await drawer.waitFor();
    expect(await drawer.getByRole("link", { name: "Get Started" }).isVisible()).toBe(true);
    await site.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    await site.page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "About" }).click();
    await site.page.waitForURL(`${site.server.url}/about`);
    await drawer.waitFor({ state: "hidden" });
  });

  it("opens and closes the mobile drawer before the page has hydrated, without JavaScript", async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const plain = await noScript.newPage();
      await plain.goto(site.server.url);
      const drawer = plain.getByRole("dialog");
      await plain.getByRole("button", { name: "Open menu" }).click();
      await drawer.waitFor();
      await drawer.getByRole("button", { name: "Close menu" }).click();
      await drawer.waitFor({ state: "hidden" });
      await plain.getByRole("button", { name: "Open menu" }).click();
      await drawer.getByRole("link", { name: "Contact" }).click();
      await plain.waitForURL(`${site.server.url}/contact`);
      expect(await plain.getByRole("dialog").count()).toBe(0);
    } finally {
      await noScript.close();
    }
  });

  it("shows every link inline on a wide screen, with Get Started leading to /signup", async () => {
    await site.page.goto(site.server.url);
    const nav = site.page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "About", "Property Management", "HOA", "Landlords", "Contact"]) {
      expect(await nav.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    await site.page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await site.page.waitForURL(`${site.server.url}/signup`);
  });

  it("scrolls to the top on a route change", async () => {
    await site.page.goto(site.server.url);
    await site.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await site.page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await site.page.waitForURL(`${site.server.url}/about`);
    await expect.poll(() => site.page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  });

  it("sends HOA visitors to the demo form and to the features section", async () => {
    await site.page.goto(`${site.server.url}/hoa`);
    await site.page.getByRole("link", { name: "Explore HOA Features" }).first().click();
    await expect
      .poll(() =>
        site.page.evaluate(() => document.getElementById("hoa-features")?.getBoundingClientRect().top ?? 9999),
      )
      .toBeLessThan(200);
    await site.page.getByRole("link", { name: "Book a Demo" }).first().click();
    await site.page.waitForURL(`${site.server.url}/request-demo`);
  });
});

describe("promo card", () => {
  it("appears past 800 px of scroll and stays dismissed for the session", async () => {
    await site.page.goto(site.server.url);
    const promo = site.page.getByRole("complementary", { name: "Special offer" });
    expect(await promo.isVisible()).toBe(false);
    await site.page.evaluate(() => window.scrollTo({ top: 900, behavior: "instant" }));
    await promo.waitFor({ state: "visible" });
    expect(await promo.getByRole("link", { name: /Start Free/ }).getAttribute("href")).toBe("/signup");
    await promo.getByRole("button", { name: "Dismiss promotion" }).click();
    await promo.waitFor({ state: "hidden" });
    await site.page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await site.page.evaluate(() => window.scrollTo({ top: 1200, behavior: "instant" }));
    await site.page.waitForTimeout(300);
    expect(await promo.isVisible()).toBe(false);
    await site.page.reload();
    await site.page.evaluate(() => window.scrollTo({ top: 1200, behavior: "instant" }));
    await site.page.waitForTimeout(300);
    expect(await promo.isVisible()).toBe(false);
  });
});

describe("FAQ", () => {
  it("filters questions as you type, says when nothing matches, and opens one answer at a time", async () => {
    await site.page.goto(`${site.server.url}/faqs`);
    const questions = site.page.locator("main details");
    const all = await questions.count();
    expect(all).toBe(12);
    const isOpen = (index: number) => questions.nth(index).evaluate((item) => (item as HTMLDetailsElement).open);

    const search = site.page.getByLabel("Search FAQs");
    await search.fill("credit card");
    await expect.poll(() => questions.count()).toBeLessThan(all);
    expect(await questions.count()).toBeGreaterThan(0);
    await search.fill("zzzz no such words");
    await site.page.getByText(/No questions match/).waitFor();
    expect(await questions.count()).toBe(0);
    await search.fill("");
    await expect.poll(() => questions.count()).toBe(all);

    await questions.nth(0).locator("summary").click();
    expect(await isOpen(0)).toBe(true);
    expect(await questions.nth(0).locator("p").isVisible()).toBe(true);
    await questions.nth(4).locator("summary").click();
    expect(await isOpen(4)).toBe(true);
    expect(await isOpen(0)).toBe(false);
  });

  it("opens an answer before the page has hydrated, without JavaScript", async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${site.server.url}/faqs`);
      const first = plain.locator("main details").first();
      const answer = first.locator("p");
      expect(await answer.isVisible()).toBe(false);
      await first.locator("summary").click();
      expect(await answer.isVisible()).toBe(true);
    } finally {
      await noScript.close();
    }
  });
});
