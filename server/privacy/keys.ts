import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// Every secret the privacy features and the staff team's links and two-factor need, derived from the one
// APP_SECRET with HKDF (RFC 5869) and a label per purpose, so an unsubscribe token can never double as a
// suppression hash or the reverse.

export interface PrivacyKeys {
  /** HMAC-SHA256 key of unsubscribe tokens. */
  unsubscribe: Buffer;
  /** HMAC-SHA256 key ("salt") of the suppression list's email hashes. */
  suppression: Buffer;
  /** HMAC-SHA256 key of the request fingerprints the idempotency ledger keeps (http/request-fingerprint.ts). */
  idempotency: Buffer;
  /** HMAC-SHA256 key of newsletter confirmation tokens. */
  confirmation: Buffer;
  /** HMAC-SHA256 key that makes a staff invitation link's token from its row id (auth/staff-links.ts). */
  invitation: Buffer;
  /** The same for password-reset links. */
  passwordReset: Buffer;
  /** AES-256-GCM key that seals two-factor secrets at rest (auth/secret-box.ts). */
  twoFactorSecret: Buffer;
  /** HMAC-SHA256 key of the stored recovery-code hashes. */
  recoveryCode: Buffer;
  /** HMAC-SHA256 key of the render stamps a form sends back with its submission (security/render-stamp.ts). */
  renderStamp: Buffer;
  /** HMAC-SHA256 key of the content hashes the repeated-content signal compares (security/spam-score.ts). */
  contentHash: Buffer;
  /** AES-256-GCM key that seals webhook signing secrets at rest (server/webhooks/secrets.ts). */
  webhookSecret: Buffer;
}

const derive = (secret: string, label: string) => Buffer.from(hkdfSync("sha256", secret, "erf", label, 32));

export function derivePrivacyKeys(appSecret: string): PrivacyKeys {
  return {
    unsubscribe: derive(appSecret, "unsubscribe-token/v1"),
    suppression: derive(appSecret, "suppression-hash/v1"),
    idempotency: derive(appSecret, "idempotency-fingerprint/v1"),
    confirmation: derive(appSecret, "newsletter-confirmation-token/v1"),
    invitation: derive(appSecret, "staff-invitation-token/v1"),
    passwordReset: derive(appSecret, "password-reset-token/v1"),
    twoFactorSecret: derive(appSecret, "two-factor-secret/v1"),
    recoveryCode: derive(appSecret, "recovery-code-hash/v1"),
    renderStamp: derive(appSecret, "render-stamp/v1"),
    contentHash: derive(appSecret, "spam-content-hash/v1"),
    webhookSecret: derive(appSecret, "webhook-secret/v1"),
  };
}

/**
 * The keyed hash an opted-out or erased address is kept as. Keyed, not a plain SHA-256: anyone holding
 * a copy of the table could otherwise test a list of known addresses against it.
 */
export function emailHash(keys: PrivacyKeys, email: string): string {
  return createHmac("sha256", keys.suppression).update(email.trim().toLowerCase(), "utf8").digest("hex");
}

// The purpose is in the signed text as well as in the key: belt and braces against a token of one
// kind being accepted as another.
const mac = (key: Buffer, purpose: string, id: string) =>
  createHmac("sha256", key).update(`${purpose}:${id}`, "utf8").digest("base64url");

const TOKEN = /^([A-Za-z0-9-]{1,100})\.([A-Za-z0-9_-]{43})$/;

/** The id a `<id>.<HMAC>` token names, or null when it is malformed or its signature does not match. */
function verifyToken(key: Buffer, purpose: string, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id = "", signature = ""] = match;
  const expected = Buffer.from(mac(key, purpose, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * `<subscription id>.<HMAC>`: names the newsletter row, not the address, so no email sits in links,
 * browser histories or proxy logs.
 */
export function unsubscribeToken(keys: PrivacyKeys, subscriptionId: string): string {
  return `${subscriptionId}.${mac(keys.unsubscribe, "unsubscribe", subscriptionId)}`;
}

/** The subscription id a token names, or null when it is malformed or its signature does not match. */
export const verifyUnsubscribeToken = (keys: PrivacyKeys, token: string): string | null =>
  verifyToken(keys.unsubscribe, "unsubscribe", token);

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * `<confirmation id>.<HMAC>`: names the confirmation row, whose expiry and use the database keeps (a
 * signature alone cannot be single-use). No address in it, as for unsubscribe links.
 */
export function confirmationToken(keys: PrivacyKeys, confirmationId: string): string {
  return `${confirmationId}.${mac(keys.confirmation, "newsletter-confirmation", confirmationId)}`;
}

/** The confirmation id a token names, or null when it is malformed or its signature does not match. */
export const verifyConfirmationToken = (keys: PrivacyKeys, token: string): string | null =>
  verifyToken(keys.confirmation, "newsletter-confirmation", token);

export const confirmationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
