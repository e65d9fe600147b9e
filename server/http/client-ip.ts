import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";

/**
 * The client's address for rate limiting. X-Forwarded-For is only believed behind a proxy we run
 * (TRUST_PROXY), because any client can send it. Requests made in-process (tests) have no socket.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  const bindings = c.env as Partial<HttpBindings> | undefined;
  return bindings?.incoming?.socket.remoteAddress ?? "unknown";
}
