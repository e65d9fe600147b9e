import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

/**
 * One line per request. Only the path: query strings, bodies, headers and client addresses can carry
 * personal data (an email in a query string, an IP), so none of them reach the log.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info("request", {
      method: c.req.method,
      path: c.req.path.slice(0, 500),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
