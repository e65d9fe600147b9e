import { toE164 } from "../../src/domain/phone";
import type { Collection } from "../../src/domain/status";
import { isWebhookEvent, type WebhookEvent, type WebhookPayload } from "../../src/domain/webhooks";
import { isPostgres } from "./connect";
import { newRecordId } from "./record-id";
import { findRecords } from "./record-lists";
import type { Db, WebhookDeliveriesTable, WebhookEventsTable, Writer } from "./schema";

// Webhook events in the database (migration 0017): queued in the transaction of what they report, then
// fanned out to the endpoints that want them, one delivery each. The deliveries (claimed, sent, retried
// with backoff and logged) are in webhook-deliveries.ts, the endpoints in webhook-endpoints.ts.

export interface NewWebhookEvent {
  type: WebhookEvent;
  collection: Collection;
  recordId: string;
  email: string;
  change?: Record<string, unknown> | null;
}

/** An event's row: append it in the transaction of what it reports. */
export const webhookEventRow = (event: NewWebhookEvent, at: string): WebhookEventsTable => ({
  id: `msg_${newRecordId()}`,
  type: event.type,
  recordCollection: event.collection,
  recordId: event.recordId,
  subjectEmail: event.email,
  change: event.change ? JSON.stringify(event.change) : null,
  createdAt: at,
});

export async function enqueueWebhookEvents(trx: Writer, events: readonly NewWebhookEvent[], at: string): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto("webhookEvents")
    .values(events.map((event) => webhookEventRow(event, at)))
    .execute();
}

/**
 * Fans out up to `limit` queued events, oldest first, to the enabled endpoints that want them: one
 * delivery each, its body built now from the record as the staff API lists it (with the phone in E.164).
 * The events are deleted in the same transaction. An event whose record is gone (erased) sends nothing.
 * On PostgreSQL several instances may fan out at once: SKIP LOCKED gives each event to one of them.
 */
export async function fanOutWebhookEvents(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let pick = trx.selectFrom("webhookEvents").selectAll().orderBy("createdAt").orderBy("id").limit(limit);
    if (isPostgres(db)) pick = pick.forUpdate().skipLocked();
    const events = await pick.execute();
    if (events.length === 0) return 0;
    const endpoints = (await trx.selectFrom("webhookEndpoints").select(["id", "events"]).where("disabled", "=", 0).execute()).map((row) => ({
      id: row.id,
      events: new Set((JSON.parse(row.events) as unknown[]).filter(isWebhookEvent)),
    }));
    const deliveries: WebhookDeliveriesTable[] = [];
    if (endpoints.length > 0) {
      const records = new Map<string, Record<string, unknown>>();
      const byCollection = new Map<Collection, Set<string>>();
      for (const event of events) byCollection.set(event.recordCollection, (byCollection.get(event.recordCollection) ?? new Set()).add(event.recordId));
      for (const [collection, ids] of byCollection) {
        for (const record of await findRecords(trx, collection, [...ids])) {
          records.set(`${collection}/${record.id}`, { ...record, phoneE164: "phone" in record ? toE164(record.phone) : null });
        }
      }
      for (const event of events) {
        const data = records.get(`${event.recordCollection}/${event.recordId}`);
        if (!data || !isWebhookEvent(event.type)) continue;
        const payload: WebhookPayload = { type: event.type, timestamp: event.createdAt, data, ...(event.change && { change: JSON.parse(event.change) as Record<string, unknown> }) };
        const body = JSON.stringify(payload);
        for (const endpoint of endpoints) {
          if (!endpoint.events.has(event.type)) continue;
          // Each endpoint's delivery has an id of its own: its webhook-id, for the receiver to drop duplicates by.
          deliveries.push({
            id: `msg_${newRecordId()}`,
            endpointId: endpoint.id,
            type: event.type,
            subjectEmail: event.subjectEmail,
            payload: body,
            state: "pending",
            attempts: 0,
            nextAttemptAt: now.toISOString(),
            lockedUntil: null,
            createdAt: event.createdAt,
          });
        }
      }
    }
    if (deliveries.length > 0) await trx.insertInto("webhookDeliveries").values(deliveries).execute();
    await trx
      .deleteFrom("webhookEvents")
      .where(
        "id",
        "in",
        events.map((event) => event.id),
      )
      .execute();
    return events.length;
  });
}
