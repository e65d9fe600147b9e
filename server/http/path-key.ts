import type { MiddlewareHandler } from "hono";

// A record id, note id or email as a staff route's path names it. Ours are UUIDs, short seeded names and
// addresses: visible ASCII. Anything else names nothing, and is answered 404 before it reaches the
// database (a NUL in a query is a 500 on PostgreSQL).
const KEY = /^[\x21-\x7e]{1,254}$/;

/** 404 {error: not-found} unless the path parameter `name` could be one of our keys. */
export const pathKey =
  (name: string): MiddlewareHandler =>
  async (c, next) => {
    if (!KEY.test(c.req.param(name) ?? "")) return c.json({ error: "not-found" }, 404);
    await next();
  };
