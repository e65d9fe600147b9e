import { describe, expect, it } from "vitest";
import {
  confirmationToken,
  confirmationUrl,
  derivePrivacyKeys,
  emailHash,
  unsubscribeToken,
  unsubscribeUrl,
  verifyConfirmationToken,
  verifyUnsubscribeToken,
} from "./keys";

const keys = derivePrivacyKeys("a-secret-that-is-at-least-32-characters");

describe("privacy keys", () => {
  it("signs unsubscribe tokens that verify only with the same secret and id", () => {
    const token = unsubscribeToken(keys, "3f1c9a7e-0000-4000-8000-000000000001");
    expect(token).toMatch(/^3f1c9a7e-0000-4000-8000-000000000001\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(keys, token)).toBe("3f1c9a7e-0000-4000-8000-000000000001");
    expect(verifyUnsubscribeToken(derivePrivacyKeys("another-secret-that-is-32-characters-long"), token)).toBeNull();
    const [, signature] = token.split(".");
    expect(verifyUnsubscribeToken(keys, `3f1c9a7e-0000-4000-8000-000000000002.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(keys, `${token}x`)).toBeNull();
  });

  it("puts no email address in the link", () => {
    expect(unsubscribeUrl("https://erf.co.za", unsubscribeToken(keys, "id-1"))).toMatch(
      /^https:\/\/erf\.co\.za\/unsubscribe\?token=id-1\.[A-Za-z0-9_-]{43}$/,
    );
  });

  it("hashes addresses case-insensitively with a key, never as a bare SHA-256", () => {
    expect(emailHash(keys, " Reader@Example.com ")).toBe(emailHash(keys, "reader@example.com"));
    expect(emailHash(keys, "reader@example.com")).not.toBe(
      emailHash(derivePrivacyKeys("another-secret-that-is-32-characters-long"), "reader@example.com"),
    );
    expect(emailHash(keys, "reader@example.com")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("derives separate keys per purpose", () => {
    expect(keys.unsubscribe.equals(keys.suppression)).toBe(false);
    expect(keys.confirmation.equals(keys.unsubscribe)).toBe(false);
  });

  it("signs confirmation tokens that are no unsubscribe tokens, and the reverse", () => {
    const id = "0198a1b2-0000-7000-8000-000000000001";
    const token = confirmationToken(keys, id);
    expect(verifyConfirmationToken(keys, token)).toBe(id);
    expect(verifyUnsubscribeToken(keys, token)).toBeNull();
    expect(verifyConfirmationToken(keys, unsubscribeToken(keys, id))).toBeNull();
    expect(verifyConfirmationToken(derivePrivacyKeys("another-secret-that-is-32-characters-long"), token)).toBeNull();
    expect(confirmationUrl("https://erf.co.za", token)).toBe(`https://erf.co.za/newsletter/confirm?token=${token}`);
  });
});
