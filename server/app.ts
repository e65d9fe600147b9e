import { Hono } from "hono";
import { systemClock, type Clock } from "./clock";
import type { Config } from "./env";
import { createLogger, type Logger } from "./logger";
import { assignRoundRobin, isPostgres, SubmissionWriter, type Db } from "./db/store";
import { handleError, handleNotFound } from "./http/errors";
import { requestLog } from "./http/request-log";
import { closeUnreadBodies } from "./http/unread-body";
import { healthRoutes } from "./routes/health";
import { publicContactsRoutes } from "./routes/public-contacts";
import { publicFormGuard } from "./routes/public-forms";
import { publicLeadsRoutes } from "./routes/public-leads";
import { htmlFormPosts } from "./routes/html-form-posts";
import { publicNewsletterRoutes } from "./routes/public-newsletter";
import { adminRoutes } from "./routes/admin";
import { HEARTBEAT_MS } from "./routes/admin-events";
import { authRoutes } from "./routes/auth";
import { recoveryRoutes } from "./routes/auth-recovery";
import { twoFactorRoutes } from "./routes/auth-two-factor";
import { createDeviceTokens } from "./auth/device-token";
import { createLoginThrottle } from "./auth/login-throttle";
import { createPasswordHasher, type PasswordHasher } from "./auth/passwords";
import { requireSession } from "./auth/require-session";
import { createResetThrottle } from "./auth/reset-throttle";
import { requireEnrolment } from "./auth/roles";
import { apiTokenAuth, sessionOrToken } from "./auth/api-tokens";
import { TOKEN_RATE_PER_MINUTE } from "../src/domain/api-tokens";
import { createSessionStore } from "./auth/sessions";
import { createLocalChangeFeed, type ChangeFeed } from "./events/change-feed";
import { createStreamSlots, MAX_STREAMS_PER_SESSION } from "./events/stream-slots";
import { noStore } from "./http/no-store";
import { sameOriginWrites } from "./security/same-origin";
import { allowedHostsOnly } from "./security/allowed-hosts";
import { buildContentSecurityPolicy } from "./security/csp";
import { securityHeaders } from "./security/headers";
import { createFixedWindowLimiter, RATE_LIMIT_WINDOW_MS } from "./security/rate-limit";
import { createDatabaseLimiter } from "./security/shared-rate-limit";
import type { BotCheckVerifier } from "./security/bot-check";
import { createSpamScorer } from "./security/spam-score";
import { formStampRoutes } from "./routes/form-stamp";
import { createFormPages } from "./static/form-page";
import { serveSite } from "./static/serve-site";
import type { Site } from "./static/site";
import { mailSwitches } from "./mail/settings";
import { derivePrivacyKeys } from "./privacy/keys";
import { oneClickUnsubscribeRoutes, unsubscribeApiRoutes } from "./routes/unsubscribe";
import { newsletterConfirmRoutes } from "./routes/newsletter-confirm";
import { csvChunks, type CsvSource } from "./export/csv-chunks";
import { openApiRoutes } from "./openapi/routes";
import { wellFormedPathParams } from "./http/path-params";

export interface AppDeps {
  db: Db;
  config: Config;
  /** Verifies bot-check tokens (BOT_CHECK_PROVIDER's); null when its secret is not set (verdict "skipped"). */
  verifier: BotCheckVerifier | null;
  clock?: Clock;
  logger?: Logger;
  /** The built site to serve; without it the app is API-only and 404s are plain. */
  site?: Site | null;
  /** Wakes admin event streams; main.ts passes the PostgreSQL LISTEN feed, the default is in-process. */
  changeFeed?: ChangeFeed;
  /** Aborted at shutdown to end open event streams. */
  shutdownSignal?: AbortSignal;
  /**
   * Tests only: a cheaper argon2 cost. main.ts and the CLI never set it, so production always hashes
   * with the OWASP parameters (see auth/passwords.ts).
   */
  passwordHasher?: PasswordHasher;
  /** Tests only: a shorter event-stream heartbeat than the production 25 s. */
  eventsHeartbeatMs?: number;
  /** Wakes the outbox sender after a commit that queued mail; main.ts passes its worker's. */
  wakeOutbox?: () => void;
  /** Wakes the webhook sender after a resend or an endpoint switched back on (it also follows the change feed). */
  wakeWebhooks?: () => void;
  /** Tests: how webhook URLs' host names resolve when an endpoint is saved. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Where reads that need not wait for writes go (see connectReader); `db` when not given. */
  reader?: Db;
  /**
   * Where the CSV export's chunks come from: main.ts passes a worker thread's (export/csv-thread.ts);
   * the default reads `reader` on this thread.
   */
  csvSource?: CsvSource;
}

/** The whole HTTP surface, composed once; tests call app.request() on it in-process. */
export function createApp({
  db,
  config,
  verifier,
  clock = systemClock,
  logger,
  site = null,
  changeFeed = createLocalChangeFeed(),
  shutdownSignal = new AbortController().signal,
  passwordHasher = createPasswordHasher(),
  eventsHeartbeatMs = HEARTBEAT_MS,
  wakeOutbox = () => {},
  wakeWebhooks = () => {},
  resolveHost,
  reader = db,
  csvSource = (parts, options) => csvChunks(reader, parts, options),
}: AppDeps) {
  const log = logger ?? createLogger(config.logLevel);
  // main.ts resolves APP_SECRET (or the generated one) before it gets here; tests pass their own.
  if (!config.appSecret)
    throw new Error("config.appSecret is not set: resolve it first (see server/privacy/app-secret.ts)");
  const keys = derivePrivacyKeys(config.appSecret);
  const app = new Hono();

  app.use(closeUnreadBodies);
  app.use(requestLog(log));
  app.use(
    securityHeaders(
      buildContentSecurityPolicy({
        scriptHashes: site?.scriptHashes ?? [],
        recaptcha: config.botCheckProvider === "recaptcha" && config.recaptchaSiteKey !== null,
        turnstile: config.botCheckProvider === "turnstile" && config.turnstileSiteKey !== null,
      }),
    ),
  );
  // A path parameter that does not percent-decode is a 400 naming it, for every route (http/path-params.ts).
  app.use(wellFormedPathParams);

  // One limiter shared by the three forms: the limit is per client across all of them. PostgreSQL may
  // serve several instances, so it counts there; a SQLite file serves one process, which counts in memory.
  const window = { limit: config.rateLimitPerMinute, windowMs: RATE_LIMIT_WINDOW_MS, clock };
  const limiter = isPostgres(db) ? createDatabaseLimiter(db, window) : createFixedWindowLimiter(window);
  const guard = publicFormGuard(limiter, config);
  // The same forms posted by the browser itself, without JavaScript: answered with pages (decision 0027).
  const htmlForms = htmlFormPosts({
    limiter,
    trustProxy: config.trustProxy,
    pages: createFormPages(site),
    logger: log,
  });
  const mail = mailSwitches(config);
  // Round-robin assignment runs in each submission group's transaction (db/round-robin.ts).
  const writer = new SubmissionWriter(db, {
    assign: (trx, rows) => assignRoundRobin(trx, rows, { notify: mail.assignments }),
    onMailQueued: wakeOutbox,
  });
  const spam = createSpamScorer({
    reader,
    threshold: config.spamThreshold,
    stampKey: keys.renderStamp,
    contentKey: keys.contentHash,
  });
  const submissionDeps = {
    db,
    reader,
    writer,
    config,
    verifier,
    clock,
    logger: log,
    feed: changeFeed,
    keys,
    mail,
    wakeOutbox,
    spam,
  };
  // The signed render stamp a form fetches when first used (the too-fast signal); public, never cached.
  app.route("/api/form-stamp", formStampRoutes({ key: keys.renderStamp, clock }));
  app.route("/api/contacts", publicContactsRoutes(submissionDeps, guard, htmlForms));
  app.route("/api/leads", publicLeadsRoutes(submissionDeps, guard, htmlForms));
  app.route("/api/newsletter", publicNewsletterRoutes(submissionDeps, guard, htmlForms));
  app.route("/healthz", healthRoutes(db));

  // Unsubscribing needs no login and no same-origin check: the signed token is the authority, and mail
  // clients send the RFC 8058 one-click POST from their own servers.
  const unsubscribeDeps = { db, clock, keys, feed: changeFeed, trustProxy: config.trustProxy };
  app.route("/unsubscribe", oneClickUnsubscribeRoutes(unsubscribeDeps));
  app.route("/api/unsubscribe", unsubscribeApiRoutes(unsubscribeDeps));
  // The same for the link that confirms a subscription (an address that opted out, or double opt-in).
  app.route(
    "/api/newsletter/confirm",
    newsletterConfirmRoutes({ ...unsubscribeDeps, welcome: mail.welcome, wakeOutbox }),
  );

  // Staff side: only our own host names (DNS rebinding), every write same-origin JSON (CSRF), nothing
  // cached, and /api/admin needs a session.
  const sessions = createSessionStore(db, clock);
  const throttle = createLoginThrottle(db, clock, config.loginMaxFailures);
  const hostCheck = allowedHostsOnly(config, log);
  const originCheck = sameOriginWrites(config.trustProxy, log);
  // An admin who has not enrolled two-factor reaches only /api/auth (session, sign-out, 2fa set-up).
  app.use("/api/auth/*", noStore, hostCheck, originCheck);
  app.use("/api/auth/2fa/*", requireSession(sessions));
  // An API token (Authorization: Bearer, no cookie) instead of a session: no cookie, so no CSRF to check;
  // limited per token, and only on the record routes its scopes name (auth/api-tokens.ts).
  const tokenWindow = { limit: TOKEN_RATE_PER_MINUTE, windowMs: RATE_LIMIT_WINDOW_MS, clock };
  const tokenLimiter = isPostgres(db) ? createDatabaseLimiter(db, tokenWindow) : createFixedWindowLimiter(tokenWindow);
  app.use(
    "/api/admin/*",
    noStore,
    hostCheck,
    sessionOrToken(
      apiTokenAuth({ db, clock, limiter: tokenLimiter }),
      originCheck,
      requireSession(sessions),
      requireEnrolment,
    ),
  );
  const devices = createDeviceTokens(config.appSecret, clock);
  const authDeps = {
    db,
    sessions,
    throttle,
    devices,
    hasher: passwordHasher,
    keys,
    trustProxy: config.trustProxy,
    clock,
  };
  app.route("/api/auth", authRoutes(authDeps));
  app.route("/api/auth/2fa", twoFactorRoutes({ ...authDeps, mail: mail.staff, wakeOutbox }));
  app.route(
    "/api/auth",
    recoveryRoutes({ ...authDeps, resetThrottle: createResetThrottle(db, clock), mail: mail.staff, wakeOutbox }),
  );
  app.route(
    "/api/admin",
    adminRoutes({
      db,
      reader,
      csvSource,
      clock,
      logger: log,
      feed: changeFeed,
      sessions,
      heartbeatMs: eventsHeartbeatMs,
      shutdown: shutdownSignal,
      streamSlots: createStreamSlots({ perSession: MAX_STREAMS_PER_SESSION, total: config.eventStreamsMax }),
      keys,
      trustProxy: config.trustProxy,
      wakeOutbox,
      notifyOwners: mail.assignments,
      staffMail: mail.staff,
      alerts: mail.alerts,
      webhookPolicy: { allowPrivate: config.webhooksAllowPrivate },
      wakeWebhooks,
      ...(resolveHost && { resolveHost }),
    }),
  );

  // The API description and its reference page (server/openapi), generated from the routes above.
  app.route(
    "/api",
    openApiRoutes(() => app, site?.apiReferenceScript ?? null),
  );

  if (site) app.get("*", serveSite(site));

  app.notFound(handleNotFound(site, log));
  app.onError(handleError(log));
  return app;
}

export type App = ReturnType<typeof createApp>;
