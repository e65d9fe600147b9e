import type { Clock } from "../clock";
import { purgeLoginThrottle, releaseAttempt, reserveAttempt, type Db } from "../db/store";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginAttempt {
  email: string;
  ip: string;
  /** The id of a valid device token for this email (auth/device-token.ts), or null for an unknown browser. */
  device: string | null;
}

export interface LoginThrottle {
  /** Takes an attempt slot for each of the attempt's keys, or refuses when any is used up. */
  reserve(attempt: LoginAttempt): Promise<ThrottleDecision>;
  /** Returns the slot after a successful login. */
  release(attempt: LoginAttempt): Promise<void>;
  purgeExpired(): Promise<number>;
}

/**
 * An unknown browser counts against the account and its IP: per account stops guessing one password
 * from many addresses, per IP stops one address spraying many accounts. Unknown emails get counters
 * too, so the lockout does not reveal which exist.
 *
 * A known browser (OWASP's device cookie) counts only against its own device, so an attacker's
 * failures, which lock the account and their IP (maybe the office's shared one), never lock out the
 * staff member's own browser. It needs no IP key: its token is good for one account only, so it
 * cannot spray, and guessing with a stolen one meets the device's own limit.
 */
const keysFor = ({ email, ip, device }: LoginAttempt) =>
  device ? [`device:${device}`] : [`account:${email}`, `ip:${ip}`];

export function createLoginThrottle(db: Db, clock: Clock, limit: number): LoginThrottle {
  const windowOpenedBefore = (now: number) => new Date(now - LOGIN_WINDOW_MS).toISOString();
  return {
    async reserve(attempt) {
      const now = clock().getTime();
      const reservation = await reserveAttempt(db, keysFor(attempt), {
        now: new Date(now).toISOString(),
        windowOpenedBefore: windowOpenedBefore(now),
        limit,
      });
      if (reservation.ok) return { allowed: true };
      const reopensAt = Date.parse(reservation.windowStart) + LOGIN_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now) / 1000)) };
    },
    release: (attempt) => releaseAttempt(db, keysFor(attempt), windowOpenedBefore(clock().getTime())),
    purgeExpired: () => purgeLoginThrottle(db, windowOpenedBefore(clock().getTime())),
  };
}
