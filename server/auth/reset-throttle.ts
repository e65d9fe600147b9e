import type { Clock } from "../clock";
import { reserveAttempt, type Db } from "../db/store";
import { LOGIN_WINDOW_MS, type ThrottleDecision } from "./login-throttle";

// Password-reset requests, counted with the sign-in lockout's machinery (the same table, windows and
// purge; keys of their own): per client, answered with 429 once used up, and per account, where going
// over only stops the emails, never changes the answer, so the limit cannot tell whether an account
// exists. Every request counts, sent or not: a reset request has no "success" to give a slot back for.

/** Requests per client (IPv4 address or IPv6 /64) in the window. */
export const RESET_REQUESTS_PER_CLIENT = 10;
/** Emails per account in the window: enough for a lost email or two, not enough to flood an inbox. */
export const RESET_EMAILS_PER_ACCOUNT = 3;

export interface ResetThrottle {
  client(bucket: string): Promise<ThrottleDecision>;
  /** Whether this account may be sent another link now. Called for unknown addresses too. */
  account(email: string): Promise<boolean>;
}

export function createResetThrottle(db: Db, clock: Clock): ResetThrottle {
  const reserve = (key: string, limit: number) => {
    const now = clock().getTime();
    return reserveAttempt(db, [key], {
      now: new Date(now).toISOString(),
      windowOpenedBefore: new Date(now - LOGIN_WINDOW_MS).toISOString(),
      limit,
    }).then((reservation) => ({ reservation, now }));
  };
  return {
    async client(bucket) {
      const { reservation, now } = await reserve(`reset-ip:${bucket}`, RESET_REQUESTS_PER_CLIENT);
      if (reservation.ok) return { allowed: true };
      const reopensAt = Date.parse(reservation.windowStart) + LOGIN_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now) / 1000)) };
    },
    async account(email) {
      return (await reserve(`reset-account:${email}`, RESET_EMAILS_PER_ACCOUNT)).reservation.ok;
    },
  };
}
