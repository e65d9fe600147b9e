import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The signed render stamp behind the too-fast signal (docs/decisions/0030-spam-score.md). Pages are
// prerendered once for everyone, so no page can carry the time it was shown; instead a form asks
// GET /api/form-stamp the first time a visitor focuses it and sends the answer back with the
// submission. The stamp is the server's own clock and an HMAC over it, so a client can neither
// backdate it nor make one up. A form posted without JavaScript (decision 0027) has none: that is a
// signal of its own, weighed lightly, never a refusal.

/** A stamp older than this is as good as none: a bot must not keep one stamp for a day of submissions. */
export const STAMP_MAX_AGE_MS = 60 * 60 * 1000;
/** Clock differences between instances (PostgreSQL) that a stamp "from the future" may show. */
const FUTURE_SLACK_MS = 5_000;

// `<ms>.<nonce>.<mac>`: the nonce makes two stamps of the same millisecond different, so each can be used
// once (issue 39: single-use, db/spam.ts claimRenderStamp). The older `<ms>.<mac>` counts as no stamp.
const STAMP = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const OLD_STAMP = /^\d{13}\.[A-Za-z0-9_-]{43}$/;

const mac = (key: Buffer, ms: string, nonce: string) =>
  createHmac("sha256", key).update(`render-stamp:${ms}.${nonce}`, "utf8").digest("base64url");

export function issueRenderStamp(key: Buffer, now: Date): string {
  const ms = String(now.getTime());
  const nonce = randomBytes(16).toString("base64url");
  return `${ms}.${nonce}.${mac(key, ms, nonce)}`;
}

export type StampCheck =
  /**
   * How long the form was open (ms since the stamp); its nonce, which a submission claims (single use),
   * and when the claim may be forgotten (the stamp counts as missing by then anyway).
   */
  | { kind: "valid"; elapsedMs: number; nonce: string; expiresAt: string }
  /** No stamp, or one past STAMP_MAX_AGE_MS. */
  | { kind: "missing" }
  /** Malformed, a signature that does not match, or dated ahead of the clock. */
  | { kind: "invalid" };

export function checkRenderStamp(key: Buffer, stamp: string | null | undefined, now: Date): StampCheck {
  if (!stamp || OLD_STAMP.test(stamp)) return { kind: "missing" };
  const match = STAMP.exec(stamp);
  if (!match) return { kind: "invalid" };
  const [, ms = "", nonce = "", signature = ""] = match;
  const expected = Buffer.from(mac(key, ms, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: "invalid" };
  const elapsedMs = now.getTime() - Number(ms);
  if (elapsedMs < -FUTURE_SLACK_MS) return { kind: "invalid" };
  if (elapsedMs > STAMP_MAX_AGE_MS) return { kind: "missing" };
  return { kind: "valid", elapsedMs, nonce, expiresAt: new Date(Number(ms) + STAMP_MAX_AGE_MS).toISOString() };
}
