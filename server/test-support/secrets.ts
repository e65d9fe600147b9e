// Fixed secrets for tests (what main.ts would resolve from the env or data/app-secret, and what an
// authenticator app would hold).

export const TEST_APP_SECRET = "test-app-secret-0123456789abcdefghijklmnop";

/** The TOTP secret (base32) of every test account that has two-factor on, unless a test sets another. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
