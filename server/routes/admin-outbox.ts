import { Hono } from "hono";
import type { Clock } from "../clock";
import { appendAudit, outboxHealth, requeueFailed, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requestContext } from "../http/request-context";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

export interface OutboxRouteDeps {
  db: Db;
  clock: Clock;
  trustProxy: number;
  wakeOutbox: () => void;
}

/**
 * /api/admin/outbox: GET ?state=failing (the dashboard's banner: emails that failed at least once and
 * are not sent), POST /retry (gives given-up emails a fresh set of attempts, e.g. after fixing SMTP).
 */
export function adminOutboxRoutes({ db, clock, trustProxy, wakeOutbox }: OutboxRouteDeps) {
  return new Hono<AdminEnv>()
    .get(
      "/",
      describe({
        tag: "Privacy",
        summary: "Mail that keeps failing",
        access: "session",
        query: answer.outboxQuery,
        answers: { 200: { description: "The failing messages and counts", schema: answer.outboxHealth } },
        refusals: [400],
      }),
      async (c) => {
        const state = c.req.query("state") || "failing";
        if (state !== "failing") return c.json({ error: "validation", fields: { state: 'Use "failing"' } }, 400);
        return c.json(await outboxHealth(db));
      },
    )
    .post(
      "/retry",
      describe({
        tag: "Privacy",
        summary: "Send failing mail again",
        access: "session",
        answers: {
          200: { description: "How many were queued again", schema: z.object({ requeued: z.number().int() }) },
        },
      }),
      async (c) => {
        const now = clock();
        const requeued = await requeueFailed(db, now);
        await appendAudit(db, {
          actor: c.get("admin").email,
          action: "outbox.retry",
          details: { requeued },
          ...requestContext(c, trustProxy),
          at: now,
        });
        if (requeued > 0) wakeOutbox();
        return c.json({ requeued });
      },
    );
}
