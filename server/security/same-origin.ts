import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

// CSRF defence for the cookie-authenticated API, without tokens: a state-changing request must be JSON
// (a cross-site <form> can only send form-encoded, multipart or text/plain without a CORS preflight,
// which this server never grants) and must come from this origin (Origin, or Fetch Metadata when a
// browser leaves Origin out). A request with neither header is refused: browsers send one on every
// POST, PATCH and DELETE. OWASP CSRF Prevention Cheat Sheet, "Verifying Origin with standard headers".

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const forbidden = { error: "forbidden" } as const;

/** The origin the client addressed: Host (or X-Forwarded-Host/Proto behind a trusted proxy). */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwardedProto = trustProxy ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? c.req.header("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const protocol = forwardedProto ? `${forwardedProto.toLowerCase()}:` : url.protocol;
  const host = forwardedHost || c.req.header("host") || url.host;
  return `${protocol}//${host.toLowerCase()}`;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function isSameOrigin(c: Context, trustProxy: boolean): boolean {
  const site = c.req.header("sec-fetch-site");
  // Fetch Metadata is set by the browser itself; a cross-site page cannot make it say same-origin.
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return site !== undefined;
  // The host must match; the scheme may not, because TLS often ends at a proxy in front of us
  // (the browser says https, we see http) and only our own host can send our host as Origin.
  return hostOf(origin) === hostOf(requestOrigin(c, trustProxy));
}

export function sameOriginWrites(trustProxy: boolean, logger: Logger): MiddlewareHandler {
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
