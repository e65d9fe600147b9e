import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Clock } from "../clock";

// Device tokens after OWASP's "device cookies": a browser that once signed in to an account carries
// proof of it, so an attacker's failures against that account (which lock out every unknown browser)
// do not lock out the staff member's own browser. The token is signed, not stored: checking it costs
// one HMAC and no query, the same whether or not the email belongs to an account, so it adds nothing
// an attacker could time.

/** How long a token is accepted, and the cookie's Max-Age. */
export const DEVICE_TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export interface DeviceTokens {
  /** `<device id>.<issued, epoch seconds>.<HMAC>` for a browser that has just signed in as `email`. */
  issue(email: string): string;
  /** The device id when `token` is one of ours, signed for this email and not expired; otherwise null. */
  verify(token: string | null, email: string): string | null;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** `email` must be normalised (normalizeEmail) the same way at issue and at verify. */
export function createDeviceTokens(appSecret: string, clock: Clock): DeviceTokens {
  // Its own HKDF label, so no other token signed with APP_SECRET (unsubscribe links) can pass as one.
  const key = Buffer.from(hkdfSync("sha256", appSecret, "erf", "device-token/v1", 32));
  // Device id and time have fixed shapes without newlines, so the email is everything before them and
  // no other (email, id, time) gives the same message.
  const mac = (email: string, id: string, issued: string) =>
    createHmac("sha256", key).update(`${email}\n${id}\n${issued}`, "utf8").digest("base64url");

  return {
    issue(email) {
      const id = randomBytes(16).toString("base64url");
      const issued = String(Math.floor(clock().getTime() / 1000));
      return `${id}.${issued}.${mac(email, id, issued)}`;
    },
    verify(token, email) {
      const match = token === null ? null : TOKEN.exec(token);
      if (!match) return null;
      const [, id = "", issued = "", signature = ""] = match;
      const expected = Buffer.from(mac(email, id, issued));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return clock().getTime() - Number(issued) * 1000 < DEVICE_TOKEN_LIFETIME_MS ? id : null;
    },
  };
}
