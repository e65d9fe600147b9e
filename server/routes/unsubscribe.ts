import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody, requireJson } from "../http/json-body";
import { requestContext } from "../http/request-context";
import { verifyUnsubscribeToken, type PrivacyKeys } from "../privacy/keys";
import { unsubscribeSubscription, type OptOutSource } from "../privacy/unsubscribe";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface UnsubscribeDeps {
  db: Db;
  clock: Clock;
  keys: PrivacyKeys;
  feed: ChangeFeed;
  trustProxy: number;
}

const invalidToken = { error: "invalid-token", message: "This unsubscribe link is not valid." } as const;
const tokenBody = z.object({ token: z.string().max(200) });

async function unsubscribe(c: Context, deps: UnsubscribeDeps, token: string, source: OptOutSource) {
  const subscriptionId = verifyUnsubscribeToken(deps.keys, token);
  // A forged or mangled token changes nothing.
  if (!subscriptionId) return c.json(invalidToken, 400);
  const status = await unsubscribeSubscription(deps.db, {
    subscriptionId,
    keys: deps.keys,
    source,
    context: requestContext(c, deps.trustProxy),
    now: deps.clock(),
  });
  if (status === "unsubscribed") deps.feed.announce();
  return c.json({ status });
}

/**
 * POST /unsubscribe?token=: RFC 8058 one-click, sent by mail clients (Gmail, Apple Mail...) from their
 * own servers with the form-encoded body List-Unsubscribe=One-Click. No login, no same-origin check, any
 * origin: the signed token is the authority. The page at GET /unsubscribe is the SPA.
 */
export function oneClickUnsubscribeRoutes(deps: UnsubscribeDeps) {
  return new Hono().post(
    "/",
    describe({
      tag: "Subscriptions",
      summary: "One-click unsubscribe (RFC 8058)",
      description:
        "Sent by mail clients with the form body List-Unsubscribe=One-Click and the token from the List-Unsubscribe header's URL.",
      access: "public",
      query: z.object({ token: z.string().describe("The signed unsubscribe token") }),
      answers: { 200: { description: "Unsubscribed (or already)", schema: answer.subscriptionStatus } },
      refusals: [400, 413],
    }),
    limitBody,
    async (c) => {
      const token = c.req.query("token") ?? "";
      if (!verifyUnsubscribeToken(deps.keys, token)) return c.json(invalidToken, 400);
      // parseBody reads application/x-www-form-urlencoded and multipart/form-data, the two RFC 8058 allows.
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      if (body["List-Unsubscribe"] !== "One-Click") {
        return c.json(
          { error: "validation", fields: { "List-Unsubscribe": "Send List-Unsubscribe=One-Click (RFC 8058)" } },
          400,
        );
      }
      return unsubscribe(c, deps, token, "one-click");
    },
  );
}

/** POST /api/unsubscribe {token}: what the unsubscribe page's button sends. */
export function unsubscribeApiRoutes(deps: UnsubscribeDeps) {
  return new Hono().post(
    "/",
    describe({
      tag: "Subscriptions",
      summary: "Unsubscribe with the link's token",
      access: "public",
      body: tokenBody,
      answers: { 200: { description: "Unsubscribed (or already)", schema: answer.subscriptionStatus } },
    }),
    requireJson,
    limitBody,
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = tokenBody.safeParse(body.value);
      if (!parsed.success) return c.json(invalidToken, 400);
      return unsubscribe(c, deps, parsed.data.token, "unsubscribe-link");
    },
  );
}
