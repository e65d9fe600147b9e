import { createHash, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { TOKEN_SUSPENSION_LABELS, type TokenScope } from "../../src/domain/api-tokens";
import type { Clock } from "../clock";
import { findApiTokenByHash, touchApiToken, type Db } from "../db/store";
import type { RateLimiter } from "../security/rate-limit";
import type { AdminEnv } from "./require-session";

// API tokens on the staff API (src/domain/api-tokens.ts). `Authorization: Bearer <token>` on a request
// that carries no cookie: such a request cannot be a browser riding a session, so the same-origin check
// (CSRF) has nothing to protect and is skipped; a request with a cookie is judged as a session, whatever
// else it carries. A token works only on the record routes its scopes name, never on auth, staff,
// privacy, settings, webhooks or tokens; it is rate limited per token, and its changes are audited under
// its name ("api-token:<name>"). Only the token's SHA-256 is stored: 256 random bits need no slow hash.
// A token acts with at most its creator's current rights, judged at every use from the same query that
// finds it: 401 while its creator is disabled or gone, 403 for a scope the creator's role no longer has
// (decision 0044).

const PREFIX = "erf_";

export const newApiToken = () => `${PREFIX}${randomBytes(32).toString("base64url")}`;
export const hashApiToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The bearer token of a request without cookies, or null. */
export function bearerToken(c: Context): string | null {
  if (c.req.header("cookie")) return null;
  const match = /^Bearer[ \t]+([A-Za-z0-9_-]{1,200})[ \t]*$/i.exec(c.req.header("authorization") ?? "");
  return match ? match[1]! : null;
}

const RECORD_ROUTE = /^\/api\/admin\/(?:leads|contacts|newsletter)(?:\/([^/]+))?$/;

/** The scope a bearer request to this route needs; null where tokens never work. */
export function scopeFor(method: string, path: string): TokenScope | null {
  if (path === "/api/admin/export.csv") return method === "GET" ? "export" : null;
  const match = RECORD_ROUTE.exec(path);
  if (!match) return null;
  const [, tail] = match;
  if (method === "GET") return "records:read";
  if (method === "PATCH" && tail !== undefined && tail !== "bulk" && tail !== "count") return "records:write";
  if (method === "POST" && tail === "bulk") return "records:write";
  return null;
}

const refused = (c: Context, status: 401 | 403, error: string, message: string) => c.json({ error, message }, status);

/** Signs a bearer request in as its token, or refuses it; the route's own guards run after. */
export function apiTokenAuth({
  db,
  clock,
  limiter,
}: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
}): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const now = clock();
    const found = token ? await findApiTokenByHash(db, hashApiToken(token)) : undefined;
    if (!found || (found.expiresAt !== null && Date.parse(found.expiresAt) <= now.getTime()))
      return refused(c, 401, "unauthenticated", "Unknown, revoked or expired API token.");
    if (found.suspended)
      return refused(
        c,
        401,
        "unauthenticated",
        `This API token is suspended: ${TOKEN_SUSPENSION_LABELS[found.suspended]}.`,
      );
    const scope = scopeFor(c.req.method, c.req.path);
    if (!scope) return refused(c, 403, "forbidden", "API tokens do not work on this route.");
    if (!found.scopes.includes(scope))
      return refused(c, 403, "forbidden", `This token does not have the ${scope} scope.`);
    if (found.suspendedScopes.includes(scope))
      return refused(
        c,
        403,
        "forbidden",
        `This token's ${scope} scope is suspended: its creator's role no longer allows it.`,
      );
    const decision = await limiter.hit(`api-token:${found.id}`);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json(
        { error: "too-many-requests", message: "Too many requests with this token; please wait a minute." },
        429,
      );
    }
    await touchApiToken(db, found.id, now);
    // Seen by the routes as a sales account (records only) named after the token.
    c.set("admin", {
      adminId: `api-token:${found.id}`,
      email: `api-token:${found.name}`,
      name: found.name,
      role: "sales",
      twoFactor: true,
    });
    c.set("apiToken", {
      id: found.id,
      scopes: found.scopes.filter((granted) => !found.suspendedScopes.includes(granted)),
    });
    c.set("sessionToken", "");
    await next();
  };
}

/** A bearer request goes to `token`; any other to the session's middleware, in order. */
export function sessionOrToken(
  token: MiddlewareHandler<AdminEnv>,
  ...session: MiddlewareHandler<AdminEnv>[]
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (bearerToken(c) !== null) return token(c, next);
    // As Hono composes: a middleware that answers ends the chain, and its answer becomes the response.
    const run = async (index: number): Promise<unknown> =>
      index === session.length
        ? next()
        : session[index]!(c, async () => {
            const answer = await run(index + 1);
            if (answer instanceof Response) c.res = answer;
          });
    const answer = await run(0);
    return answer instanceof Response ? answer : undefined;
  };
}
