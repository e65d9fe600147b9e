import { Hono } from "hono";
import type { Clock } from "../clock";
import { appendAudit, outboxHealth, requeueFailed, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requestContext } from "../http/request-context";

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
    .get("/", async (c) => {
      const state = c.req.query("state") || "failing";
      if (state !== "failing") return c.json({ error: "validation", fields: { state: 'Use "failing"' } }, 400);
      return c.json(await outboxHealth(db));
    })
    .post("/retry", async (c) => {
      const now = clock();
      const requeued = await requeueFailed(db, now);
      await appendAudit(db, { actor: c.get("admin").email, action: "outbox.retry", details: { requeued }, ...requestContext(c, trustProxy), at: now });
      if (requeued > 0) wakeOutbox();
      return c.json({ requeued });
    });
}
