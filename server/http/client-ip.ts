import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import { clientEntryIndex, forwardedEntries } from "./forwarded";
import { normalizeIp } from "./ip-address";

function socketAddress(c: Context): string {
  const bindings = c.env as Partial<HttpBindings> | undefined;
  const remote = bindings?.incoming?.socket.remoteAddress;
  return (remote && normalizeIp(remote)) ?? remote ?? "unknown";
}

/**
 * The client's address, for the form rate limit, the login lockout and the consent and audit records.
 * `trustedProxies` is TRUST_PROXY's hop count: 0 ignores X-Forwarded-For (any client can send it) and
 * takes the socket's address; n takes the entry the outermost of our n proxies wrote (see forwarded.ts),
 * never one the client wrote to its left. If that entry is not an IP address (a proxy wrote "unknown"),
 * the next one to its right is used: still written by a proxy of ours, so a client cannot choose it,
 * and at worst the clients behind it share one window. Requests made in-process (tests) have no socket.
 */
export function clientIp(c: Context, trustedProxies: number): string {
  const entries = forwardedEntries(c.req.header("x-forwarded-for"));
  const start = clientEntryIndex(entries, trustedProxies);
  if (start >= 0) {
    for (const entry of entries.slice(start)) {
      const ip = normalizeIp(entry);
      if (ip) return ip;
    }
  }
  return socketAddress(c);
}
