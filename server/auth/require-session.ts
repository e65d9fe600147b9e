import type { MiddlewareHandler } from "hono";
import type { TokenScope } from "../../src/domain/api-tokens";
import { readSessionToken } from "./session-cookie";
import type { SessionAdmin, SessionStore } from "./sessions";

/** A request signed in with an API token (server/auth/api-tokens.ts): its id and the scopes it may use now. */
export interface TokenCaller {
  id: string;
  scopes: TokenScope[];
}

/** `apiToken` is set only for a request signed in with an API token; `admin` for every signed-in request. */
export type AdminEnv = { Variables: { admin: SessionAdmin; sessionToken: string; apiToken?: TokenCaller } };

export const unauthenticated = { error: "unauthenticated" } as const;

/** 401 unless the request carries a live session; the admin is then available as c.get("admin"). */
export function requireSession(sessions: SessionStore): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = readSessionToken(c);
    const admin = token ? await sessions.resolve(token) : null;
    if (!token || !admin) return c.json(unauthenticated, 401);
    c.set("admin", admin);
    c.set("sessionToken", token);
    await next();
  };
}
