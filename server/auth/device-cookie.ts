import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { DEVICE_TOKEN_LIFETIME_MS } from "./device-token";

// The device token's cookie. __Host- for the same reason as the session cookie (no sibling subdomain
// can plant one); Strict because only the same-site sign-in form ever needs it; HttpOnly so a script
// cannot copy it out. It outlives sign-out on purpose: it marks the browser, not the session.
const NAME = "erf_device";
export const DEVICE_COOKIE_NAME = `__Host-${NAME}`;

const attributes = { prefix: "host", httpOnly: true, secure: true, sameSite: "Strict", path: "/" } as const;

export function setDeviceCookie(c: Context, token: string): void {
  setCookie(c, NAME, token, { ...attributes, maxAge: DEVICE_TOKEN_LIFETIME_MS / 1000 });
}

/** The raw value; device-token.ts decides whether it is one of ours. */
export function readDeviceToken(c: Context): string | null {
  return getCookie(c, NAME, "host") ?? null;
}
