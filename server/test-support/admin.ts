import { randomUUID } from "node:crypto";
import type { Role } from "../../src/domain/staff";
import { createPasswordHasher, type PasswordHasher } from "../auth/passwords";
import { DEVICE_COOKIE_NAME } from "../auth/device-cookie";
import { sealSecret } from "../auth/secret-box";
import { SESSION_COOKIE_NAME } from "../auth/session-cookie";
import { createSessionStore } from "../auth/sessions";
import { findAdminByEmail, insertAdmin, normalizeEmail, type Db } from "../db/store";
import { systemClock } from "../clock";
import { derivePrivacyKeys } from "../privacy/keys";
import type { App } from "../app";
import { TEST_APP_SECRET, TEST_TOTP_SECRET } from "./secrets";
import { appClocks, forgetTotpSteps, nextTotpCode } from "./totp";

// Helpers for the staff API suites: an account, a signed-in cookie, same-origin JSON requests.

export { TEST_TOTP_SECRET } from "./secrets";

/**
 * argon2id at the smallest cost, for tests only (through AppDeps.passwordHasher). The production
 * parameters are tested once in auth/passwords.test.ts.
 */
export const fastHasher: PasswordHasher = createPasswordHasher({ memoryCost: 64, timeCost: 1, parallelism: 1 });

export const ADMIN_EMAIL = "staff@erf.co.za";
export const ADMIN_PASSWORD = "correct horse battery staple";

const keys = derivePrivacyKeys(TEST_APP_SECRET);

/** The TOTP secret of each seeded account with two-factor on, by email: signIn computes its codes. */
const secrets = new Map<string, string>();

export interface SeedOptions {
  role?: Role;
  /** Two-factor on with TEST_TOTP_SECRET (or the secret given). Admins have it unless told otherwise: they must enrol. */
  twoFactor?: boolean | string;
  name?: string | null;
}

/** A staff account. By default an admin with two-factor on (with TEST_TOTP_SECRET), as an admin must be. */
export async function seedAdmin(
  db: Db,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  now = new Date("2025-01-01T00:00:00.000Z"),
  { role = "admin", twoFactor = role === "admin", name = null }: SeedOptions = {},
) {
  const id = randomUUID();
  const secret = twoFactor === false ? null : twoFactor === true ? TEST_TOTP_SECRET : twoFactor;
  const key = normalizeEmail(email);
  forgetTotpSteps(key);
  if (secret) secrets.set(key, secret);
  else secrets.delete(key);
  return insertAdmin(db, email, await fastHasher.hash(password), now, {
    role,
    name,
    id,
    totpSecret: secret && sealSecret(keys.twoFactorSecret, id, secret),
  });
}

/** A sales account (no two-factor unless asked for). */
export const seedSales = (db: Db, email: string, options: Omit<SeedOptions, "role"> = {}) =>
  seedAdmin(db, email, ADMIN_PASSWORD, undefined, { ...options, role: "sales" });

/**
 * A code the seeded account's authenticator would show now, on `app`'s clock, never one used before
 * (test-support/totp.ts). For an account seeded with two-factor.
 */
export function totpFor(app: App | null, email = ADMIN_EMAIL): Promise<string> {
  const key = normalizeEmail(email);
  const secret = secrets.get(key);
  if (!secret) throw new Error(`${email} was not seeded with two-factor`);
  return nextTotpCode(key, { secret, clock: (app && appClocks.get(app)) ?? systemClock });
}

/** Tells signIn that an account's two-factor changed outside seedAdmin (enrolled, reset by a test). */
export function setTestSecret(email: string, secret: string | null): void {
  const key = normalizeEmail(email);
  if (secret) secrets.set(key, secret);
  else secrets.delete(key);
}

/** What a browser sends with a same-origin fetch from the dashboard (app.request's origin is http://localhost). */
export const SAME_ORIGIN = { Origin: "http://localhost", "Content-Type": "application/json" } as const;

export async function send(
  app: App,
  method: string,
  path: string,
  { body, cookie, headers = {} }: { body?: unknown; cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<Response> {
  return app.request(path, {
    method,
    headers: {
      ...(method === "GET" || method === "HEAD" ? {} : SAME_ORIGIN),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

function cookieFrom(response: Response, name: string): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  const pair = header?.split(";")[0];
  return pair && pair !== `${name}=` ? pair : null;
}

/** The Cookie header value (name=token) from a response's Set-Cookie, or null. */
export const sessionCookieFrom = (response: Response) => cookieFrom(response, SESSION_COOKIE_NAME);

/** The device token's Cookie header value (name=token) a successful sign-in sets, or null. */
export const deviceCookieFrom = (response: Response) => cookieFrom(response, DEVICE_COOKIE_NAME);

/** Signs in through POST /api/auth/login, with a fresh TOTP code when the account has two-factor. */
export async function signIn(
  app: App,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const code = secrets.has(normalizeEmail(email)) ? await totpFor(app, email) : undefined;
  const response = await send(app, "POST", "/api/auth/login", {
    body: { email, password, ...(code && { code }) },
    headers,
  });
  const cookie = sessionCookieFrom(response);
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/**
 * A session cookie made directly in the database, on `app`'s clock, for tests that are not about
 * signing in: no sign-in request, no TOTP step used up, no audit entry.
 */
export async function mintSession(app: App, db: Db, email = ADMIN_EMAIL): Promise<string> {
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw new Error(`no account ${email}`);
  const { token } = await createSessionStore(db, appClocks.get(app) ?? systemClock).start(admin.id);
  return `${SESSION_COOKIE_NAME}=${token}`;
}
