import { describe, expect, it } from "vitest";
import { addSources, firebaseContentSecurityPolicy } from "./firebase-csp";

describe("firebaseContentSecurityPolicy", () => {
  it("is the server's policy with the build's hashes and the Firebase endpoints in connect-src", () => {
    const policy = firebaseContentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], recaptcha: false });
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("connect-src 'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("adds the emulators of a local build and reCAPTCHA when configured", () => {
    const policy = firebaseContentSecurityPolicy({ scriptHashes: [], recaptcha: true, emulatorHosts: ["127.0.0.1:8080"] });
    expect(policy).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:8080/);
    expect(policy).toContain("https://www.google.com/recaptcha/");
  });

  it("appends to one directive only, or adds it when missing", () => {
    expect(addSources("default-src 'self'; connect-src 'self'", "connect-src", ["https://a"])).toBe("default-src 'self'; connect-src 'self' https://a");
    expect(addSources("default-src 'self'", "connect-src", ["https://a"])).toBe("default-src 'self'; connect-src https://a");
  });
});
