import type { MiddlewareHandler } from "hono";

/** Staff data and session answers must not be kept by the browser's or any proxy's cache. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};
