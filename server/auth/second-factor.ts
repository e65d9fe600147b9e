import { claimTotpStep, useRecoveryCode, type AdminsTable, type Db } from "../db/store";
import type { PrivacyKeys } from "../privacy/keys";
import { recoveryCodeHash } from "./recovery-codes";
import { openSecret } from "./secret-box";
import { looksLikeTotp, matchTotpStep } from "./totp";

export type SecondFactor = "totp" | "recovery-code";

/**
 * Checks a code against the account's two-factor: six digits as a TOTP code (right within the window,
 * for a step after the last one accepted, which it then becomes), anything else as one of its unused
 * recovery codes (used up by this). Null when it is neither.
 */
export async function verifySecondFactor(
  db: Db,
  keys: PrivacyKeys,
  admin: Pick<AdminsTable, "id" | "totpSecret" | "totpLastStep">,
  code: string,
  now: Date,
): Promise<SecondFactor | null> {
  const secret = admin.totpSecret === null ? null : openSecret(keys.twoFactorSecret, admin.id, admin.totpSecret);
  if (secret === null) return null;
  if (looksLikeTotp(code)) {
    const step = matchTotpStep(
      secret,
      code,
      now.getTime(),
      admin.totpLastStep === null ? null : Number(admin.totpLastStep),
    );
    return step !== null && (await claimTotpStep(db, admin.id, step)) ? "totp" : null;
  }
  return (await useRecoveryCode(db, admin.id, recoveryCodeHash(keys.recoveryCode, code), now)) ? "recovery-code" : null;
}
