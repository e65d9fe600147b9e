import type { Clock } from "../clock";
import { purgeLoginThrottle, releaseAttempt, reserveAttempt } from "../db/login-throttle";
import type { Db } from "../db/schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Takes an attempt slot for the account and the client IP, or refuses when either is used up. */
  reserve(email: string, ip: string): Promise<ThrottleDecision>;
  /** Returns the slot after a successful login. */
  release(email: string, ip: string): Promise<void>;
  purgeExpired(): Promise<number>;
}

// Both keys: per account stops guessing one password from many addresses, per IP stops one address
// spraying many accounts. Unknown emails get counters too, so the lockout does not reveal which exist.
const keysFor = (email: string, ip: string) => [`account:${email}`, `ip:${ip}`];

export function createLoginThrottle(db: Db, clock: Clock, limit: number): LoginThrottle {
  const windowOpenedBefore = (now: number) => new Date(now - LOGIN_WINDOW_MS).toISOString();
  return {
    async reserve(email, ip) {
      const now = clock().getTime();
      const reservation = await reserveAttempt(db, keysFor(email, ip), {
        now: new Date(now).toISOString(),
        windowOpenedBefore: windowOpenedBefore(now),
        limit,
      });
      if (reservation.ok) return { allowed: true };
      const reopensAt = Date.parse(reservation.windowStart) + LOGIN_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now) / 1000)) };
    },
    release: (email, ip) => releaseAttempt(db, keysFor(email, ip), windowOpenedBefore(clock().getTime())),
    purgeExpired: () => purgeLoginThrottle(db, windowOpenedBefore(clock().getTime())),
  };
}
