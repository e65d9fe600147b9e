import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { trustedForwardedValue } from "../http/forwarded";

// CSRF defence for the cookie-authenticated API, without tokens: a state-changing request must be JSON
// (a cross-site <form> can only send form-encoded, multipart or text/plain without a CORS preflight,
// which this server never grants) and must come from this origin (Origin, or Fetch Metadata when a
// browser leaves Origin out). A request with neither header is refused: browsers send one on every
// POST, PATCH and DELETE. OWASP CSRF Prevention Cheat Sheet, "Verifying Origin with standard headers".

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const forbidden = { error: "forbidden" } as const;

/**
 * The host the client addressed: Host, or behind trustProxy proxies of ours the X-Forwarded-Host entry
 * the outermost one wrote (never one the client put to its left; see http/forwarded.ts).
 */
export function requestHost(c: Context, trustProxy: number): string {
  const forwardedHost = trustedForwardedValue(c.req.header("x-forwarded-host"), trustProxy);
  return (forwardedHost || c.req.header("host") || new URL(c.req.url).host).toLowerCase();
}

/** The origin the client addressed: requestHost with the scheme (X-Forwarded-Proto behind our proxies). */
export function requestOrigin(c: Context, trustProxy: number): string {
  const forwardedProto = trustedForwardedValue(c.req.header("x-forwarded-proto"), trustProxy);
  const protocol = forwardedProto ? `${forwardedProto.toLowerCase()}:` : new URL(c.req.url).protocol;
  return `${protocol}//${requestHost(c, trustProxy)}`;
}

/**
 * The host of an Origin header, only if it is a plain serialised origin (scheme://host[:port], as
 * browsers send it). Anything else is refused, not read leniently: the URL parser would take
 * "http://evil.test@127.0.0.1:3000" as host 127.0.0.1:3000, and no browser sends user-info, a path or
 * a trailing slash in Origin, so only a hand-made request does.
 */
function hostOfPlainOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.origin === origin ? url.host : null;
  } catch {
    return null;
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether the request comes from a page of this origin (Fetch Metadata, else Origin; see above). */
export function isSameOrigin(c: Context, trustProxy: number): boolean {
  const site = c.req.header("sec-fetch-site");
  // Fetch Metadata is set by the browser itself; a cross-site page cannot make it say same-origin.
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return site !== undefined;
  // The host must match; the scheme may not, because TLS often ends at a proxy in front of us
  // (the browser says https, we see http) and only our own host can send our host as Origin.
  const originHost = hostOfPlainOrigin(origin);
  return originHost !== null && originHost === hostOf(requestOrigin(c, trustProxy));
}

export function sameOriginWrites(trustProxy: number, logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    const sameOrigin = isSameOrigin(c, trustProxy);
    if (mediaType !== "application/json" || !sameOrigin) {
      // Origin and the expected origin only (no cookies or body): enough to spot a proxy misconfiguration.
      logger.warn("cross-origin-write-refused", {
        path: c.req.path,
        origin: c.req.header("origin") ?? null,
        secFetchSite: c.req.header("sec-fetch-site") ?? null,
        expected: requestOrigin(c, trustProxy),
        json: mediaType === "application/json",
      });
      return c.json(forbidden, 403);
    }
    await next();
  };
}
