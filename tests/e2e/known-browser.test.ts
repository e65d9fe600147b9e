import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeBrowserSession,
  openBrowserSession,
  submitAdminSignIn,
  waitForToast,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { submitPassword } from "../support/team";

// An attacker locks a staff account from outside with wrong passwords. In a real Chromium against the
// production server: the staff member's own browser, which signed in before, still gets in; a browser
// the server has never seen gets the lockout message.

const ADMIN = { email: "sales.desk@erf.test", password: "correct horse battery staple" };
const LIMIT = 10;

let session: BrowserSession;
let server: RunningServer;
let page: Page;
let stranger: BrowserContext | undefined;

beforeAll(async () => {
  session = await openBrowserSession({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_FAILURES: String(LIMIT),
  });
  ({ server, page } = session);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await stranger?.close();
  await closeBrowserSession(session);
});

async function signIn(target: Page) {
  await target.goto(`${server.url}/admin/login`);
  await submitAdminSignIn(target, ADMIN.email, ADMIN.password);
}

/** Plain HTTP from outside any browser, as a script would send it. */
async function wrongPassword(attempt: number) {
  const response = await fetch(`${server.apiUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.apiUrl },
    body: JSON.stringify({ email: ADMIN.email, password: `a guess, number ${attempt}` }),
  });
  return response.status;
}

describe("a staff account locked from outside", () => {
  it("signs in once, and the browser keeps a device cookie after signing out", async () => {
    await signIn(page);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/`);
    const cookies = await session.context.cookies(server.url);
    expect(cookies.map((cookie) => cookie.name)).toEqual(["__Host-erf_device"]);
    expect(cookies[0]).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
  });

  it("locks the account for unknown clients after the limit of wrong passwords", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= LIMIT + 2; attempt++) statuses.push(await wrongPassword(attempt));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
  });

  it("shows a fresh browser the lockout message, even with the right password", async () => {
    stranger = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const other = await stranger.newPage();
    await session.csp.watch(other);
    // Only the password: a refusal is a toast that goes by itself, so nothing waits for a code field first.
    await submitPassword(other, server.url, ADMIN);
    const toast = await waitForToast(other, "Login failed");
    expect(toast).toContain("too-many-requests");
    expect(toast).toMatch(/Too many failed sign-in attempts\. Try again in 1[45] minutes/);
    expect(other.url()).toContain("/admin/login");
    await stranger.close();
    stranger = undefined;
  });

  it("lets the browser that signed in before back in with the right password", async () => {
    await signIn(page);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    expect(await waitForToast(page, "Login successful")).toContain("Welcome to the admin dashboard");
    await page.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
  });
});
