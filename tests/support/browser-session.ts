import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { cspRecorder, type CspRecorder } from "./csp-violations";
import { ADMIN_CLI_FROM_SOURCES, FROM_BUILD, startServer, type RunningServer, type ServerEnv } from "./server";
import { answerTwoFactor } from "./two-factor";

// What the staff-side browser suites share: the production server and Chromium started together, one
// desktop-sized context that accepts downloads, its first page, and the CSP recorder watching both.

export interface BrowserSession {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  csp: CspRecorder;
}

export async function openBrowserSession(env: ServerEnv): Promise<BrowserSession> {
  const csp = cspRecorder();
  const [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  csp.watchContext(context);
  const page = await context.newPage();
  await csp.watch(page);
  return { server, browser, context, page, csp };
}

/**
 * Another staff member's browser in the session: a context of its own (its own cookies), the same
 * viewport, watched by the session's CSP recorder. Closed with the session's browser.
 */
export async function openSecondBrowser(session: BrowserSession): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
  session.csp.watchContext(context);
  const page = await context.newPage();
  await session.csp.watch(page);
  return { context, page };
}

/**
 * A staff account made the way an operator would (npm run admin -- create --role ...), in the server's
 * database; a sales rep unless told (an admin would have to enrol two-factor first). Asynchronously: a blocked event loop would keep an idle keep-alive socket the server has closed
 * meanwhile in fetch's pool, and the next request on it would fail.
 */
export async function createStaffAccount(
  server: RunningServer,
  email: string,
  password: string,
  role: "admin" | "sales" = "sales",
): Promise<void> {
  const cli = FROM_BUILD ? ["build/admin.mjs"] : ADMIN_CLI_FROM_SOURCES;
  await promisify(execFile)(process.execPath, [...cli, "create", "--email", email, "--role", role], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${server.databasePath}`,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: "silent",
    },
  });
}

export async function closeBrowserSession(session: BrowserSession | undefined): Promise<void> {
  await session?.browser.close();
  await session?.server.cleanup();
}

/** Waits for a toast (the newest, or the one with `text`) and returns its text, whitespace collapsed. */
export async function waitForToast(target: Page, text?: string): Promise<string> {
  // Found and read in one step in the page: a toast read after a separate wait may have gone meanwhile
  // (its few seconds can pass between the two on a busy machine).
  const found = await target.waitForFunction(
    (wanted) => {
      const normal = (value: string) => value.replace(/\s+/g, " ").trim();
      const toasts = [...document.querySelectorAll<HTMLElement>("li[data-variant]")].filter((toast) =>
        toast.checkVisibility(),
      );
      const toast =
        wanted === null
          ? toasts.at(-1)
          : toasts.find((each) => normal(each.innerText).toLowerCase().includes(normal(wanted).toLowerCase()));
      return toast ? toast.innerText : null;
    },
    text ?? null,
    { timeout: 10_000 },
  );
  return String(await found.jsonValue()).replace(/\s+/g, " ");
}

/**
 * Fills and sends the admin sign-in form on the page it is on; when the page then asks for the
 * authentication code (two-factor on: the servers' first admin has it, tests/support/two-factor.ts), it
 * types a fresh one from `totpSecret` and presses Verify.
 */
export async function submitAdminSignIn(
  target: Page,
  email: string,
  password: string,
  { totpSecret }: { totpSecret?: string } = {},
): Promise<void> {
  const form = target.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await answerTwoFactor(target, email, totpSecret === undefined ? {} : { secret: totpSecret });
}

/** Signs in through the form and waits for the dashboard to be live (its stream open). */
export async function signInToDashboard(
  target: Page,
  server: RunningServer,
  email: string,
  password: string,
): Promise<void> {
  await target.goto(`${server.url}/admin/login`);
  await submitAdminSignIn(target, email, password);
  await target.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
  await target.getByText(/^Live:/).waitFor();
}

export interface DemoRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  organizationType: string;
  propertyCount: string;
  jobTitle?: string;
  challenges?: string;
}

/** Fills and sends the demo request form of the /request-demo page the target is on; returns the form. */
export async function submitDemoRequest(target: Page, request: DemoRequest) {
  const form = target.getByRole("form", { name: "Demo request form" });
  await form.getByLabel("First Name").fill(request.firstName);
  await form.getByLabel("Last Name").fill(request.lastName);
  await form.getByLabel("Business Email").fill(request.email);
  await form.getByLabel("Phone Number").fill(request.phone);
  await form.getByLabel("Company Name").fill(request.companyName);
  if (request.jobTitle !== undefined) await form.getByLabel("Job Title").fill(request.jobTitle);
  await form.getByLabel("Organization Type").selectOption(request.organizationType);
  await form.getByLabel("Number of Properties").selectOption(request.propertyCount);
  if (request.challenges !== undefined) await form.getByLabel("Current Challenges").fill(request.challenges);
  await form.getByRole("button", { name: "Request Demo" }).click();
  return form;
}
