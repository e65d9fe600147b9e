import { describe, expect, it } from "vitest";
import { NOT_FOUND_PRERENDER_PATH, PUBLIC_PATHS } from "../../src/config/public-paths";
import { FORM_KINDS, sentPath } from "../../src/domain/html-forms";
import { axeViolations, type AxeViolation } from "../support/axe";
import { usePagePerTest } from "../support/page-per-test";

// axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules, and its best practices) on every public page, hydrated,
// at a desktop and a phone width, and on the states the forms and the promo card add to a page: any
// violation fails the run.

const site = usePagePerTest();

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const PAGES = [...PUBLIC_PATHS, ...FORM_KINDS.map(sentPath), NOT_FOUND_PRERENDER_PATH];

const describeViolations = (where: string, violations: AxeViolation[]) =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(", ")}`);

describe("accessibility (axe-core)", () => {
  for (const viewport of VIEWPORTS) {
    it(`finds no violation on any public page at ${viewport.width} px`, async () => {
      await site.page.setViewportSize(viewport);
      const found: string[] = [];
      for (const path of PAGES) {
        await site.page.goto(`${site.server.url}${path}`, { waitUntil: "networkidle" });
        found.push(...describeViolations(`${path} @${viewport.width}`, await axeViolations(site.page)));
      }
      expect(found).toEqual([]);
    }, 180_000);

    it(`finds none on the home page with the promo card showing, and on forms showing their errors, at ${viewport.width} px`, async () => {
      await site.page.setViewportSize(viewport);
      await site.page.goto(site.server.url, { waitUntil: "networkidle" });
      await site.page.evaluate(() => window.scrollTo({ top: 900, behavior: "instant" }));
      const card = site.page.getByRole("complementary", { name: "Special offer" });
      await card.waitFor();
      // It fades in: colours read while that runs are colours in between (a CI run read its button's so).
      await card.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      const found = describeViolations(`/ with the promo card @${viewport.width}`, await axeViolations(site.page));

      for (const [path, name, button] of [
        ["/contact", "Contact form", "Send Message"],
        ["/signup", "Signup form", "Get My Custom Quote"],
        ["/request-demo", "Demo request form", "Request Demo"],
      ] as const) {
        await site.page.goto(`${site.server.url}${path}`, { waitUntil: "networkidle" });
        const form = site.page.getByRole("form", { name });
        await expect
          .poll(() => form.evaluate((element) => (element as HTMLFormElement).noValidate), { timeout: 15_000 })
          .toBe(true);
        await form.getByRole("button", { name: button }).click();
        await form.locator('[aria-invalid="true"]').first().waitFor();
        found.push(...describeViolations(`${path} with its errors @${viewport.width}`, await axeViolations(site.page)));
      }
      expect(found).toEqual([]);
    }, 120_000);
  }

  it("finds none on a form the server shows again, filled in with its errors, to a browser without JavaScript", async () => {
    // The page exactly as the server answers a form posted without JavaScript...
    const body = new URLSearchParams({
      form: "contact",
      firstName: "Axe",
      lastName: "Check",
      email: "axe@example",
      phone: "12",
      message: "Checking the refilled page.",
      website: "",
    }).toString();
    const answer = await fetch(`${site.server.apiUrl}/api/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.server.apiUrl },
      body,
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    // ...shown as such a browser shows it: its scripts never run (axe itself runs through DevTools, which a
    // context with JavaScript off would refuse too, so the page's own scripts are held back instead).
    await site.page.route("**/assets/*.js", (route) => route.abort());
    await site.page.route(`${site.server.url}/refilled`, (route) =>
      route.fulfill({ status: 400, contentType: "text/html", body: html }),
    );
    await site.page.goto(`${site.server.url}/refilled`);
    expect(await site.page.getByText("Enter a valid phone number").isVisible()).toBe(true);
    expect(await site.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    expect(describeViolations("refilled /contact", await axeViolations(site.page))).toEqual([]);
  });
});
