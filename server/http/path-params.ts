import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";

// A path parameter with a malformed percent-escape ("x%", "%ZZ", "%E0%A4%A", the overlong "%C0%AF") names
// nothing: it is answered 400, naming the parameter, before any route or guard reads it. Hono's own
// c.req.param() never throws on one: it keeps the bad escape as literal text, so a route saw "x%" and did
// what it would with it (one decoded it again and threw a URIError: a 500 with a stack trace in the log).
// One middleware for the whole app, so every route with a `:param`, present and future, is covered; the
// fuzz test tests/unit/reliability/path-escapes.test.ts sends every registered one these escapes.

const decodes = (segment: string): boolean => {
  if (!segment.includes("%")) return true;
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

/** A pattern segment's parameter name (":id", ":id{[0-9]+}", ":id?"), or null for a literal or a wildcard. */
const parameterName = (segment: string | undefined): string | null => /^:([^{?]+)/.exec(segment ?? "")?.[1] ?? null;

/** The raw path, as the request line spelled it (the URL parser leaves a malformed escape as it is). */
const rawPath = (c: Context): string => {
  const url = c.req.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0) return "/";
  const end = url.search(/[?#]/);
  return end < start ? url.slice(start) : url.slice(start, end);
};

export const MALFORMED_ESCAPE =
  "A malformed percent-escape: write % as %25, and other characters as %XX of their UTF-8 bytes";

/** 400 {error: validation, fields: {<parameter>: ...}} for a path parameter that does not percent-decode. */
export const wellFormedPathParams: MiddlewareHandler = async (c, next) => {
  const path = rawPath(c);
  if (!path.includes("%")) return next();
  const segments = path.split("/");
  const bad = segments.findIndex((segment) => !decodes(segment));
  if (bad < 0) return next();
  for (const route of matchedRoutes(c)) {
    const name = parameterName(route.path.split("/")[bad]);
    if (name !== null) return c.json({ error: "validation", fields: { [name]: MALFORMED_ESCAPE } }, 400);
  }
  // A literal segment that does not decode matches no route: the not-found handler answers it.
  return next();
};
