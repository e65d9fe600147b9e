import { describe, expect, it } from "vitest";
import { addSources, firebaseContentSecurityPolicy } from "./firebase-csp";
import { headerOptionsFromEnv } from "./firebase-headers";

describe("firebaseContentSecurityPolicy", () => {
  it("is the server's policy with the build's hashes and the Firebase endpoints in connect-src", () => {
    const policy = firebaseContentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], recaptcha: false });
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain(
      "connect-src 'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;",
    );
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("adds the emulators of a local build and reCAPTCHA when configured", () => {
    const policy = firebaseContentSecurityPolicy({
      scriptHashes: [],
      recaptcha: true,
      emulatorHosts: ["127.0.0.1:8080"],
    });
    expect(policy).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:8080/);
    expect(policy).toContain("https://www.google.com/recaptcha/");
  });

  it("adds Turnstile's host, and only the hosts of the provider the build uses", () => {
    const policy = firebaseContentSecurityPolicy({ scriptHashes: [], recaptcha: false, turnstile: true });
    expect(policy).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(policy).toContain("frame-src https://challenges.cloudflare.com");
    const paths = { clientDir: "c", configPath: "f" };
    const both = { VITE_RECAPTCHA_SITE_KEY: "6Lc", VITE_TURNSTILE_SITE_KEY: "0x4AAA" };
    expect(headerOptionsFromEnv({ ...both, VITE_BOT_CHECK_PROVIDER: "turnstile" }, paths)).toMatchObject({
      recaptcha: false,
      turnstile: true,
    });
    expect(headerOptionsFromEnv(both, paths)).toMatchObject({ recaptcha: true, turnstile: false });
  });

  it("appends to one directive only, or adds it when missing", () => {
    expect(addSources("default-src 'self'; connect-src 'self'", "connect-src", ["https://a"])).toBe(
      "default-src 'self'; connect-src 'self' https://a",
    );
    expect(addSources("default-src 'self'", "connect-src", ["https://a"])).toBe(
      "default-src 'self'; connect-src https://a",
    );
  });
});
