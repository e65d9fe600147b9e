import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import type { Config } from "../env";
import { limitBody, requireJson } from "../http/json-body";
import { rateLimit, type RateLimiter } from "../security/rate-limit";

/**
 * What every public form route runs before its handler: the per-IP rate limit first (it protects
 * everything after it), then the media type and body size checks, which reject without reading.
 */
export function publicFormGuard(limiter: RateLimiter, config: Config): MiddlewareHandler {
  return every(rateLimit(limiter, config.trustProxy), requireJson, limitBody);
}
