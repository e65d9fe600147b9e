import { existsSync } from "node:fs";
import { z } from "zod";
import { BRAND } from "../src/config/brand";
import { DEFAULT_SPAM_THRESHOLD } from "../src/domain/spam";
import { WEBHOOK_RETRY_BASE_MS } from "../src/domain/webhooks";
import { BOT_CHECK_PROVIDERS, type BotCheckProvider } from "./security/bot-check";
import { parseHost } from "./http/host-name";
import { LOG_LEVELS, type LogLevel } from "./logger";

// The server's settings, parsed once at start-up. Nothing else in server/ reads process.env.

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: 'Use "true" or "false"' })
  .transform((value) => value === "true" || value === "1" || value === "yes");

// How many proxies of ours stand in front of the server, each appending to X-Forwarded-For (see
// http/forwarded.ts). "true" keeps its old meaning, one proxy; "false" (or 0) ignores the header.
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(true|false|yes|no|\d{1,2})$/,
    'Use "false", "true" (one proxy) or the number of proxies in front of the server (1, 2, ...)',
  )
  .transform((value) =>
    value === "true" || value === "yes" ? 1 : value === "false" || value === "no" ? 0 : Number(value),
  );

const hostList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine((entry) => parseHost(entry)?.port === "", {
          error: 'Use a comma list of host names without scheme or port, e.g. "erf.co.za,www.erf.co.za"',
        })
        .transform((entry) => parseHost(entry)!.name),
    ),
  );

const envSchema = z
  .object({
    PORT: z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'Use "sqlite:<file>" or a postgres:// / postgresql:// URL')
      .default("sqlite:data/erf.sqlite"),
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: "Must be a number" })
      .int("Must be a whole number")
      .min(1)
      .default(10),
    RECAPTCHA_SECRET: z.string().optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number({ error: "Must be a number" }).min(0).max(1).default(0.5),
    // The site key is the browser's setting; the server only needs to know whether one exists (CSP hosts).
    RECAPTCHA_SITE_KEY: z.string().optional(),
    VITE_RECAPTCHA_SITE_KEY: z.string().optional(),
    // Which bot check the forms use: Google's reCAPTCHA v3 or Cloudflare Turnstile (no cookies). The
    // browser's build reads VITE_BOT_CHECK_PROVIDER; the server takes either.
    BOT_CHECK_PROVIDER: z
      .enum(BOT_CHECK_PROVIDERS, { error: `Use one of ${BOT_CHECK_PROVIDERS.join(", ")}` })
      .optional(),
    VITE_BOT_CHECK_PROVIDER: z
      .enum(BOT_CHECK_PROVIDERS, { error: `Use one of ${BOT_CHECK_PROVIDERS.join(", ")}` })
      .optional(),
    TURNSTILE_SECRET: z.string().optional(),
    TURNSTILE_SITE_KEY: z.string().optional(),
    VITE_TURNSTILE_SITE_KEY: z.string().optional(),
    // Above this spam score (0-100) a lead or contact is held in the Spam view (src/domain/spam.ts).
    SPAM_THRESHOLD: z.coerce
      .number({ error: "Must be a number" })
      .int("Must be a whole number")
      .min(0, "Use 0 to 100")
      .max(100, "Use 0 to 100")
      .default(DEFAULT_SPAM_THRESHOLD),
    TRUST_PROXY: proxyHops.default(0),
    // Lets webhooks go to http:// URLs and to loopback and private addresses: development and tests only.
    WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
    // The first webhook retry's wait, the later ones scaled with it (5 s: 5 min, 30 min, 2 h, 5 h, 10 h, 10 h):
    // shorter only for development and the soak checks.
    WEBHOOK_RETRY_BASE_MS: z.coerce
      .number({ error: "Must be a number" })
      .int("Must be a whole number")
      .min(100, "At least 100")
      .default(WEBHOOK_RETRY_BASE_MS),
    // Whether the server sends webhooks itself (server/webhooks/worker.ts); off when `npm run worker` does.
    WEBHOOK_WORKER_IN_SERVER: flag.default(true),
    // The first admin, created at start-up only while the admins table is empty (see server/auth/bootstrap.ts).
    ADMIN_EMAIL: z.email("Enter a valid email address").optional(),
    ADMIN_PASSWORD: z.string().optional(),
    // Turns two-factor on for that first admin with this TOTP secret (base32), e.g. for end-to-end tests.
    ADMIN_TOTP_SECRET: z
      .string()
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z2-7]{16,128}=*$/, "Use a base32 TOTP secret of at least 16 characters (A-Z, 2-7)"))
      .optional(),
    LOGIN_MAX_FAILURES: z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(1).default(10),
    // Live streams (the dashboard's) open at once in this process, all sessions together; 10 per session.
    EVENT_STREAMS_MAX: z.coerce
      .number({ error: "Must be a number" })
      .int("Must be a whole number")
      .min(1)
      .default(1000),
    // Signs unsubscribe links and salts the suppression hashes. Unset: generated once and kept under data/.
    APP_SECRET: z.string().min(32, "Use at least 32 characters (e.g. openssl rand -base64 48)").optional(),
    // Outgoing mail (welcome emails, staff alerts); unset: nothing is sent and nothing is queued.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, "Use an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    NOTIFY_TO: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("Use a comma list of email addresses")))
      .optional(),
    // Extra host names the staff API answers on, besides PUBLIC_URL's (see security/allowed-hosts.ts).
    ALLOWED_HOSTS: hostList.optional(),
    // Off: a new address is subscribed at once (an address that opted out must still confirm by email).
    // On: every new subscription waits, as "pending", for the confirmation link in an email.
    NEWSLETTER_DOUBLE_OPT_IN: flag.default(false),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "Use an http:// or https:// URL" }).optional(),
    RETENTION_DAYS: z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(1).default(730),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `Use one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  })
  .superRefine((e, ctx) => {
    // Confirmations go by email: without a mail server every new subscription would stay pending.
    if (e.NEWSLETTER_DOUBLE_OPT_IN && !e.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["NEWSLETTER_DOUBLE_OPT_IN"],
        message: "Needs SMTP_URL: each subscription is confirmed by email",
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  rateLimitPerMinute: number;
  recaptchaSecret: string | null;
  recaptchaMinScore: number;
  recaptchaSiteKey: string | null;
  /** The bot check in use; the other provider's keys are ignored. */
  botCheckProvider: BotCheckProvider;
  turnstileSecret: string | null;
  turnstileSiteKey: string | null;
  /** A lead or contact scoring above this (0-100) is spam: held in the Spam view, announced to nobody. */
  spamThreshold: number;
  /** Proxies of ours in front of the server (TRUST_PROXY); 0 ignores X-Forwarded-* (see http/forwarded.ts). */
  trustProxy: number;
  /** Webhooks may go to http:// and to private addresses (WEBHOOKS_ALLOW_PRIVATE): never in production. */
  webhooksAllowPrivate: boolean;
  /** The first webhook retry's wait in ms (WEBHOOK_RETRY_BASE_MS), 5 s unless set. */
  webhookRetryBaseMs: number;
  /** The server runs the webhook worker on its own event loop (WEBHOOK_WORKER_IN_SERVER); false when a separate `npm run worker` sends. */
  webhookWorkerInServer: boolean;
  adminEmail: string | null;
  /** Used by the start-up bootstrap and by `npm run admin` as the password to set. */
  adminPassword: string | null;
  /** The first admin's TOTP secret (base32, upper case): the bootstrap creates it with two-factor on. */
  adminTotpSecret: string | null;
  /** Failed logins allowed per account and per client IP in the lockout window (15 minutes). */
  loginMaxFailures: number;
  /** Live streams open at once in this process, all sessions together (each session has at most 10). */
  eventStreamsMax: number;
  /** At least 32 characters; null until main.ts resolves it (generated and kept under data/ when unset). */
  appSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Staff addresses for new-lead alerts; alerts are on when this and smtpUrl are set. */
  notifyTo: string[];
  /** The site's public origin, for links in emails (no trailing slash). */
  publicUrl: string;
  /** Host names the staff API answers on besides PUBLIC_URL's (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /**
   * Whether the staff API also answers on localhost, 127.0.0.1 and [::1] (any port): in development,
   * and while PUBLIC_URL is unset (then the links in emails point at localhost too).
   */
  allowLoopbackHosts: boolean;
  /** Every new subscription is "pending" until the address confirms it by the emailed link. */
  newsletterDoubleOptIn: boolean;
  /** Closed leads and contacts and unsubscribed addresses are purged this many days after their last status change. */
  retentionDays: number;
  logLevel: LogLevel;
  nodeEnv: "development" | "production" | "test";
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Builds the config from any env-like object, so tests can make configs without touching process.env. */
export function configFromEnv(env: Record<string, string | undefined>): Config {
  // An empty value (KEY= in a .env file or compose) means "not set", not "set to empty".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    recaptchaSecret: e.RECAPTCHA_SECRET ?? null,
    recaptchaMinScore: e.RECAPTCHA_MIN_SCORE,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY ?? e.VITE_RECAPTCHA_SITE_KEY ?? null,
    botCheckProvider: e.BOT_CHECK_PROVIDER ?? e.VITE_BOT_CHECK_PROVIDER ?? "recaptcha",
    turnstileSecret: e.TURNSTILE_SECRET ?? null,
    turnstileSiteKey: e.TURNSTILE_SITE_KEY ?? e.VITE_TURNSTILE_SITE_KEY ?? null,
    spamThreshold: e.SPAM_THRESHOLD,
    trustProxy: e.TRUST_PROXY,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookWorkerInServer: e.WEBHOOK_WORKER_IN_SERVER,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    adminTotpSecret: e.ADMIN_TOTP_SECRET ?? null,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    appSecret: e.APP_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `${BRAND.name} <${BRAND.emails.hello}>`,
    notifyTo: e.NOTIFY_TO ?? [],
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    allowLoopbackHosts: e.PUBLIC_URL === undefined || e.NODE_ENV !== "production",
    newsletterDoubleOptIn: e.NEWSLETTER_DOUBLE_OPT_IN,
    retentionDays: e.RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
  };
}

/**
 * The one read of process.env, called by main.ts at start-up. A ./.env file (see .env.example) fills
 * in what the real environment leaves unset; the real environment always wins.
 */
export function loadConfig(envFile = ".env"): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return configFromEnv(process.env);
}
