import { describe, expect, it } from "vitest";
import { configFromEnv, EnvError } from "./env";

describe("configFromEnv", () => {
  it("fills the documented defaults", () => {
    expect(configFromEnv({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: "sqlite:data/erf.sqlite",
      rateLimitPerMinute: 10,
      recaptchaSecret: null,
      recaptchaMinScore: 0.5,
      recaptchaSiteKey: null,
      botCheckProvider: "recaptcha",
      turnstileSecret: null,
      turnstileSiteKey: null,
      spamThreshold: 40,
      trustProxy: 0,
      webhooksAllowPrivate: false,
      webhookRetryBaseMs: 5_000,
      webhookWorkerInServer: true,
      adminEmail: null,
      adminPassword: null,
      adminTotpSecret: null,
      loginMaxFailures: 10,
      eventStreamsMax: 1000,
      appSecret: null,
      smtpUrl: null,
      mailFrom: "Erf <hello@erf.co.za>",
      notifyTo: [],
      publicUrl: "http://localhost:3000",
      allowedHosts: [],
      allowLoopbackHosts: true,
      newsletterDoubleOptIn: false,
      retentionDays: 730,
      logLevel: "info",
      nodeEnv: "development",
    });
  });

  it("chooses the bot check: Turnstile with its keys (the browser build's names too), and names a bad provider", () => {
    expect(
      configFromEnv({ BOT_CHECK_PROVIDER: "turnstile", TURNSTILE_SECRET: "ts", TURNSTILE_SITE_KEY: "0x4AAA" }),
    ).toMatchObject({
      botCheckProvider: "turnstile",
      turnstileSecret: "ts",
      turnstileSiteKey: "0x4AAA",
    });
    expect(configFromEnv({ VITE_BOT_CHECK_PROVIDER: "turnstile", VITE_TURNSTILE_SITE_KEY: "0x4BBB" })).toMatchObject({
      botCheckProvider: "turnstile",
      turnstileSiteKey: "0x4BBB",
    });
    expect(() => configFromEnv({ BOT_CHECK_PROVIDER: "hcaptcha" })).toThrow(EnvError);
    expect(() => configFromEnv({ BOT_CHECK_PROVIDER: "hcaptcha" })).toThrow(/BOT_CHECK_PROVIDER/);
  });

  it("reads every setting", () => {
    const config = configFromEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://erf@db:5432/erf",
      RATE_LIMIT_PER_MINUTE: "30",
      RECAPTCHA_SECRET: "s3cret",
      RECAPTCHA_MIN_SCORE: "0.7",
      VITE_RECAPTCHA_SITE_KEY: "site",
      TRUST_PROXY: "true",
      ADMIN_EMAIL: "Owner@Erf.co.za",
      ADMIN_PASSWORD: "correct horse battery",
      ADMIN_TOTP_SECRET: "jbsw y3dp ehpk 3pxp",
      LOGIN_MAX_FAILURES: "5",
      EVENT_STREAMS_MAX: "50",
      APP_SECRET: "s".repeat(32),
      SMTP_URL: "smtp://mailer:pw@mail.internal:587",
      MAIL_FROM: "Erf News <news@erf.co.za>",
      NOTIFY_TO: " sales@erf.co.za, ops@erf.co.za ,",
      PUBLIC_URL: "https://erf.co.za/",
      ALLOWED_HOSTS: "www.erf.co.za, CRM.Erf.co.za ,",
      NEWSLETTER_DOUBLE_OPT_IN: "true",
      RETENTION_DAYS: "365",
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgresql://erf@db:5432/erf",
      rateLimitPerMinute: 30,
      recaptchaSecret: "s3cret",
      recaptchaMinScore: 0.7,
      recaptchaSiteKey: "site",
      trustProxy: 1,
      adminEmail: "owner@erf.co.za",
      adminPassword: "correct horse battery",
      adminTotpSecret: "JBSWY3DPEHPK3PXP",
      loginMaxFailures: 5,
      eventStreamsMax: 50,
      appSecret: "s".repeat(32),
      smtpUrl: "smtp://mailer:pw@mail.internal:587",
      mailFrom: "Erf News <news@erf.co.za>",
      notifyTo: ["sales@erf.co.za", "ops@erf.co.za"],
      publicUrl: "https://erf.co.za",
      allowedHosts: ["www.erf.co.za", "crm.erf.co.za"],
      allowLoopbackHosts: false,
      newsletterDoubleOptIn: true,
      retentionDays: 365,
      logLevel: "silent",
      nodeEnv: "production",
    });
  });

  it("treats an empty value as unset", () => {
    expect(configFromEnv({ RECAPTCHA_SECRET: "", PORT: "" })).toMatchObject({ recaptchaSecret: null, port: 3000 });
  });

  it("names every bad setting in one readable error", () => {
    const read = () =>
      configFromEnv({ PORT: "eighty", TRUST_PROXY: "maybe", DATABASE_URL: "mysql://x", RECAPTCHA_MIN_SCORE: "2" });
    expect(read).toThrow(EnvError);
    expect(read).toThrow(/PORT: Must be a number/);
    expect(read).toThrow(/TRUST_PROXY: Use "false", "true" \(one proxy\) or the number of proxies/);
    expect(read).toThrow(/DATABASE_URL: Use "sqlite:<file>"/);
    expect(read).toThrow(/RECAPTCHA_MIN_SCORE/);
  });

  it("defaults PUBLIC_URL to this server's port and refuses weak or malformed mail settings", () => {
    expect(configFromEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const read = () =>
      configFromEnv({
        APP_SECRET: "short",
        SMTP_URL: "mail.example.com",
        NOTIFY_TO: "ops@erf.co.za, nobody",
        RETENTION_DAYS: "0",
      });
    expect(read).toThrow(/APP_SECRET: Use at least 32 characters/);
    expect(read).toThrow(/SMTP_URL: Use an smtp:\/\//);
    expect(read).toThrow(/NOTIFY_TO/);
    expect(read).toThrow(/RETENTION_DAYS/);
  });

  it("reads TRUST_PROXY as the number of proxies in front, true being one and false none", () => {
    const hops = (value: string) => configFromEnv({ TRUST_PROXY: value }).trustProxy;
    expect([hops("true"), hops("TRUE"), hops("yes"), hops("1"), hops("2"), hops("3")]).toEqual([1, 1, 1, 1, 2, 3]);
    expect([hops("false"), hops("no"), hops("0")]).toEqual([0, 0, 0]);
    for (const bad of ["-1", "1.5", "two", "on", "100"]) {
      expect(() => hops(bad), bad).toThrow(/TRUST_PROXY: Use "false", "true" \(one proxy\) or the number of proxies/);
    }
  });

  it("answers on loopback names only in development or while PUBLIC_URL is unset, and refuses ALLOWED_HOSTS that are not bare host names", () => {
    const loopback = (env: Record<string, string>) => configFromEnv(env).allowLoopbackHosts;
    expect(loopback({ NODE_ENV: "production" })).toBe(true);
    expect(loopback({ NODE_ENV: "development", PUBLIC_URL: "https://erf.co.za" })).toBe(true);
    expect(loopback({ NODE_ENV: "test", PUBLIC_URL: "https://erf.co.za" })).toBe(true);
    expect(loopback({ NODE_ENV: "production", PUBLIC_URL: "https://erf.co.za" })).toBe(false);
    expect(configFromEnv({ ALLOWED_HOSTS: "[::1],10.0.0.5,erf.co.za." }).allowedHosts).toEqual([
      "[::1]",
      "10.0.0.5",
      "erf.co.za",
    ]);
    for (const bad of [
      "https://erf.co.za",
      "erf.co.za:8443",
      "evil.test@erf.co.za",
      "erf.co.za/admin",
      "*",
      "erf co za",
    ]) {
      expect(() => configFromEnv({ ALLOWED_HOSTS: `www.erf.co.za,${bad}` }), bad).toThrow(
        /ALLOWED_HOSTS.*: Use a comma list of host names/,
      );
    }
  });

  it("refuses an ADMIN_TOTP_SECRET that is not base32 or too short to be a secret", () => {
    for (const bad of ["JBSWY3DP", "not base32 at all!", "JBSWY3DPEHPK3PX1"]) {
      expect(() => configFromEnv({ ADMIN_TOTP_SECRET: bad }), bad).toThrow(
        /ADMIN_TOTP_SECRET: Use a base32 TOTP secret/,
      );
    }
  });

  it("turns the server's webhook worker off with WEBHOOK_WORKER_IN_SERVER=false, and refuses a value that is not a flag", () => {
    expect(configFromEnv({ WEBHOOK_WORKER_IN_SERVER: "false" }).webhookWorkerInServer).toBe(false);
    expect(configFromEnv({ WEBHOOK_WORKER_IN_SERVER: "true" }).webhookWorkerInServer).toBe(true);
    expect(() => configFromEnv({ WEBHOOK_WORKER_IN_SERVER: "sometimes" })).toThrow(/WEBHOOK_WORKER_IN_SERVER/);
  });

  it("reads WEBHOOK_RETRY_BASE_MS in whole milliseconds, at least 100", () => {
    expect(configFromEnv({ WEBHOOK_RETRY_BASE_MS: "1000" }).webhookRetryBaseMs).toBe(1000);
    expect(() => configFromEnv({ WEBHOOK_RETRY_BASE_MS: "50" })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
    expect(() => configFromEnv({ WEBHOOK_RETRY_BASE_MS: "1.5" })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
  });

  it("refuses double opt-in without a mail server to send the confirmations", () => {
    const read = () => configFromEnv({ NEWSLETTER_DOUBLE_OPT_IN: "true" });
    expect(read).toThrow(EnvError);
    expect(read).toThrow(/NEWSLETTER_DOUBLE_OPT_IN: Needs SMTP_URL/);
    expect(() => configFromEnv({ NEWSLETTER_DOUBLE_OPT_IN: "perhaps", SMTP_URL: "smtp://mail.internal:25" })).toThrow(
      /NEWSLETTER_DOUBLE_OPT_IN: Use "true" or "false"/,
    );
  });
});
