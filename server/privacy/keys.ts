import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// Every secret the privacy features need, derived from the one APP_SECRET with HKDF (RFC 5869) and a
// label per purpose, so an unsubscribe token can never double as a suppression hash or the reverse.

export interface PrivacyKeys {
  /** HMAC-SHA256 key of unsubscribe tokens. */
  unsubscribe: Buffer;
  /** HMAC-SHA256 key ("salt") of the suppression list's email hashes. */
  suppression: Buffer;
  /** HMAC-SHA256 key of the request fingerprints the idempotency ledger keeps (http/request-fingerprint.ts). */
  idempotency: Buffer;
}

const derive = (secret: string, label: string) => Buffer.from(hkdfSync("sha256", secret, "erf", label, 32));

export function derivePrivacyKeys(appSecret: string): PrivacyKeys {
  return {
    unsubscribe: derive(appSecret, "unsubscribe-token/v1"),
    suppression: derive(appSecret, "suppression-hash/v1"),
    idempotency: derive(appSecret, "idempotency-fingerprint/v1"),
  };
}

/**
 * The keyed hash an opted-out or erased address is kept as. Keyed, not a plain SHA-256: anyone holding
 * a copy of the table could otherwise test a list of known addresses against it.
 */
export function emailHash(keys: PrivacyKeys, email: string): string {
  return createHmac("sha256", keys.suppression).update(email.trim().toLowerCase(), "utf8").digest("hex");
}

const mac = (keys: PrivacyKeys, subscriptionId: string) =>
  createHmac("sha256", keys.unsubscribe).update(`unsubscribe:${subscriptionId}`, "utf8").digest("base64url");

/**
 * `<subscription id>.<HMAC>`: names the newsletter row, not the address, so no email sits in links,
 * browser histories or proxy logs.
 */
export function unsubscribeToken(keys: PrivacyKeys, subscriptionId: string): string {
  return `${subscriptionId}.${mac(keys, subscriptionId)}`;
}

const TOKEN = /^([A-Za-z0-9-]{1,100})\.([A-Za-z0-9_-]{43})$/;

/** The subscription id a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(keys: PrivacyKeys, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id = "", signature = ""] = match;
  const expected = Buffer.from(mac(keys, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
