import { systemClock } from "./clock";
import { connectDatabase, isInMemoryDatabase, migrateToLatest, parseDatabaseUrl } from "./db/store";
import { EnvError, loadConfig, type Config } from "./env";
import { createPostgresChangeFeed } from "./events/pg-change-feed";
import { createLogger, describeError } from "./logger";
import { appSecretFile, resolveAppSecret } from "./privacy/app-secret";
import { derivePrivacyKeys } from "./privacy/keys";
import { createWebhookWorker } from "./webhooks/worker";

// The webhook worker as a process of its own: `npm run worker` from the sources, `node build/worker.mjs`
// bundled. The same worker the server runs by default (webhooks/worker.ts), for running beside several
// server instances on PostgreSQL with WEBHOOK_WORKER_IN_SERVER=false (docs/operations.md). It reads the
// server's settings; on PostgreSQL it is woken by every instance's commits (LISTEN/NOTIFY), elsewhere
// it polls. Several may run at once: a claimed delivery is skipped by the others (SKIP LOCKED).

/** A send times out after 10 s: what is under way finishes and is recorded before the process ends. */
const SHUTDOWN_GRACE_MS = 20_000;

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

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  if (isInMemoryDatabase(config.databaseUrl)) {
    logger.error("webhook-worker-refused", {
      reason:
        "DATABASE_URL is an in-memory database, which no other process can see: the server sends its own webhooks",
    });
    process.exit(1);
  }
  const appSecret = resolveAppSecret({ configured: config.appSecret, file: appSecretFile(config.databaseUrl), logger });
  const location = parseDatabaseUrl(config.databaseUrl);
  const db = connectDatabase(config.databaseUrl, {
    applicationName: "erf-webhook-worker",
    maxConnections: 4,
    onPoolError: (error) => logger.error("database-pool-error", describeError(error)),
  });
  // The same migrations as every server instance runs: a worker that starts first finds its tables.
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info("migrated", { migrations: applied });
  if (config.webhooksAllowPrivate)
    logger.warn("webhooks-private-allowed", {
      reason: "WEBHOOKS_ALLOW_PRIVATE is on: webhooks may go to http:// and to private addresses. Development only.",
    });
  const worker = createWebhookWorker({
    db,
    keys: derivePrivacyKeys(appSecret),
    clock: systemClock,
    logger,
    policy: { allowPrivate: config.webhooksAllowPrivate },
    retryBaseMs: config.webhookRetryBaseMs,
  });
  const feed = location.kind === "postgres" ? createPostgresChangeFeed({ url: location.url, logger }) : null;
  const unsubscribe = feed?.subscribe(worker.wake);
  worker.start();
  logger.info("webhook-worker-started", { database: location.kind });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting-down", { signal });
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    unsubscribe?.();
    Promise.all([feed?.close(), worker.stop()])
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
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
