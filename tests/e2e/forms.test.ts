import type { Route } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { submitDemoRequest, waitForToast } from "../support/browser-session";
import { readRows } from "../support/database";
import { usePagePerTest } from "../support/page-per-test";
import { sampleContact } from "../support/sample-forms";

const site = usePagePerTest();
const idempotencyKeys: string[] = [];

beforeEach(async () => {
  idempotencyKeys.length = 0;
  // Routing every API call lets the test see each attempt's headers, even those that never reach a server.
  await site.page.route("**/api/**", async (route) => {
    const key = route.request().headers()["idempotency-key"];
    if (route.request().method() === "POST" && key) idempotencyKeys.push(key);
    await route.continue();
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const toastText = () => waitForToast(site.page);

/**
 * Holds back the page's JavaScript, so it stays plain HTML (not hydrated) until release(); call before goto.
 * held() counts the scripts waiting.
 */
async function holdScripts() {
  const scripts: Route[] = [];
  let letThrough = false;
  await site.page.route("**/assets/*.js", (route) => (letThrough ? route.continue() : void scripts.push(route)));
  return {
    held: () => scripts.length,
    async release() {
      letThrough = true;
      for (const script of scripts.splice(0)) await script.continue();
    },
  };
}

interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message: string;
}

/** Types a message into the contact page's form (the phone only when given), without sending it; returns the form. */
async function fillContactForm(message: ContactMessage) {
  const form = site.page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First Name").fill(message.firstName);
  await form.getByLabel("Last Name").fill(message.lastName);
  await form.getByLabel("Email").fill(message.email);
  if (message.phone !== undefined) await form.getByLabel("Phone").fill(message.phone);
  await form.getByLabel("Message").fill(message.message);
  return form;
}

describe("lead capture forms", () => {
  it("stores a contact message and clears the form", async () => {
    await site.page.goto(`${site.server.url}/contact`);
    const message = { ...sampleContact, phone: "+27 82 555 0101" };
    const form = await fillContactForm(message);
    await form.getByRole("button", { name: "Send Message" }).click();

    expect(await toastText()).toContain("Thank you for your message!");
    await expect.poll(() => form.getByLabel("First Name").inputValue()).toBe("");
    const [row] = readRows(site.server.databasePath, "contacts");
    expect(row).toMatchObject({ ...message, status: "new", botCheck: "skipped" });
    expect(idempotencyKeys).toHaveLength(1);
    expect(idempotencyKeys[0]).toMatch(UUID);
  });

  it("stores a signup with the opt-in and terms acceptance, then clears the selects", async () => {
    await site.page.goto(`${site.server.url}/signup`);
    const form = site.page.getByRole("form", { name: "Signup form" });
    await form.getByLabel("First Name").fill("Pieter");
    await form.getByLabel("Last Name").fill("van Wyk");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("pieter@example.com");
    await form.getByLabel("Company Name").fill("Karoo Rentals");
    await form.getByLabel("Organization Type").selectOption("landlord");
    await form.getByLabel("Number of Properties").selectOption("6-20");
    await form.getByLabel(/Send me product news/).check();
    await form.getByLabel(/I agree to the/).check();
    await form.getByRole("button", { name: "Get My Custom Quote" }).click();

    expect(await toastText()).toContain("We'll contact you soon with your personalized quote");
    await expect.poll(() => form.getByLabel("Organization Type").inputValue()).toBe("");
    expect(await form.getByLabel(/I agree to the/).isChecked()).toBe(false);
    const [row] = readRows(site.server.databasePath, "leads");
    expect(row).toMatchObject({
      type: "signup",
      firstName: "Pieter",
      lastName: "van Wyk",
      name: "Pieter van Wyk",
      email: "pieter@example.com",
      companyName: "Karoo Rentals",
      organizationType: "landlord",
      propertyCount: "6-20",
      status: "new",
    });
    expect(Boolean(row?.marketingOptIn)).toBe(true);
    expect(row?.termsAcceptedAt).toBeTruthy();
  });

  it("stores a demo request with the job title and challenges", async () => {
    await site.page.goto(`${site.server.url}/request-demo`);
    const form = await submitDemoRequest(site.page, {
      firstName: "Amina",
      lastName: "Okafor",
      email: "amina@example.ng",
      phone: "+234 803 555 0199",
      companyName: "Lagos Estates",
      jobTitle: "Portfolio Director",
      organizationType: "investor",
      propertyCount: "51-200",
      challenges: "Arrears across 3 cities",
    });

    expect(await toastText()).toContain("Demo requested successfully!");
    await expect.poll(() => form.getByLabel("Business Email").inputValue()).toBe("");
    const [row] = readRows(site.server.databasePath, "leads").filter((lead) => lead.type === "demo");
    expect(row).toMatchObject({
      name: "Amina Okafor",
      email: "amina@example.ng",
      phone: "+234 803 555 0199",
      jobTitle: "Portfolio Director",
      organizationType: "investor",
      propertyCount: "51-200",
      challenges: "Arrears across 3 cities",
      status: "new",
    });
  });

  it("subscribes from the newsletter card and the closing call to action", async () => {
    await site.page.goto(site.server.url);
    const card = site.page.getByRole("form", { name: "Newsletter signup" });
    const subscribe = card.getByRole("button", { name: "Subscribe" });
    // Enabled in the plain HTML (a form sent without JavaScript needs its button); once hydrated, it waits for an address.
    await expect.poll(() => subscribe.isDisabled(), { timeout: 15_000 }).toBe(true);
    await card.getByLabel("Email address").fill("card@example.com");
    await subscribe.click();
    expect(await toastText()).toContain("Successfully subscribed!");
    await expect.poll(() => card.getByLabel("Email address").inputValue()).toBe("");

    const cta = site.page.getByRole("form", { name: "Start today" });
    await cta.getByLabel("Your email address").fill("cta@example.com");
    await cta.getByRole("button", { name: "Start Today" }).click();
    await expect
      .poll(() => readRows(site.server.databasePath, "newsletter").map((row) => row.email))
      .toEqual(["card@example.com", "cta@example.com"]);
    expect(readRows(site.server.databasePath, "newsletter").every((row) => row.status === "subscribed")).toBe(true);
  });

  it("sends the hero box to /signup, subscribing first when an email is given", async () => {
    await site.page.goto(site.server.url);
    const hero = site.page.getByRole("form", { name: "Get started" });
    await hero.getByLabel("Work email").fill("  hero@example.com  ");
    await hero.getByRole("button", { name: "Get Started" }).click();
    await site.page.waitForURL(`${site.server.url}/signup`);
    expect(readRows(site.server.databasePath, "newsletter").map((row) => row.email)).toContain("hero@example.com");

    const before = readRows(site.server.databasePath, "newsletter").length;
    await site.page.goto(site.server.url);
    await site.page.getByRole("form", { name: "Get started" }).getByRole("button", { name: "Get Started" }).click();
    await site.page.waitForURL(`${site.server.url}/signup`);
    expect(readRows(site.server.databasePath, "newsletter")).toHaveLength(before);
  });

  it("holds a form sent before the page has hydrated and sends it once it has, with what was typed", async () => {
    const scripts = await holdScripts();
    await site.page.goto(site.server.url, { waitUntil: "domcontentloaded" });
    const card = site.page.getByRole("form", { name: "Newsletter signup" });
    await card.getByLabel("Email address").fill("early@example.com");
    const hero = site.page.getByRole("form", { name: "Get started" });
    await hero.getByLabel("Work email").fill("hero-early@example.com");
    await hero.getByRole("button", { name: "Get Started" }).click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    // Not sent by the browser itself: no GET with the address in the URL, nothing stored.
    expect(site.page.url()).toBe(`${site.server.url}/`);
    const subscribed = () => readRows(site.server.databasePath, "newsletter").map((row) => row.email);
    expect(subscribed()).not.toContain("hero-early@example.com");

    await scripts.release();
    await site.page.waitForURL(`${site.server.url}/signup`);
    expect(subscribed()).toContain("hero-early@example.com");
    // Sent once, by React, with only the hero's address (the card's stays in the card).
    expect(idempotencyKeys).toHaveLength(1);
    expect(subscribed()).not.toContain("early@example.com");
  });

  it("keeps what was typed before hydration: the newsletter card's button enables and sends it", async () => {
    const scripts = await holdScripts();
    await site.page.goto(site.server.url, { waitUntil: "domcontentloaded" });
    const card = site.page.getByRole("form", { name: "Newsletter signup" });
    await card.getByLabel("Email address").fill("typed-early@example.com");
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await scripts.release();
    await card.getByRole("button", { name: "Subscribe" }).click();
    expect(await toastText()).toContain("Successfully subscribed!");
    expect(readRows(site.server.databasePath, "newsletter").map((row) => row.email)).toContain(
      "typed-early@example.com",
    );
  });

  it("readies the form's back end for a field focused before hydration, so a later outage still gets retries", async () => {
    const scripts = await holdScripts();
    await site.page.goto(`${site.server.url}/contact`, { waitUntil: "domcontentloaded" });
    const form = await fillContactForm({
      firstName: "Early",
      lastName: "Typist",
      email: "early-typist@example.com",
      message: "Typed while the page was loading.",
    });
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await scripts.release();
    await site.page.waitForLoadState("networkidle");
    await site.server.stop();
    try {
      await form.getByRole("button", { name: "Send Message" }).click();
      expect(await toastText()).toContain("Failed to send message. Please try again.");
      expect(idempotencyKeys.length).toBeGreaterThan(1);
    } finally {
      await site.server.restart();
    }
  });

  it("shows the failure toast and keeps the input when the server is down", async () => {
    // The visitor has the whole page, its JavaScript included, when the network drops.
    await site.page.goto(`${site.server.url}/contact`, { waitUntil: "networkidle" });
    const form = await fillContactForm({
      firstName: "Offline",
      lastName: "Visitor",
      email: "offline@example.com",
      message: "Is anyone there?",
    });
    await site.server.stop();
    try {
      await form.getByRole("button", { name: "Send Message" }).click();
      expect(await toastText()).toContain("Failed to send message. Please try again.");
      expect(await form.getByLabel("First Name").inputValue()).toBe("Offline");
      expect(await form.getByLabel("Message").inputValue()).toBe("Is anyone there?");
      // The adapter retried this one attempt, always with its key.
      expect(idempotencyKeys.length).toBeGreaterThan(1);
      expect(new Set(idempotencyKeys).size).toBe(1);
    } finally {
      await site.server.restart();
    }
    expect(readRows(site.server.databasePath, "contacts").some((row) => row.firstName === "Offline")).toBe(false);
  });
});
