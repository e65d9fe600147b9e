import { describe, expect, it } from "vitest";
import { checkPasswordStrength, createPasswordHasher, MIN_PASSWORD_LENGTH } from "./passwords";

describe("password hashing", () => {
  // One production hasher for the file: each hash at 19 MiB costs tens of milliseconds.
  const hasher = createPasswordHasher();

  it("uses argon2id with 19 MiB, 2 passes and 1 lane by default", async () => {
    const hash = await hasher.hash("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.verify(hash, "correct horse battery staple")).toBe(true);
    expect(await hasher.verify(hash, "correct horse battery stapler")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hasher.hash("same password twice")).not.toBe(await hasher.hash("same password twice"));
  });

  it("treats a malformed stored hash as a failed verification, not an error", async () => {
    expect(await hasher.verify("not-a-hash", "anything at all")).toBe(false);
  });

  it("verifies against a dummy hash for unknown accounts, always failing", async () => {
    expect(await hasher.verifyDummy("correct horse battery staple")).toBe(false);
  });

  it("requires at least 12 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(checkPasswordStrength("elevenchars")).toBe("too-short");
    expect(checkPasswordStrength("twelve chars")).toBeNull();
    expect(checkPasswordStrength("x".repeat(1_025))).toBe("too-long");
  });
});
