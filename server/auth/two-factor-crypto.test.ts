import { describe, expect, it } from "vitest";
import { derivePrivacyKeys } from "../privacy/keys";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box";
import { hashLinkToken, invitationUrl, linkToken, passwordResetUrl } from "./staff-links";
import { matchTotpStep, newTotpSecret, totpCode, totpStep } from "./totp";

const keys = derivePrivacyKeys("a-secret-that-is-at-least-32-characters");
const otherKeys = derivePrivacyKeys("another-secret-that-is-32-characters-long");

describe("two-factor secrets at rest", () => {
  it("seal to something that opens only with the same key and for the same account", () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(keys.twoFactorSecret, "admin-1", secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(keys.twoFactorSecret, "admin-1", secret)).not.toBe(sealed);
    expect(openSecret(keys.twoFactorSecret, "admin-1", sealed)).toBe(secret);
    expect(openSecret(otherKeys.twoFactorSecret, "admin-1", sealed)).toBeNull();
    expect(openSecret(keys.twoFactorSecret, "admin-2", sealed)).toBeNull();
    expect(openSecret(keys.twoFactorSecret, "admin-1", `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openSecret(keys.twoFactorSecret, "admin-1", "not sealed")).toBeNull();
  });
});

describe("TOTP codes", () => {
  // RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (base32 below) at 59 s gives 94287082;
  // six digits are its last six.
  const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  it("match the RFC's test vector", () => {
    expect(totpStep(59_000)).toBe(1);
    expect(totpCode(RFC_SECRET, 1)).toBe("287082");
    expect(totpCode(RFC_SECRET, totpStep(1_111_111_109_000))).toBe("081804");
  });

  it("are accepted one step either side, only after the last step accepted, and only as six digits", () => {
    const now = 1_750_000_000_000;
    const step = totpStep(now);
    const secret = newTotpSecret();
    expect(matchTotpStep(secret, totpCode(secret, step - 1), now, null)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 1), now, null)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 2), now, null)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 1), now, step)).toBe(step + 1);
    expect(matchTotpStep(secret, ` ${totpCode(secret, step)}`, now, null)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are 10 distinct 80-bit codes, hashed with a key, whatever the case or dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [code = ""] = codes;
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(recoveryCodeHash(keys.recoveryCode, code.toUpperCase().replace(/-/g, " "))).toBe(
      recoveryCodeHash(keys.recoveryCode, code),
    );
    expect(recoveryCodeHash(otherKeys.recoveryCode, code)).not.toBe(recoveryCodeHash(keys.recoveryCode, code));
  });
});

describe("staff links", () => {
  it("derive each token from its row id with a key of its own, and carry it in the fragment", () => {
    const invitation = linkToken(keys.invitation, "invitation", "row-1");
    expect(invitation).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkToken(keys.passwordReset, "password-reset", "row-1")).not.toBe(invitation);
    expect(linkToken(otherKeys.invitation, "invitation", "row-1")).not.toBe(invitation);
    expect(hashLinkToken(invitation)).toMatch(/^[0-9a-f]{64}$/);
    expect(invitationUrl("https://erf.co.za", invitation)).toBe(
      `https://erf.co.za/admin/accept-invitation#token=${invitation}`,
    );
    expect(passwordResetUrl("https://erf.co.za", "t")).toBe("https://erf.co.za/admin/reset-password#token=t");
  });
});
