import type { Context } from "hono";
import type { RequestContext } from "../db/store";
import { CONSENT_USER_AGENT_LENGTH as USER_AGENT_LENGTH } from "../../src/domain/consent";
import { clientIp } from "./client-ip";

/** Where a request came from, for consent and audit records: the client IP (TRUST_PROXY aware) and user agent. */
export function requestContext(c: Context, trustProxy: number): RequestContext {
  const ip = clientIp(c, trustProxy);
  return {
    // In-process requests (tests) have no socket: store nothing rather than a made-up address.
    ip: ip === "unknown" ? null : ip,
    userAgent: c.req.header("user-agent")?.slice(0, USER_AGENT_LENGTH) || null,
  };
}
