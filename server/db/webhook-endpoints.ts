import { isWebhookEvent, type WebhookEndpoint, type WebhookEvent } from "../../src/domain/webhooks";
import type { Db, WebhookEndpointsTable, Writer } from "./schema";

// Webhook endpoints (migration 0017): where webhooks go, the events each wants, its sealed secrets and
// whether it is on. Their deliveries and log are in webhooks.ts.

const toEndpoint = (row: WebhookEndpointsTable): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: (JSON.parse(row.events) as unknown[]).filter(isWebhookEvent),
  disabled: Number(row.disabled) === 1,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince,
  previousSecretUntil: row.previousSecretUntil,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
});

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom("webhookEndpoints").selectAll().orderBy("createdAt").orderBy("id").execute();
  return rows.map(toEndpoint);
}

export async function findWebhookEndpoint(
  db: Writer,
  id: string,
): Promise<(WebhookEndpoint & { secret: string; previousSecret: string | null }) | undefined> {
  const row = await db.selectFrom("webhookEndpoints").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { ...toEndpoint(row), secret: row.secret, previousSecret: row.previousSecret };
}

export async function countWebhookEndpoints(db: Writer): Promise<number> {
  const row = await db
    .selectFrom("webhookEndpoints")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createWebhookEndpoint(
  trx: Writer,
  endpoint: { url: string; events: readonly WebhookEvent[]; sealedSecret: string; createdBy: string; id: string },
  now: Date,
): Promise<WebhookEndpoint> {
  const row: WebhookEndpointsTable = {
    id: endpoint.id,
    url: endpoint.url,
    events: JSON.stringify(endpoint.events),
    secret: endpoint.sealedSecret,
    previousSecret: null,
    previousSecretUntil: null,
    disabled: 0,
    disabledReason: null,
    failingSince: null,
    createdBy: endpoint.createdBy,
    createdAt: now.toISOString(),
  };
  await trx.insertInto("webhookEndpoints").values(row).execute();
  return toEndpoint(row);
}

/** Events and the on/off switch; switching on clears the failure streak. Undefined when there is no such endpoint. */
export async function updateWebhookEndpoint(
  trx: Writer,
  id: string,
  change: { events?: readonly WebhookEvent[]; disabled?: boolean },
): Promise<WebhookEndpoint | undefined> {
  const set: Partial<WebhookEndpointsTable> = {};
  if (change.events) set.events = JSON.stringify(change.events);
  if (change.disabled !== undefined)
    Object.assign(
      set,
      change.disabled
        ? { disabled: 1, disabledReason: "staff" }
        : { disabled: 0, disabledReason: null, failingSince: null },
    );
  if (Object.keys(set).length > 0) await trx.updateTable("webhookEndpoints").set(set).where("id", "=", id).execute();
  const row = await trx.selectFrom("webhookEndpoints").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toEndpoint(row);
}

/** The new secret signs from now; the old one too, until `overlapUntil`. */
export async function rotateWebhookSecret(
  trx: Writer,
  id: string,
  sealedSecret: string,
  overlapUntil: Date,
): Promise<boolean> {
  const row = await trx.selectFrom("webhookEndpoints").select("secret").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable("webhookEndpoints")
    .set({ secret: sealedSecret, previousSecret: row.secret, previousSecretUntil: overlapUntil.toISOString() })
    .where("id", "=", id)
    .execute();
  return true;
}

/** Deletes an endpoint with its deliveries and log (the foreign keys cascade). */
export async function deleteWebhookEndpoint(trx: Writer, id: string): Promise<boolean> {
  await trx.deleteFrom("webhookAttempts").where("endpointId", "=", id).execute();
  await trx.deleteFrom("webhookDeliveries").where("endpointId", "=", id).execute();
  const result = await trx.deleteFrom("webhookEndpoints").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
