import { timingSafeEqual } from "node:crypto";
import { Secret, TOTP } from "otpauth";

// TOTP (RFC 6238) with otpauth: SHA-1, 6 digits, 30-second steps, what every authenticator app reads
// from a QR code. A code is accepted for the current step or one step either side (clocks drift, people
// type slowly), and only for a step later than the last one accepted for the account, so no code works
// twice (the caller stores that step: db/two-factor.ts).

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;

const options = { algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

/** A fresh 160-bit secret, base32 (what apps take when typed). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the enrolment page draws as a QR code. */
export function otpauthUri(secret: string, email: string, issuer: string): string {
  return new TOTP({ ...options, issuer, label: email, secret: Secret.fromBase32(secret) }).toString();
}

/** The step (count of 30-second periods since 1970) at `ms`. */
export const totpStep = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one step. */
export function totpCode(secret: string, step: number): string {
  return TOTP.generate({ ...options, secret: Secret.fromBase32(secret), timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/** Six digits: the shape of a TOTP code (anything else may be a recovery code). */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The step `code` is right for at `nowMs`, within the window and after `lastStep`; null when none. Every
 * step of the window is compared, in constant time, whatever matches first.
 */
export function matchTotpStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!looksLikeTotp(code)) return null;
  const given = Buffer.from(code);
  const now = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const right = timingSafeEqual(Buffer.from(totpCode(secret, step)), given);
    if (right && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}
