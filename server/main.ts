import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { connectDatabase } from "./db/connect";
import { purgeIdempotencyKeys } from "./db/idempotency";
import { migrateToLatest } from "./db/migrate";
import { idempotencyWindowStart } from "./db/submissions";
import { EnvError, loadConfig, type Config } from "./env";
import { createLogger, describeError, type Logger } from "./logger";
import { createRecaptchaVerifier } from "./security/recaptcha";
import { loadSite, MissingBuildError, type Site } from "./static/site";

const BUILD_CLIENT_DIR = fileURLToPath(new URL("../build/client", import.meta.url));
const PURGE_EVERY_MS = 60 * 60 * 1000;
const SHUTDOWN_GRACE_MS = 10_000;

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

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const db = connectDatabase(config.databaseUrl, {
    onPoolError: (error) => logger.error("database-pool-error", describeError(error)),
  });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info("migrated", { migrations: applied });

  const site = await readSite(logger);
  const verifier = config.recaptchaSecret ? createRecaptchaVerifier({ secret: config.recaptchaSecret }) : null;
  if (!verifier) logger.info("bot-check-disabled", { reason: "RECAPTCHA_SECRET is not set; submissions are stored with botCheck \"skipped\"" });

  const purge = () =>
    purgeIdempotencyKeys(db, idempotencyWindowStart(new Date())).catch((error: unknown) =>
      logger.warn("idempotency-purge-failed", describeError(error)),
    );
  await purge();
  const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
  purgeTimer.unref();

  const app = createApp({ db, config, verifier, logger, site });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
    logger.info("listening", { url: `http://${host === "0.0.0.0" || host === "[::]" ? "localhost" : host}:${info.port}` });
  });
  server.on("error", (error) => {
    logger.error("server-error", describeError(error));
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting-down", { signal });
    clearInterval(purgeTimer);
    // In-flight requests finish (their commits included) before the database closes.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      db.destroy().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "startup-failed", ...describeError(error) }));
  process.exit(1);
});
