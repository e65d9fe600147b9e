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
 * delivery each, due now, its body built from the record as the staff API lists it (with the phone in
 * E.164). The events are deleted in the transaction that stores their deliveries. An event whose record
 * is gone (erased) sends nothing. Returns how many events it read (fewer than `limit`: none are left).
 *
 * On PostgreSQL several workers may fan out at once: SKIP LOCKED gives each event to one of them, in
 * one transaction. On SQLite (one process, one write connection) it reads and builds first, outside the
 * write transaction, which the submissions wait for, then stores the deliveries of the events it could
 * still delete: one erased in between is gone, and sends nothing.
 */
export async function fanOutWebhookEvents(db: Db, now: Date, limit: number): Promise<number> {
  const oldest = (reader: Db) =>
    reader.selectFrom("webhookEvents").selectAll().orderBy("createdAt").orderBy("id").limit(limit);
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const events = await oldest(trx).forUpdate().skipLocked().execute();
      if (events.length === 0) return 0;
      const deliveries = await deliveriesOf(trx, events, now);
      if (deliveries.length > 0)
        await trx
          .insertInto("webhookDeliveries")
          .values(deliveries.map(({ row }) => row))
          .execute();
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
  const events = await oldest(db).execute();
  if (events.length === 0) return 0;
  const built = await deliveriesOf(db, events, now);
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom("webhookEvents")
      .where(
        "id",
        "in",
        events.map((event) => event.id),
      )
      .returning("id")
      .execute();
    const stillThere = new Set(taken.map((event) => event.id));
    const kept = built.filter(({ eventId }) => stillThere.has(eventId));
    if (kept.length > 0)
      await trx
        .insertInto("webhookDeliveries")
        .values(kept.map(({ row }) => row))
        .execute();
  });
  return events.length;
}

interface BuiltDelivery {
  eventId: string;
  row: WebhookDeliveriesTable;
}

/** One delivery of each event to each enabled endpoint that wants it, with the event's body. */
async function deliveriesOf(reader: Db, events: readonly WebhookEventsTable[], now: Date): Promise<BuiltDelivery[]> {
  const endpoints = (
    await reader.selectFrom("webhookEndpoints").select(["id", "events"]).where("disabled", "=", 0).execute()
  ).map((row) => ({
    id: row.id,
    events: new Set((JSON.parse(row.events) as unknown[]).filter(isWebhookEvent)),
  }));
  if (endpoints.length === 0) return [];
  const records = new Map<string, Record<string, unknown>>();
  const byCollection = new Map<Collection, Set<string>>();
  for (const event of events)
    byCollection.set(
      event.recordCollection,
      (byCollection.get(event.recordCollection) ?? new Set()).add(event.recordId),
    );
  for (const [collection, ids] of byCollection) {
    for (const record of await findRecords(reader, collection, [...ids])) {
      records.set(`${collection}/${record.id}`, {
        ...record,
        phoneE164: "phone" in record ? toE164(record.phone) : null,
      });
    }
  }
  const deliveries: BuiltDelivery[] = [];
  for (const event of events) {
    const data = records.get(`${event.recordCollection}/${event.recordId}`);
    if (!data || !isWebhookEvent(event.type)) continue;
    const payload: WebhookPayload = {
      type: event.type,
      timestamp: event.createdAt,
      data,
      ...(event.change && { change: JSON.parse(event.change) as Record<string, unknown> }),
    };
    const body = JSON.stringify(payload);
    for (const endpoint of endpoints) {
      if (!endpoint.events.has(event.type)) continue;
      deliveries.push({
        eventId: event.id,
        row: {
          // Each endpoint's delivery has an id of its own: its webhook-id, for the receiver to drop duplicates by.
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
        },
      });
    }
  }
  return deliveries;
}
