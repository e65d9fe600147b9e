import { Hono } from "hono";
import { systemClock, type Clock } from "./clock";
import type { Config } from "./env";
import { createLogger, type Logger } from "./logger";
import type { Db } from "./db/schema";
import { handleError, handleNotFound } from "./http/errors";
import { requestLog } from "./http/request-log";
import { healthRoutes } from "./routes/health";
import { publicContactsRoutes } from "./routes/public-contacts";
import { publicFormGuard } from "./routes/public-forms";
import { publicLeadsRoutes } from "./routes/public-leads";
import { publicNewsletterRoutes } from "./routes/public-newsletter";
import { buildContentSecurityPolicy } from "./security/csp";
import { securityHeaders } from "./security/headers";
import { createFixedWindowLimiter } from "./security/rate-limit";
import type { RecaptchaVerifier } from "./security/recaptcha";
import { serveSite } from "./static/serve-site";
import type { Site } from "./static/site";

export interface AppDeps {
  db: Db;
  config: Config;
  /** Verifies bot-check tokens; null when RECAPTCHA_SECRET is not set (verdict "skipped"). */
  verifier: RecaptchaVerifier | null;
  clock?: Clock;
  logger?: Logger;
  /** The built site to serve; without it the app is API-only and 404s are plain. */
  site?: Site | null;
}

/** The whole HTTP surface, composed once; tests call app.request() on it in-process. */
export function createApp({ db, config, verifier, clock = systemClock, logger, site = null }: AppDeps) {
  const log = logger ?? createLogger(config.logLevel);
  const app = new Hono();

  app.use(requestLog(log));
  app.use(
    securityHeaders(
      buildContentSecurityPolicy({ scriptHashes: site?.scriptHashes ?? [], recaptcha: config.recaptchaSiteKey !== null }),
    ),
  );

  // One limiter shared by the three forms: the limit is per client across all of them.
  const limiter = createFixedWindowLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000, clock });
  const guard = publicFormGuard(limiter, config);
  const submissionDeps = { db, config, verifier, clock, logger: log };
  app.route("/api/contacts", publicContactsRoutes(submissionDeps, guard));
  app.route("/api/leads", publicLeadsRoutes(submissionDeps, guard));
  app.route("/api/newsletter", publicNewsletterRoutes(submissionDeps, guard));
  app.route("/healthz", healthRoutes(db));

  if (site) app.get("*", serveSite(site));

  app.notFound(handleNotFound(site, log));
  app.onError(handleError(log));
  return app;
}

export type App = ReturnType<typeof createApp>;
