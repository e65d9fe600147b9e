import { Hono, type Context } from "hono";
import { z } from "zod";
import { fieldErrors } from "../../src/domain/schemas";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_ROTATION_OVERLAP_MS,
  WEBHOOK_URL_MAX,
} from "../../src/domain/webhooks";
import type { Clock } from "../clock";
import {
  appendAudit,
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookAttempts,
  listWebhookEndpoints,
  newRecordId,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type Db,
} from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import type { PrivacyKeys } from "../privacy/keys";
import { refuseUrl, type AddressPolicy } from "../webhooks/address-guard";
import { newWebhookSecret, sealWebhookSecret } from "../webhooks/secrets";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

// Webhook endpoints, admins only (the "settings" capability, applied where this is mounted):
//
// - POST /api/admin/webhooks {url, events}: 201 {id, secret, endpoint}; the secret is shown this once.
// - GET /api/admin/webhooks: the endpoints, never a secret.
// - PATCH /api/admin/webhooks/{id} {events?, disabled?}
// - POST /api/admin/webhooks/{id}/rotate: {secret, previousSecretUntil}; both sign for 24 hours.
// - DELETE /api/admin/webhooks/{id}: 204, with its deliveries and log.
// - GET /api/admin/webhooks/{id}/deliveries: the last 1,000 attempts, newest first.
// - POST /api/admin/webhook-deliveries/{id}/resend: 202; the attempt's delivery again, same webhook-id.
// Every change is audited.

export interface WebhookRoutesDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  keys: PrivacyKeys;
  trustProxy: number;
  policy: AddressPolicy;
  /** Wakes the sender after a resend. */
  wakeWebhooks: () => void;
  /** Tests: how host names resolve when a URL is checked. */
  resolve?: (host: string) => Promise<string[]>;
}

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Use events among ${WEBHOOK_EVENTS.join(", ")}` }), {
    error: "A list of events",
  })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

const createBody = z.strictObject({
  url: z
    .string({ error: "A URL" })
    .trim()
    .min(1, "A URL")
    .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`),
  events,
});
const updateBody = z
  .strictObject({ events: events.optional(), disabled: z.boolean({ error: "true or false" }).optional() })
  .refine((body) => body.events !== undefined || body.disabled !== undefined, {
    message: "Send events, disabled or both",
    path: ["body"],
  });

const auditBase = (c: Context<AdminEnv>, trustProxy: number, at: Date) => ({
  actor: c.get("admin").email,
  ...requestContext(c, trustProxy),
  at,
});

export function adminWebhookRoutes({
  db,
  reader,
  clock,
  keys,
  trustProxy,
  policy,
  resolve,
  wakeWebhooks,
}: WebhookRoutesDeps) {
  return new Hono<AdminEnv>()
    .get(
      "/",
      describe({
        tag: "Integrations",
        summary: "The webhook endpoints (never their secrets)",
        access: "session",
        answers: { 200: { description: "The endpoints", schema: z.array(answer.webhookEndpoint) } },
      }),
      async (c) => c.json(await listWebhookEndpoints(reader)),
    )
    .post(
      "/",
      describe({
        tag: "Integrations",
        summary: "Add a webhook endpoint",
        description:
          "The signing secret is in this answer only. The URL must be https and must not resolve to a private address.",
        access: "session",
        body: createBody,
        answers: {
          201: {
            description: "Added",
            schema: z.object({ id: z.string(), secret: z.string(), endpoint: answer.webhookEndpoint }),
          },
        },
      }),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = createBody.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const refused = await refuseUrl(parsed.data.url, policy, resolve);
        if (refused) return c.json({ error: "validation", fields: { url: refused } }, 400);
        if ((await countWebhookEndpoints(db)) >= WEBHOOK_ENDPOINTS_MAX)
          return c.json(
            { error: "validation", fields: { url: `At most ${WEBHOOK_ENDPOINTS_MAX} endpoints: delete one first` } },
            400,
          );
        const now = clock();
        const id = newRecordId();
        const secret = newWebhookSecret();
        const endpoint = await db.transaction().execute(async (trx) => {
          const created = await createWebhookEndpoint(
            trx,
            {
              id,
              url: new URL(parsed.data.url).href,
              events: parsed.data.events,
              sealedSecret: sealWebhookSecret(keys, id, secret),
              createdBy: c.get("admin").email,
            },
            now,
          );
          await appendAudit(trx, {
            ...auditBase(c, trustProxy, now),
            action: "webhook.create",
            details: { id, url: created.url, events: created.events },
          });
          return created;
        });
        return c.json({ id, secret, endpoint }, 201);
      },
    )
    .patch(
      "/:id",
      describe({
        tag: "Integrations",
        summary: "Change an endpoint's events, or turn it off or on",
        access: "session",
        body: updateBody,
        answers: { 200: { description: "The endpoint", schema: answer.webhookEndpoint } },
        refusals: [404],
      }),
      pathKey("id"),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = updateBody.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const now = clock();
        const id = c.req.param("id");
        const updated = await db.transaction().execute(async (trx) => {
          const endpoint = await updateWebhookEndpoint(trx, id, parsed.data);
          if (endpoint)
            await appendAudit(trx, {
              ...auditBase(c, trustProxy, now),
              action: "webhook.update",
              details: { id, ...parsed.data },
            });
          return endpoint;
        });
        if (!updated) return c.json({ error: "not-found" }, 404);
        if (parsed.data.disabled === false) wakeWebhooks();
        return c.json(updated);
      },
    )
    .post(
      "/:id/rotate",
      describe({
        tag: "Integrations",
        summary: "Rotate an endpoint's secret",
        description: "Both secrets sign for 24 hours.",
        access: "session",
        answers: {
          200: {
            description: "The new secret, shown once",
            schema: z.object({ secret: z.string(), previousSecretUntil: z.iso.datetime() }),
          },
        },
        refusals: [404],
      }),
      pathKey("id"),
      async (c) => {
        const now = clock();
        const id = c.req.param("id");
        const secret = newWebhookSecret();
        const previousSecretUntil = new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_MS);
        const rotated = await db.transaction().execute(async (trx) => {
          const done = await rotateWebhookSecret(trx, id, sealWebhookSecret(keys, id, secret), previousSecretUntil);
          if (done)
            await appendAudit(trx, {
              ...auditBase(c, trustProxy, now),
              action: "webhook.rotate",
              details: { id, previousSecretUntil: previousSecretUntil.toISOString() },
            });
          return done;
        });
        if (!rotated) return c.json({ error: "not-found" }, 404);
        return c.json({ secret, previousSecretUntil: previousSecretUntil.toISOString() });
      },
    )
    .delete(
      "/:id",
      describe({
        tag: "Integrations",
        summary: "Delete an endpoint and its log",
        access: "session",
        answers: { 204: { description: "Deleted", schema: null } },
        refusals: [404],
      }),
      pathKey("id"),
      async (c) => {
        const now = clock();
        const id = c.req.param("id");
        const deleted = await db.transaction().execute(async (trx) => {
          const endpoint = await findWebhookEndpoint(trx, id);
          if (!endpoint) return false;
          await deleteWebhookEndpoint(trx, id);
          await appendAudit(trx, {
            ...auditBase(c, trustProxy, now),
            action: "webhook.delete",
            details: { id, url: endpoint.url },
          });
          return true;
        });
        if (!deleted) return c.json({ error: "not-found" }, 404);
        return c.body(null, 204);
      },
    )
    .get(
      "/:id/deliveries",
      describe({
        tag: "Integrations",
        summary: "An endpoint's delivery log (the last 1,000 attempts)",
        access: "session",
        answers: { 200: { description: "Attempts, newest first", schema: z.array(answer.webhookAttempt) } },
        refusals: [404],
      }),
      pathKey("id"),
      async (c) => {
        const id = c.req.param("id");
        if (!(await findWebhookEndpoint(reader, id))) return c.json({ error: "not-found" }, 404);
        return c.json(await listWebhookAttempts(reader, id));
      },
    );
}

/** POST /api/admin/webhook-deliveries/{id}/resend, {id} an attempt of the delivery log. */
export function adminWebhookDeliveryRoutes({ db, clock, trustProxy, wakeWebhooks }: WebhookRoutesDeps) {
  return new Hono<AdminEnv>().post(
    "/:id/resend",
    describe({
      tag: "Integrations",
      summary: "Send an attempt's event again",
      description: "With the same webhook-id, so the receiver can tell it is a repeat.",
      access: "session",
      answers: { 202: { description: "Queued", schema: z.object({ webhookId: z.string() }) } },
      refusals: [404],
    }),
    pathKey("id"),
    async (c) => {
      const now = clock();
      const id = c.req.param("id");
      const resent = await db.transaction().execute(async (trx) => {
        const delivery = await resendDelivery(trx, id, now);
        if (delivery)
          await appendAudit(trx, {
            ...auditBase(c, trustProxy, now),
            action: "webhook.resend",
            details: { attempt: id, webhookId: delivery.deliveryId, endpoint: delivery.endpointId },
          });
        return delivery;
      });
      if (!resent) return c.json({ error: "not-found" }, 404);
      wakeWebhooks();
      return c.json({ webhookId: resent.deliveryId }, 202);
    },
  );
}
