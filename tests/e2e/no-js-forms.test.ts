import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NOT_FOUND_PRERENDER_PATH, PUBLIC_PATHS } from "../../src/config/public-paths";
import { FORM_ID_FIELD, FORM_KINDS, HTML_FORMS, sentPath, type HtmlFormId } from "../../src/domain/html-forms";
import { readRows } from "../support/database";
import { usePagePerTest } from "../support/page-per-test";

// The public forms as a visitor without JavaScript (or before it has loaded) sends them: in Chromium with
// JavaScript off, each form posts to its route, is stored, and lands on its result page; a correction
// comes back as the same form, filled in, with the error beside its field; nothing typed is ever in a URL.

const site = usePagePerTest();
let plain: BrowserContext;
let page: Page;
/** Every URL the no-script browser asked for in this test. */
let urls: string[];

beforeEach(async () => {
  plain = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  page = await plain.newPage();
  urls = [];
  plain.on("request", (request) => urls.push(request.url()));
});

afterEach(async () => {
  await plain.close();
});

/** No URL asked for carried a query string or any of `typed` (raw or encoded). */
function expectNothingInUrls(typed: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(new URL(url).search, url).toBe("");
    for (const value of typed) {
      expect(url, value).not.toContain(value);
      expect(url, value).not.toContain(encodeURIComponent(value));
    }
  }
}

async function expectSent(kind: (typeof FORM_KINDS)[number], title: string) {
  await page.waitForURL(`${site.server.url}${sentPath(kind)}`);
  expect(await page.locator("h1").innerText()).toContain(title);
}

describe("every public form", () => {
  it("posts, with an action on our server, from the page it belongs to: no form on any public page sends a GET", async () => {
    const found: string[] = [];
    const pages = [...PUBLIC_PATHS, ...FORM_KINDS.map(sentPath), NOT_FOUND_PRERENDER_PATH];
    for (const path of pages) {
      const html = await (await fetch(`${site.server.apiUrl}${path}`)).text();
      for (const [tag, attributes] of html.matchAll(/<form\b([^>]*)>/g)) {
        expect(attributes, `${path}: ${tag}`).toMatch(/\bmethod="post"/);
        const id = new RegExp(`<input type="hidden" name="${FORM_ID_FIELD}" value="([^"]+)"`).exec(
          html.slice(html.indexOf(tag!)),
        )?.[1] as HtmlFormId;
        expect(Object.keys(HTML_FORMS), `${path}: ${tag}`).toContain(id);
        expect(attributes, `${path}: ${id}`).toContain(`action="${HTML_FORMS[id].action}"`);
        expect(HTML_FORMS[id].page, id).toBe(path);
        found.push(id);
      }
    }
    // Every form of the registry was found, once.
    expect(found.sort()).toEqual(Object.keys(HTML_FORMS).sort());

    // And the page as the browser holds it, hydrated: the same method and action on every form.
    for (const path of new Set(Object.values(HTML_FORMS).map((form) => form.page))) {
      await site.page.goto(`${site.server.url}${path}`, { waitUntil: "networkidle" });
      const forms = await site.page.evaluate(() =>
        [...document.forms].map((form) => ({
          method: form.method,
          action: form.getAttribute("action"),
          id: (form.elements.namedItem("form") as HTMLInputElement | null)?.value,
        })),
      );
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms)
        expect(form, path).toEqual({ method: "post", action: HTML_FORMS[form.id as HtmlFormId].action, id: form.id });
    }
  });
});

describe("without JavaScript", () => {
  it("sends the contact form, stores it and says so; sending it again after Back stores nothing more", async () => {
    await page.goto(`${site.server.url}/contact`);
    const form = page.getByRole("form", { name: "Contact form" });
    const typed = {
      firstName: "Thabo",
      lastName: "Nkosi",
      email: "thabo.nojs@example.co.za",
      phone: "+27 82 555 0123",
      message: "Forty units in Soweto, no JavaScript.",
    };
    const fill = async () => {
      await form.getByLabel("First Name").fill(typed.firstName);
      await form.getByLabel("Last Name").fill(typed.lastName);
      await form.getByLabel("Email").fill(typed.email);
      await form.getByLabel("Phone").fill(typed.phone);
      await form.getByLabel("Message").fill(typed.message);
    };
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await fill();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectSent("contact", "Thank you for your message!");
    expect(await page.getByText("We'll get back to you within 24 hours.").isVisible()).toBe(true);

    // The visitor is not sure it went: Back, and the same words again (no Idempotency-Key without JavaScript).
    await page.goBack();
    await fill();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectSent("contact", "Thank you for your message!");
    expect(posts).toEqual([`${site.server.url}/api/contacts`, `${site.server.url}/api/contacts`]);

    const rows = readRows(site.server.databasePath, "contacts").filter((row) => row.email === typed.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...typed, sourcePath: "/contact", status: "new" });
    expectNothingInUrls(Object.values(typed));
  });

  it("shows the contact form again when the server refuses a field: filled in, the error beside it, focus on it", async () => {
    await page.goto(`${site.server.url}/contact`);
    let form = page.getByRole("form", { name: "Contact form" });
    const typed = { firstName: "Lindiwe", lastName: "Zulu", message: "Line one.\nLine two." };
    await form.getByLabel("First Name").fill(typed.firstName);
    await form.getByLabel("Last Name").fill(typed.lastName);
    // The browser's own check takes this address (no dot needed); the shared schema does not.
    await form.getByLabel("Email").fill("lindiwe@example");
    await form.getByLabel("Message").fill(typed.message);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/contacts")),
      form.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await page.waitForLoadState();

    form = page.getByRole("form", { name: "Contact form" });
    const email = form.getByLabel("Email");
    expect(await email.inputValue()).toBe("lindiwe@example");
    expect(await form.getByLabel("First Name").inputValue()).toBe(typed.firstName);
    expect(await form.getByLabel("Message").inputValue()).toBe(typed.message);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await email.getAttribute("aria-describedby"))!.split(" ").at(-1)!;
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe("Enter a valid email address");
    expect(await page.locator(`[id="${errorId}"]`).isVisible()).toBe(true);
    // The browser applies autofocus at its next rendering step, which under load can come after the load event.
    await page
      .waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "email", undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    expect(readRows(site.server.databasePath, "contacts").some((row) => row.firstName === typed.firstName)).toBe(false);

    await email.fill("lindiwe@example.co.za");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectSent("contact", "Thank you for your message!");
    expect(
      readRows(site.server.databasePath, "contacts").filter((row) => row.firstName === typed.firstName),
    ).toMatchObject([{ email: "lindiwe@example.co.za", message: typed.message }]);
    expectNothingInUrls([...Object.values(typed), "lindiwe@example"]);
  });

  it("sends the signup form with its choices and boxes, after a correction that keeps them", async () => {
    await page.goto(`${site.server.url}/signup`);
    let form = page.getByRole("form", { name: "Signup form" });
    await form.getByLabel("First Name").fill("Pieter");
    await form.getByLabel("Last Name").fill("van Wyk");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("pieter.nojs@example.com");
    await form.getByLabel("Phone").fill("12");
    await form.getByLabel("Company Name").fill("Karoo Rentals");
    await form.getByLabel("Organization Type").selectOption("landlord");
    await form.getByLabel("Number of Properties").selectOption("6-20");
    await form.getByLabel(/Send me product news/).check();
    await form.getByLabel(/I agree to the/).check();
    await form.getByRole("button", { name: "Get My Custom Quote" }).click();
    await page.waitForLoadState();

    form = page.getByRole("form", { name: "Signup form" });
    expect(await form.getByText("Enter a valid phone number").isVisible()).toBe(true);
    expect(await form.getByLabel("Organization Type").inputValue()).toBe("landlord");
    expect(await form.getByLabel("Number of Properties").inputValue()).toBe("6-20");
    expect(await form.getByLabel(/Send me product news/).isChecked()).toBe(true);
    expect(await form.getByLabel(/I agree to the/).isChecked()).toBe(true);
    await form.getByLabel("Phone").fill("");
    await form.getByRole("button", { name: "Get My Custom Quote" }).click();
    await expectSent("signup", "Welcome to Erf!");

    const [lead] = readRows(site.server.databasePath, "leads").filter((row) => row.email === "pieter.nojs@example.com");
    expect(lead).toMatchObject({
      type: "signup",
      name: "Pieter van Wyk",
      organizationType: "landlord",
      propertyCount: "6-20",
      sourcePath: "/signup",
    });
    expect(Boolean(lead?.marketingOptIn)).toBe(true);
    expect(
      readRows(site.server.databasePath, "consents").some(
        (row) => row.email === "pieter.nojs@example.com" && row.purpose === "marketing",
      ),
    ).toBe(true);
    expectNothingInUrls(["pieter.nojs@example.com", "Karoo Rentals"]);
  });

  it("sends the demo request form", async () => {
    await page.goto(`${site.server.url}/request-demo`);
    const form = page.getByRole("form", { name: "Demo request form" });
    await form.getByLabel("First Name").fill("Amina");
    await form.getByLabel("Last Name").fill("Okafor");
    await form.getByLabel("Business Email").fill("amina.nojs@example.ng");
    await form.getByLabel("Phone Number").fill("+234 803 555 0199");
    await form.getByLabel("Company Name").fill("Lagos Estates");
    await form.getByLabel("Organization Type").selectOption("investor");
    await form.getByLabel("Number of Properties").selectOption("51-200");
    await form.getByLabel("Current Challenges").fill("Arrears across 3 cities");
    await form.getByRole("button", { name: "Request Demo" }).click();
    await expectSent("demo", "Demo requested successfully!");
    expect(
      readRows(site.server.databasePath, "leads").filter((row) => row.email === "amina.nojs@example.ng"),
    ).toMatchObject([
      { type: "demo", name: "Amina Okafor", challenges: "Arrears across 3 cities", sourcePath: "/request-demo" },
    ]);
    expectNothingInUrls(["amina.nojs@example.ng", "Lagos Estates", "Arrears across 3 cities"]);
  });

  it("subscribes from each newsletter box; the hero box goes to /signup when empty, and shows a refused address beside it", async () => {
    const subscribed = () => readRows(site.server.databasePath, "newsletter").map((row) => row.email);
    const boxes = [
      ["Newsletter signup", "Email address", "Subscribe", "card.nojs@example.com"],
      ["Start today", "Your email address", "Start Today", "cta.nojs@example.com"],
      ["Get started", "Work email", "Get Started", "hero.nojs@example.com"],
    ] as const;
    for (const [name, label, button, email] of boxes) {
      await page.goto(site.server.url);
      const box = page.getByRole("form", { name });
      await box.getByLabel(label).fill(email);
      await box.getByRole("button", { name: button }).click();
      await expectSent("newsletter", "Successfully subscribed!");
      expect(subscribed(), name).toContain(email);
    }
    expect(
      readRows(site.server.databasePath, "consents").filter(
        (row) => row.purpose === "newsletter" && String(row.email).endsWith(".nojs@example.com"),
      ),
    ).toHaveLength(3);

    await page.goto(site.server.url);
    const hero = page.getByRole("form", { name: "Get started" });
    await hero.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(`${site.server.url}/signup`);

    await page.goto(site.server.url);
    await page.getByRole("form", { name: "Get started" }).getByLabel("Work email").fill("hero@nojs");
    await page.getByRole("form", { name: "Get started" }).getByRole("button", { name: "Get Started" }).click();
    await page.waitForLoadState();
    const refilled = page.getByRole("form", { name: "Get started" });
    expect(await refilled.getByLabel("Work email").inputValue()).toBe("hero@nojs");
    expect(await refilled.getByText("Enter a valid email address").isVisible()).toBe(true);
    // The other boxes on the page are left as they were.
    expect(
      await page.getByRole("form", { name: "Newsletter signup" }).getByText("Enter a valid email address").count(),
    ).toBe(0);
    expectNothingInUrls(["card.nojs@example.com", "cta.nojs@example.com", "hero.nojs@example.com", "hero@nojs"]);
  });
});
