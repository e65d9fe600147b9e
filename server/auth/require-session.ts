import type { MiddlewareHandler } from "hono";
import { readSessionToken } from "./session-cookie";
import type { SessionAdmin, SessionStore } from "./sessions";

export type AdminEnv = { Variables: { admin: SessionAdmin; sessionToken: string } };

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
