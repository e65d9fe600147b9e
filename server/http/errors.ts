import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { describeError, type Logger } from "../logger";
import { notFoundPage } from "../static/serve-site";
import type { Site } from "../static/site";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** The single error handler: known HTTP errors keep their status, anything else is a bare 500. */
export function handleError(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || "bad-request" }, error.status);
    }
    logger.error("unhandled-error", { method: c.req.method, path: c.req.path, ...describeError(error) });
    // No message or stack in the body: they can reveal internals (SQL, file paths) to anyone.
    return c.json({ error: "internal" }, 500);
  };
}

/** The single not-found handler: JSON under /api, the prerendered 404 page everywhere else. */
export function handleNotFound(site: Site | null, logger: Logger): NotFoundHandler {
  return (c: Context) => {
    if (isApiPath(c.req.path)) return c.json({ error: "not-found" }, 404);
    return notFoundPage(c, site, logger);
  };
}
