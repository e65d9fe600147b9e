import type { MiddlewareHandler } from "hono";
import type { Config } from "../env";
import { hostNameOf } from "../http/host-name";
import type { Logger } from "../logger";
import { requestHost } from "./same-origin";

// DNS rebinding: a page on evil.test whose name is re-pointed at our address becomes same-origin with
// our server in the victim's browser, so it can call the staff API from the victim's network (an
// office-only deployment, a developer's localhost) and read the answers. The browser still sends
// Host: evil.test, which the page cannot change; answering only our own names ends the attack.

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

export const hostNotAllowed = { error: "host-not-allowed" } as const;

/** The names the staff API answers on: PUBLIC_URL's, ALLOWED_HOSTS, and loopback in development. */
export function allowedHostNames(
  config: Pick<Config, "publicUrl" | "allowedHosts" | "allowLoopbackHosts">,
): Set<string> {
  const names = new Set(config.allowedHosts);
  const publicName = hostNameOf(new URL(config.publicUrl).host);
  if (publicName) names.add(publicName);
  if (config.allowLoopbackHosts) for (const name of LOOPBACK) names.add(name);
  return names;
}

/**
 * 421 Misdirected Request (RFC 9110 15.5.20: this server will not answer for that authority) for any
 * other Host, before the session or the body is looked at. Ports are not compared: the attack lies in
 * the name, and a proxy may or may not keep the port in Host.
 */
export function allowedHostsOnly(config: Config, logger: Logger): MiddlewareHandler {
  const names = allowedHostNames(config);
  return async (c, next) => {
    const host = requestHost(c, config.trustProxy);
    const name = hostNameOf(host);
    if (name !== null && names.has(name)) return next();
    // The host only (no path, cookies or addresses): enough to spot a missing ALLOWED_HOSTS entry.
    logger.warn("host-not-allowed", { host: host.slice(0, 200), allowed: [...names] });
    return c.json(hostNotAllowed, 421);
  };
}
