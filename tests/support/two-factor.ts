import type { Page } from "playwright-core";
import { TEST_TOTP_SECRET } from "../../server/test-support/secrets";
import { nextTotpCode } from "../../server/test-support/totp";

// Two-factor for the suites that run the real server in a child process: the first admin it creates
// from ADMIN_EMAIL and ADMIN_PASSWORD starts with two-factor on (ADMIN_TOTP_SECRET), as admins must, and
// sign-ins compute the code an authenticator app would show, never one used before for the account.

/** The TOTP secret (base32) of the servers' first admin. */
export const E2E_TOTP_SECRET = TEST_TOTP_SECRET;

/** `env` with ADMIN_TOTP_SECRET added when it creates a first admin and does not name a secret itself. */
export function withAdminTotp(env: Record<string, string>): Record<string, string> {
  return env.ADMIN_EMAIL && env.ADMIN_TOTP_SECRET === undefined ? { ...env, ADMIN_TOTP_SECRET: E2E_TOTP_SECRET } : env;
}

/**
 * A fresh code for `account` (name it so that one account on one database is one name, e.g. its
 * server's origin and email); waits for the next 30-second step when the ones around now were used.
 */
export const totpCode = (account: string, secret = E2E_TOTP_SECRET): Promise<string> =>
  nextTotpCode(account, { secret });

/**
 * After the sign-in form was sent: when the page asks for the authentication code (the account has
 * two-factor on), types a fresh one and presses Verify. Returns as soon as the page leaves the login
 * page or an answer shows instead (a refused sign-in's toast); gives up waiting after `timeoutMs`.
 */
export async function answerTwoFactor(
  target: Page,
  email: string,
  { secret = E2E_TOTP_SECRET, timeoutMs = 5_000 } = {},
): Promise<void> {
  const field = target.getByLabel("Authentication code");
  const asked = await Promise.race([
    field.waitFor({ state: "visible", timeout: timeoutMs }).then(() => true),
    target.waitForURL((url) => !url.pathname.startsWith("/admin/login"), { timeout: timeoutMs }).then(() => false),
  ]).catch(() => false);
  if (!asked) return;
  await field.fill(await totpCode(`${new URL(target.url()).origin}|${email}`, secret));
  await target.getByRole("button", { name: "Verify" }).click();
}
