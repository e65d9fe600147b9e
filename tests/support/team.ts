import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import type { CapturedMail } from "../../server/test-support/smtp";

// What the staff-team browser suite needs besides tests/support/browser-session.ts: authenticator codes
// computed from a secret the way an app does, never the same step twice, and the links in emails.

const PERIOD_S = 30;
/** The last time step whose code was used, per secret: the server refuses a step it has accepted before. */
const lastStep = new Map<string, number>();

const stepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD_S);

/** The code of one time step, as an authenticator app computes it (SHA-1, 6 digits, 30 s). */
export function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: PERIOD_S }).generate({
    timestamp: step * PERIOD_S * 1000,
  });
}

/**
 * A code the server has not accepted yet: the current step's, or the next one's (the server accepts one
 * step either side) when the current one was used; waits for the clock when both were.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = stepAt(Date.now());
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return codeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * PERIOD_S * 1000 - Date.now() + 50));
  }
}

/** A code certain to be wrong now: one from an hour ago, outside the server's window. */
export const staleCode = (secret: string) => codeAt(secret, stepAt(Date.now()) - 120);

/** The sign-in form's second step: fills "Authentication code" (a TOTP or a recovery code) and presses Verify. */
export async function submitCode(target: Page, code: string): Promise<void> {
  const form = target.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Authentication code").fill(code);
  await form.getByRole("button", { name: "Verify" }).click();
}

/** Opens the login page and sends email and password (the first step). */
export async function submitPassword(
  target: Page,
  url: string,
  account: { email: string; password: string },
): Promise<void> {
  await target.goto(`${url}/admin/login`);
  const form = target.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in on the login page: email and password, then, when asked, a code. */
export async function signInAs(
  target: Page,
  url: string,
  account: { email: string; password: string; secret?: string },
): Promise<void> {
  await submitPassword(target, url, account);
  const form = target.getByRole("form", { name: "Admin sign in" });
  if (account.secret) {
    await form.getByLabel("Authentication code").waitFor();
    await submitCode(target, await freshCode(account.secret));
  }
  await target.getByRole("heading", { name: "CRM Dashboard" }).waitFor();
}

/** The link to `path` in an email's text, token and all (the token sits in the fragment). */
export function linkIn(mail: CapturedMail, url: string, path: string): string {
  const escaped = `${url}${path}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`${escaped}#token=[^\\s"'<>]+`).exec(mail.parsed.text ?? "")?.[0];
  if (!link) throw new Error(`no ${path} link in "${mail.parsed.subject}":\n${mail.parsed.text}`);
  return link;
}

/** The newest email to `address` whose text links to `path`, waiting up to 10 s for it. */
export async function waitForLinkMail(
  messages: CapturedMail[],
  address: string,
  url: string,
  path: string,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = messages
      .slice(after)
      .findLast((each) => each.to.includes(address) && (each.parsed.text ?? "").includes(`${url}${path}#token=`));
    if (mail) return linkIn(mail, url, path);
    if (Date.now() > deadline) throw new Error(`no email to ${address} linking to ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The names of the dashboard's tabs, in order. */
export async function tabNames(target: Page): Promise<string[]> {
  const tabs = target.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab");
  await tabs.first().waitFor(); // allInnerTexts does not wait
  const names = await tabs.allInnerTexts();
  return names.map((name) => name.replace(/\s*\([\d,\s]+\)$/, "").trim());
}
