import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  createStaffAccount,
  openBrowserSession,
  openSecondBrowser,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { staleCode } from "../support/team";
import { E2E_TOTP_SECRET, totpCode } from "../support/two-factor";

// The staff sign-in's two-factor step in a real Chromium against the production server, typed as a
// person types: the password must never show in clear text, nor stay in the page once sent, and the
// first right code must sign in (the code field once took over the password's input, password and all).
// Then changing one's two-factor: the password and a current code first (decision 0043), refused with
// a visible error when wrong, and a change signs the account's other browsers out.

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
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].map((input) => ({
      name: input.name,
      type: input.type,
      value: input.value,
    })),
  );

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
  if (!page.url().includes("/admin/dashboard")) await page.goto(`${server.url}/admin/dashboard`);
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

/** Signs in by typing, with a fresh code of `secret`, and opens the two-factor page. */
async function openTwoFactorPage(secret = E2E_TOTP_SECRET) {
  await typePassword();
  await page.keyboard.type(await totpCode(account(), secret));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
  await page.goto(`${server.url}/admin/two-factor`);
  await page.getByRole("button", { name: "Set up a new authenticator app" }).click();
}

const proof = () => page.getByRole("form", { name: "Confirm it is you" });

/** The secret the set-up shows, once it shows. */
async function shownSecret(): Promise<string> {
  const shown = page.locator("code");
  await shown.waitFor();
  return (await shown.innerText()).replace(/\s+/g, "");
}

/** Types a code of the new secret into the set-up's code field and presses Enter. */
async function typeNewCode(code: string) {
  await page.getByRole("form", { name: "Confirm two-factor" }).getByLabel("Authentication code").click();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

/** Types the password and the current code into the proof form, as a person does, and presses Enter. */
async function typeProof(password: string, code: string) {
  await proof().getByLabel("Password").click();
  await page.keyboard.type(password);
  await page.keyboard.press("Tab");
  expect(await focusedName()).toBe("code");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

describe("changing one's two-factor", () => {
  it("refuses a wrong password or a wrong current code with a visible error beside the field, and makes no new secret", async () => {
    await openTwoFactorPage();
    expect(await axeViolations(page)).toEqual([]);
    await typeProof("not my password", staleCode(E2E_TOTP_SECRET));
    const password = proof().getByLabel("Password");
    await proof().getByText("That password is not right.").waitFor();
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await focusedName()).toBe("password");
    expect(await password.inputValue()).toBe("");

    await typeProof(PASSWORD, staleCode(E2E_TOTP_SECRET));
    await proof()
      .getByText(/That code was not accepted/)
      .waitFor();
    expect(await proof().getByLabel("Current authentication code").getAttribute("aria-invalid")).toBe("true");
    expect(await password.getAttribute("aria-invalid")).toBeNull();
    expect(await focusedName()).toBe("code");
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await signOut();
  });

  it("sets up a new authenticator app after the password and a current code, signs the other browser out, and the new codes sign in", async () => {
    // A sales rep, who sets two-factor up first (the password alone: there is no factor yet), then
    // changes it; the servers' first admin would use more codes than three 30-second steps give.
    const rep = { email: "rep.change@erf.test", password: "rep passphrase for the change" };
    const repAccount = `${new URL(server.url).origin}|${rep.email}`;
    await createStaffAccount(server, rep.email, rep.password);
    const other = await openSecondBrowser(session);
    try {
      await other.page.goto(`${server.url}/admin/login`);
      const otherForm = other.page.getByRole("form", { name: "Admin sign in" });
      await otherForm.getByLabel("Email").fill(rep.email);
      await otherForm.getByLabel("Password").fill(rep.password);
      await otherForm.getByRole("button", { name: "Sign In" }).click();
      await other.page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();

      await page.goto(`${server.url}/admin/login`);
      await form().getByLabel("Email").click();
      await page.keyboard.type(rep.email);
      await form().getByLabel("Password").click();
      await page.keyboard.type(rep.password);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();

      // First set-up: the password again.
      await page.goto(`${server.url}/admin/two-factor`);
      await proof().getByLabel("Password").click();
      await page.keyboard.type(rep.password);
      await page.keyboard.press("Enter");
      const first = await shownSecret();
      await typeNewCode(await totpCode(repAccount, first));
      await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").first().waitFor();
      // A first set-up changes no factor: the other browser stays signed in.
      expect((await other.context.request.get(`${server.url}/api/auth/session`)).status()).toBe(200);

      // The change: the password and a current code of the app in use, then the new app's code.
      await page.goto(`${server.url}/admin/two-factor`);
      await page.getByRole("button", { name: "Set up a new authenticator app" }).click();
      expect(await axeViolations(page)).toEqual([]);
      await typeProof(rep.password, await totpCode(repAccount, first));
      const second = await shownSecret();
      expect(second).not.toBe(first);
      expect((await inputs()).filter((field) => field.value.includes(rep.password))).toEqual([]);
      await typeNewCode(await totpCode(repAccount, second));
      const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await codes.first().waitFor();
      const recovery = await codes.first().innerText();

      // The other browser's session ended with the change; this one goes on.
      expect((await other.context.request.get(`${server.url}/api/auth/session`)).status()).toBe(401);
      expect((await page.context().request.get(`${server.url}/api/auth/session`)).status()).toBe(200);

      // The new recovery codes sign in.
      await page.getByRole("button", { name: "Done" }).click();
      await signOut();
      await page.goto(`${server.url}/admin/login`);
      await form().getByLabel("Email").click();
      await page.keyboard.type(rep.email);
      await form().getByLabel("Password").click();
      await page.keyboard.type(rep.password);
      await page.keyboard.press("Enter");
      await form().getByLabel("Authentication code").waitFor();
      await page.keyboard.type(recovery);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
      await signOut();
    } finally {
      await other.context.close();
    }
  });
});
