import { systemClock, type Clock } from "../clock";
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from "../auth/totp";
import { TEST_TOTP_SECRET } from "./secrets";

// TOTP codes for test accounts, computed from the secret as an authenticator app would. The server
// refuses a code of a step it has accepted one for already (or an earlier one), so the last step used
// is remembered per account, and a code of a step not used yet is given: the current one or the next
// (the previous one too while the step is young enough that it cannot run out before the server checks
// it). When all three are used, it waits for the next step on the real clock; on a test's manual clock
// time only moves when the test moves it, so it says so instead.

const lastSteps = new Map<string, number>();
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
/** How much of a step must be left before its predecessor is offered. */
const SAFETY_MS = 3_000;

/** The clock of each app the tests made with one (test-support/app.ts records it): codes follow it. */
export const appClocks = new WeakMap<object, Clock>();

/** Forgets the steps used for an account (it was seeded again: a new row, nothing accepted yet). */
export const forgetTotpSteps = (account: string): void => void lastSteps.delete(account);

/** Remembers that a code of this step was accepted for the account by other means. */
export const noteTotpStep = (account: string, step: number): void =>
  void lastSteps.set(account, Math.max(step, lastSteps.get(account) ?? -Infinity));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A code the server will accept for `account` now, remembered as used. */
export async function nextTotpCode(
  account: string,
  { secret = TEST_TOTP_SECRET, clock = systemClock }: { secret?: string; clock?: Clock } = {},
): Promise<string> {
  for (;;) {
    const ms = clock().getTime();
    const current = totpStep(ms);
    const young = clock === systemClock ? ms - current * PERIOD_MS < PERIOD_MS - SAFETY_MS : true;
    const last = lastSteps.get(account);
    const step = Math.max(young ? current - 1 : current, last === undefined ? -Infinity : last + 1);
    if (step <= current + 1) {
      lastSteps.set(account, step);
      return totpCode(secret, step);
    }
    if (clock !== systemClock)
      throw new Error(
        `Every TOTP step around the test clock's time was used for ${account}: advance the clock by ${TOTP_PERIOD_SECONDS} s`,
      );
    await sleep((current + 1) * PERIOD_MS - ms + 50);
  }
}
