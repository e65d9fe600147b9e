import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_ABSOLUTE_MS } from "./sessions";

// __Host- makes browsers refuse the cookie unless it is Secure, Path=/ and has no Domain, so a
// sibling subdomain cannot plant or overwrite it. Browsers treat http://localhost as secure.
const NAME = "erf_session";
export const SESSION_COOKIE_NAME = `__Host-${NAME}`;

const attributes = { prefix: "host", httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

/** Max-Age is the session's absolute lifetime; the server ends it sooner when idle or logged out. */
export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, NAME, token, { ...attributes, maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, NAME, attributes);
}

export function readSessionToken(c: Context): string | null {
  const token = getCookie(c, NAME, "host");
  // 32 random bytes in base64url are 43 characters; anything else cannot be one of ours.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
