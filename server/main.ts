import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { ensureFirstAdmin } from "./auth/bootstrap";
import { createLoginThrottle } from "./auth/login-throttle";
import { createPasswordHasher } from "./auth/passwords";
import { createSessionStore } from "./auth/sessions";
import { systemClock } from "./clock";
import {
  connectDatabase,
  connectReader,
  isInMemoryDatabase,
  migrateToLatest,
  parseDatabaseUrl,
  type Db,
} from "./db/store";
import { EnvError, loadConfig, type Config } from "./env";
import { createLocalChangeFeed, type ChangeFeed } from "./events/change-feed";
import { createPostgresChangeFeed } from "./events/pg-change-feed";
import { MAINTENANCE_EVERY_MS, runMaintenance } from "./maintenance";
import { createLogger, describeError, type Logger } from "./logger";
import { createRecaptchaVerifier } from "./security/recaptcha";
import { createTurnstileVerifier } from "./security/turnstile";
import { loadSite, MissingBuildError, type Site } from "./static/site";
import { createSmtpMailer } from "./mail/mailer";
import { mailSettings } from "./mail/settings";
import { createOutboxWorker, type OutboxWorker } from "./outbox/worker";
import { createWebhookWorker } from "./webhooks/worker";
import { appSecretFile, resolveAppSecret } from "./privacy/app-secret";
import { derivePrivacyKeys } from "./privacy/keys";
import { RETENTION_EVERY_MS, runRetention } from "./privacy/retention";
import { startCsvThread } from "./export/csv-thread";

const BUILD_CLIENT_DIR = fileURLToPath(new URL("../build/client", import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Node's defaults let a client hold a connection for 5 minutes by sending its body a byte at a time
 * (requestTimeout 300 s) and for up to 90 s without finishing its headers (headersTimeout 60 s, checked
 * every 30 s). The largest body read is 32 KB, so 30 s is ample even on a slow phone; event streams are
 * unaffected (their request has no body and ends at once).
 */
const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 5_000 };

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** BOT_CHECK_PROVIDER's verifier, or null when its secret is not set. */
function botCheckVerifier(config: Config) {
  if (config.botCheckProvider === "turnstile")
    return config.turnstileSecret ? createTurnstileVerifier({ secret: config.turnstileSecret }) : null;
  return config.recaptchaSecret ? createRecaptchaVerifier({ secret: config.recaptchaSecret }) : null;
}

async function readSite(logger: Logger): Promise<Site | null> {
  try {
    return await loadSite(BUILD_CLIENT_DIR);
  } catch (error) {
    if (!(error instanceof MissingBuildError)) throw error;
    // The API still starts, so a back-end developer can work without a front-end build.
    logger.error("missing-build", { message: error.message });
    return null;
  }
}

/** Several instances may share PostgreSQL, so their streams are woken through LISTEN/NOTIFY there. */
function createChangeFeed(config: Config, logger: Logger): ChangeFeed {
  const location = parseDatabaseUrl(config.databaseUrl);
  return location.kind === "postgres"
    ? createPostgresChangeFeed({ url: location.url, logger })
    : createLocalChangeFeed();
}

function startMaintenance(db: Db, config: Config, logger: Logger) {
  const deps = {
    db,
    sessions: createSessionStore(db, systemClock),
    throttle: createLoginThrottle(db, systemClock, config.loginMaxFailures),
    logger,
    now: systemClock,
  };
  const run = () => runMaintenance(deps);
  const timer = setInterval(run, MAINTENANCE_EVERY_MS);
  timer.unref();
  return { first: run(), timer };
}

/** Sends queued alert, welcome and confirmation emails; none without SMTP_URL (and then nothing is queued either). */
function startOutbox(db: Db, config: Config, logger: Logger): OutboxWorker | null {
  if (!config.smtpUrl || !config.appSecret) {
    logger.info("mail-disabled", {
      reason:
        "SMTP_URL is not set: no staff alerts, welcome or confirmation emails are queued or sent, so an address that opted out stays suppressed (re-subscribing it needs its confirmation by email)",
    });
    return null;
  }
  if (config.notifyTo.length === 0)
    logger.info("alerts-disabled", { reason: "NOTIFY_TO is not set: no staff alerts for new leads" });
  const worker = createOutboxWorker({
    db,
    mailer: createSmtpMailer(config.smtpUrl),
    settings: mailSettings(config),
    keys: derivePrivacyKeys(config.appSecret),
    clock: systemClock,
    logger,
  });
  worker.start();
  return worker;
}

/**
 * The webhook worker on this process's event loop (webhooks/worker.ts), unless WEBHOOK_WORKER_IN_SERVER
 * is off because `npm run worker` sends instead (docs/operations.md).
 */
function startWebhooks(
  db: Db,
  config: Config,
  appSecret: string,
  logger: Logger,
): { wake(): void; stop(): Promise<void> } {
  if (!config.webhookWorkerInServer) {
    logger.info("webhook-worker-elsewhere", {
      reason: "WEBHOOK_WORKER_IN_SERVER is off: this server sends no webhooks; run `npm run worker` beside it",
    });
    return { wake() {}, stop: async () => {} };
  }
  const worker = createWebhookWorker({
    db,
    keys: derivePrivacyKeys(appSecret),
    clock: systemClock,
    logger,
    policy: { allowPrivate: config.webhooksAllowPrivate },
    retryBaseMs: config.webhookRetryBaseMs,
  });
  worker.start();
  return worker;
}

/** The retention purge, at start-up and then daily; each run is audited when it deleted something. */
function startRetention(db: Db, config: Config, logger: Logger, changeFeed: ChangeFeed) {
  const run = () =>
    runRetention(db, {
      now: systemClock(),
      retentionDays: config.retentionDays,
      actor: "system",
      auditEmptyRuns: false,
    }).then(
      (result) => {
        if (result.total === 0) return;
        logger.info("retention-purged", { cutoff: result.cutoff, deleted: result.deleted });
        // Open dashboards reload the lists it emptied.
        changeFeed.announce();
      },
      (error: unknown) => logger.error("retention-failed", describeError(error)),
    );
  void run();
  const timer = setInterval(run, RETENTION_EVERY_MS);
  timer.unref();
  return timer;
}

async function main() {
  const loaded = readConfig();
  const logger = createLogger(loaded.logLevel);
  const appSecret = resolveAppSecret({ configured: loaded.appSecret, file: appSecretFile(loaded.databaseUrl), logger });
  const config: Config = { ...loaded, appSecret };
  const db = connectDatabase(config.databaseUrl, {
    onPoolError: (error) => logger.error("database-pool-error", describeError(error)),
    checkpointThread: { onFailure: (error) => logger.error("sqlite-checkpoint-thread-failed", describeError(error)) },
  });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info("migrated", { migrations: applied });
  // After the migrations: the read-only connection needs the file and the tables to exist.
  const reader = connectReader(config.databaseUrl, db);
  // An in-memory database cannot be read from the export's thread: it is then read on this one.
  const csvThread = isInMemoryDatabase(config.databaseUrl) ? null : startCsvThread({ url: config.databaseUrl });

  const site = await readSite(logger);
  const verifier = botCheckVerifier(config);
  if (!verifier) {
    const secret = config.botCheckProvider === "turnstile" ? "TURNSTILE_SECRET" : "RECAPTCHA_SECRET";
    logger.info("bot-check-disabled", {
      reason: `${secret} is not set; submissions are stored with botCheck "skipped"`,
    });
  }

  const passwordHasher = createPasswordHasher();
  const twoFactor = config.adminTotpSecret
    ? { secret: config.adminTotpSecret, key: derivePrivacyKeys(appSecret).twoFactorSecret }
    : null;
  await ensureFirstAdmin(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    twoFactor,
    hasher: passwordHasher,
    clock: systemClock,
    logger,
  });

  const maintenance = startMaintenance(db, config, logger);
  await maintenance.first;
  const changeFeed = createChangeFeed(config, logger);
  const retentionTimer = startRetention(db, config, logger, changeFeed);
  const outbox = startOutbox(db, config, logger);
  // Webhooks: woken by every change this instance (or, on PostgreSQL, any instance) announces.
  if (config.webhooksAllowPrivate)
    logger.warn("webhooks-private-allowed", {
      reason: "WEBHOOKS_ALLOW_PRIVATE is on: webhooks may go to http:// and to private addresses. Development only.",
    });
  const webhooks = startWebhooks(db, config, appSecret, logger);
  const stopFollowing = changeFeed.subscribe(webhooks.wake);

  const shutdownController = new AbortController();
  const app = createApp({
    db,
    reader,
    ...(csvThread && { csvSource: csvThread.source }),
    config,
    verifier,
    logger,
    site,
    changeFeed,
    passwordHasher,
    shutdownSignal: shutdownController.signal,
    ...(outbox && { wakeOutbox: outbox.wake }),
    wakeWebhooks: webhooks.wake,
  });
  const server = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: SERVER_TIMEOUTS },
    (info) => {
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      logger.info("listening", {
        url: `http://${host === "0.0.0.0" || host === "[::]" ? "localhost" : host}:${info.port}`,
      });
    },
  );
  server.on("error", (error) => {
    logger.error("server-error", describeError(error));
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting-down", { signal });
    clearInterval(maintenance.timer);
    clearInterval(retentionTimer);
    // Open event streams would keep server.close() waiting for ever; ending them lets it finish.
    shutdownController.abort();
    // In-flight requests finish (their commits included) before the database closes.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      // The sender finishes the message in hand (its claim would otherwise hold it for the lease time).
      stopFollowing();
      Promise.all([changeFeed.close(), outbox?.stop(), webhooks.stop(), csvThread?.close()])
        .then(() => Promise.all([db.destroy(), reader === db ? undefined : reader.destroy()]))
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    // Keep-alive connections go idle as their last response (an ended event stream included) finishes;
    // close them as they do instead of waiting out the keep-alive timeout.
    const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    closeIdle();
    setInterval(closeIdle, 100).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "startup-failed", ...describeError(error) }),
  );
  process.exit(1);
});
