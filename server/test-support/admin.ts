import { createPasswordHasher, type PasswordHasher } from "../auth/passwords";
import { DEVICE_COOKIE_NAME } from "../auth/device-cookie";
import { SESSION_COOKIE_NAME } from "../auth/session-cookie";
import { insertAdmin, type Db } from "../db/store";
import type { App } from "../app";

// Helpers for the staff API suites: an account, a signed-in cookie, same-origin JSON requests.

/**
 * argon2id at the smallest cost, for tests only (through AppDeps.passwordHasher). The production
 * parameters are tested once in auth/passwords.test.ts.
 */
export const fastHasher: PasswordHasher = createPasswordHasher({ memoryCost: 64, timeCost: 1, parallelism: 1 });

export const ADMIN_EMAIL = "staff@erf.co.za";
export const ADMIN_PASSWORD = "correct horse battery staple";

export async function seedAdmin(db: Db, email = ADMIN_EMAIL, password = ADMIN_PASSWORD, now = new Date("2025-01-01T00:00:00.000Z")) {
  return insertAdmin(db, email, await fastHasher.hash(password), now);
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
    headers: { ...(method === "GET" || method === "HEAD" ? {} : SAME_ORIGIN), ...(cookie ? { Cookie: cookie } : {}), ...headers },
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

export async function signIn(
  app: App,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await send(app, "POST", "/api/auth/login", { body: { email, password }, headers });
  const cookie = sessionCookieFrom(response);
  if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}
