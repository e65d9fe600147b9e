import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readRows } from "../support/database";
import { usePagePerTest } from "../support/page-per-test";

// The forms with JavaScript, driven from the keyboard only: every error at once beside its field, focus
// on the first; a field the server refuses shown the same way, with no failure toast; focus on the form's
// heading after a send; a character count that says it politely.

const site = usePagePerTest();

/** The form has hydrated: it checks itself rather than leaving it to the browser. */
async function hydrated(page: Page, name: string) {
  const form = page.getByRole("form", { name });
  await expect
    .poll(() => form.evaluate((element) => (element as HTMLFormElement).noValidate), { timeout: 15_000 })
    .toBe(true);
  return form;
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      name: element?.getAttribute("name"),
      id: element?.id,
      text: (element as HTMLElement | null)?.innerText ?? "",
    };
  });

/** The text of every element the focused control's aria-describedby names. */
const description = (page: Page) =>
  page.evaluate(() =>
    (document.activeElement?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ""),
  );

const toasts = (page: Page) => page.locator("li[data-variant]").count();

describe("a form checked in the browser", () => {
  it("shows every wrong field at once, tied to it, focuses the first, and sends nothing", async () => {
    const requests: string[] = [];
    site.page.on("request", (request) => void (request.url().includes("/api/") && requests.push(request.url())));
    await site.page.goto(`${site.server.url}/request-demo`);
    const form = await hydrated(site.page, "Demo request form");
    await form.getByLabel("First Name").focus();
    await site.page.keyboard.type("Amina");
    await site.page.keyboard.press("Tab");
    await site.page.keyboard.press("Tab");
    await site.page.keyboard.type("amina@example");
    await site.page.keyboard.press("Enter");

    await expect.poll(() => focused(site.page)).toMatchObject({ name: "lastName" });
    expect(await description(site.page)).toEqual(["Required"]);
    const invalid = await form
      .locator('[aria-invalid="true"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("name")));
    expect(invalid).toEqual(["lastName", "email", "phone", "companyName", "organizationType", "propertyCount"]);
    expect(await form.getByText("Enter a valid email address").isVisible()).toBe(true);
    expect(await form.getByText("Choose one of the options").count()).toBe(2);
    expect(await toasts(site.page)).toBe(0);
    expect(requests).toEqual([]);
  });

  it("shows a field the server refuses beside it with focus on it, and keeps the failure toast for real failures", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { error: "validation", fields: { email: "This address cannot receive mail" } },
    };
    await site.page.route("**/api/contacts", (route) =>
      route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }),
    );
    await site.page.goto(`${site.server.url}/contact`);
    const form = await hydrated(site.page, "Contact form");
    await form.getByLabel("First Name").fill("Naledi");
    await form.getByLabel("Last Name").fill("Dlamini");
    await form.getByLabel("Email").fill("naledi@example.co.za");
    await form.getByLabel("Message").fill("Hello");
    await form.getByLabel("Message").focus();
    await site.page.keyboard.press("Tab");
    await site.page.keyboard.press("Tab");
    await site.page.keyboard.press("Enter");

    await expect.poll(() => focused(site.page)).toMatchObject({ name: "email" });
    expect(await description(site.page)).toEqual(["This address cannot receive mail"]);
    await site.page.waitForTimeout(500);
    expect(await toasts(site.page)).toBe(0);
    expect(await form.getByLabel("Message").inputValue()).toBe("Hello");

    answer = { status: 500, body: { error: "internal" } };
    await form.getByRole("button", { name: "Send Message" }).press("Enter");
    await site.page
      .locator("li[data-variant='destructive']", { hasText: "Failed to send message. Please try again." })
      .waitFor();
    expect(await form.getByText("This address cannot receive mail").count()).toBe(0);
  });

  it("shows the hero box's refused address beside the box, then sends it on to /signup with focus on the page", async () => {
    await site.page.goto(site.server.url);
    const hero = await hydrated(site.page, "Get started");
    await hero.getByLabel("Work email").focus();
    await site.page.keyboard.type("visitor@example");
    await site.page.keyboard.press("Enter");
    await expect.poll(() => focused(site.page)).toMatchObject({ name: "email" });
    expect(await description(site.page)).toEqual(["Enter a valid email address"]);
    expect(await hero.getByText("Enter a valid email address").isVisible()).toBe(true);
    expect(await toasts(site.page)).toBe(0);

    await site.page.keyboard.type(".co.za");
    await site.page.keyboard.press("Enter");
    await site.page.waitForURL(`${site.server.url}/signup`);
    await expect.poll(() => focused(site.page)).toMatchObject({ tag: "main", id: "main" });
    expect(readRows(site.server.databasePath, "newsletter").map((row) => row.email)).toContain("visitor@example.co.za");
  });
});

describe("focus after a successful send", () => {
  it("moves to the contact form's heading", async () => {
    await site.page.goto(`${site.server.url}/contact`);
    const form = await hydrated(site.page, "Contact form");
    await form.getByLabel("First Name").focus();
    for (const text of ["Keyboard", "Only", "keyboard@example.com", "", "Sent with the keyboard alone."]) {
      await site.page.keyboard.type(text);
      await site.page.keyboard.press("Tab");
    }
    // Past the message, Tab reaches the privacy link, then the button.
    await site.page.keyboard.press("Tab");
    expect(await focused(site.page)).toMatchObject({ tag: "button", text: "Send Message" });
    await site.page.keyboard.press("Enter");
    await site.page.locator("li[data-variant]", { hasText: "Thank you for your message!" }).waitFor();
    await expect.poll(() => focused(site.page)).toMatchObject({ tag: "h2", id: "contact-form-title" });
    expect(readRows(site.server.databasePath, "contacts").map((row) => row.firstName)).toContain("Keyboard");
  });

  it("moves to the section's heading after the newsletter card subscribes", async () => {
    await site.page.goto(site.server.url);
    const card = await hydrated(site.page, "Newsletter signup");
    await card.getByLabel("Email address").focus();
    await site.page.keyboard.type("keyboard.card@example.com");
    await site.page.keyboard.press("Enter");
    await expect.poll(() => focused(site.page)).toMatchObject({ tag: "h2", id: "newsletter-title" });
    expect(await card.getByLabel("Email address").inputValue()).toBe("");
  });
});

describe("the character count", () => {
  it("appears near the limit, tied to the field, is read out once typing pauses, and says when a paste was cut", async () => {
    await site.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
    await site.page.goto(`${site.server.url}/contact`);
    const form = await hydrated(site.page, "Contact form");
    const message = form.getByLabel("Message");
    const live = form.locator('[aria-live="polite"]');
    await message.fill("x".repeat(3_998));
    await message.focus();
    await site.page.keyboard.type("x");
    expect(await form.getByText(/characters left/).count()).toBe(0);
    await site.page.keyboard.type("x");
    expect(await form.getByText("1,000 characters left.").isVisible()).toBe(true);
    expect(await description(site.page)).toContain("1,000 characters left.");
    // Not on every keystroke: nothing is read out while typing goes on.
    await site.page.keyboard.type("xx");
    expect(await live.textContent()).toBe("");
    await expect.poll(() => live.textContent(), { timeout: 3_000 }).toBe("998 characters left.");

    await message.fill("");
    await site.page.evaluate((text) => navigator.clipboard.writeText(text), "y".repeat(6_000));
    await message.focus();
    await site.page.keyboard.press("ControlOrMeta+V");
    await expect.poll(() => message.inputValue().then((value) => value.length)).toBe(5_000);
    const cut = "Your text was cut to 5,000 characters, the most this field takes.";
    // Shown under the field and tied to it, and read out at once.
    expect(await description(site.page)).toContain(cut);
    await expect.poll(() => live.textContent()).toBe(cut);
  });
});
