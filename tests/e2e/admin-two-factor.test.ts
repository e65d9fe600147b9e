import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { closeBrowserSession, openBrowserSession, type BrowserSession } from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { staleCode } from "../support/team";
import { E2E_TOTP_SECRET, totpCode } from "../support/two-factor";

// The staff sign-in's two-factor step in a real Chromium against the production server, typed as a
// person types: the password must never show in clear text, nor stay in the page once sent, and the
// first right code must sign in (the code field once took over the password's input, password and all).

const PASSWORD = "correct horse battery staple";
const ME = "sign.in.admin@erf.test";

let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  // The servers' first admin starts with two-factor on (tests/support/two-factor.ts).
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const form = () => page.getByRole("form", { name: "Admin sign in" });
const account = () => `${new URL(server.url).origin}|${ME}`;
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("name"));

/** Every input of the page (visible or not) with its type and value. */
const inputs = () =>
  page.evaluate(() => [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].map((input) => ({ name: input.name, type: input.type, value: input.value })));

/** Opens the sign-in page and types email and password with the keyboard, then presses Enter. */
async function typePassword() {
  await page.goto(`${server.url}/admin/login`);
  await form().getByLabel("Email").click();
  await page.keyboard.type(ME);
  await form().getByLabel("Password").click();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await form().getByLabel("Authentication code").waitFor();
}

async function signOut() {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(`${server.url}/`);
}

describe("the sign-in form's two-factor step", () => {
  it("asks for the code in a new, empty field, keeps the password out of the page, and the first right code signs in", async () => {
    await typePassword();
    const code = form().getByLabel("Authentication code");
    expect(await focusedName()).toBe("code");
    // No input anywhere in the page holds the password, and its field is gone.
    const fields = await inputs();
    expect(fields.filter((field) => field.value.includes(PASSWORD))).toEqual([]);
    expect(fields.filter((field) => field.type === "password" || field.name === "password")).toEqual([]);
    expect(await page.content()).not.toContain(PASSWORD);
    // The code field is its own, empty, for one-time codes.
    expect(await code.inputValue()).toBe("");
    expect(await code.getAttribute("type")).toBe("text");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.type(await totpCode(account()));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
    await signOut();
  });

  it("says a refused code was not accepted, without sending the person to wait, and takes a right one next", async () => {
    await typePassword();
    await page.keyboard.type(staleCode(E2E_TOTP_SECRET));
    await page.keyboard.press("Enter");
    const error = form().getByText(/That code was not accepted/);
    await error.waitFor();
    expect(await error.innerText()).not.toMatch(/wait/i);
    const code = form().getByLabel("Authentication code");
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    expect(await code.inputValue()).toBe("");
    expect(await focusedName()).toBe("code");
    expect((await inputs()).filter((field) => field.value.includes(PASSWORD))).toEqual([]);

    await page.keyboard.type(await totpCode(account()));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
    await signOut();
  });
});
