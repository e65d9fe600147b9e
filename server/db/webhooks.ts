import { toE164 } from "../../src/domain/phone";
import type { Collection } from "../../src/domain/status";
import { isWebhookEvent, type WebhookEvent, type WebhookPayload } from "../../src/domain/webhooks";
import { isPostgres } from "./connect";
import { newRecordId } from "./record-id";
import { findRecords } from "./record-lists";
import { DELIVERY_LEASE_MS, type DueDelivery } from "./webhook-deliveries";
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

/** What a fan-out did: how many events it read (fewer than its limit: none are left), and the deliveries it stored already claimed. */
export interface FanOut {
  read: number;
  claimed: DueDelivery[];
}

/**
 * Fans out up to `limit` queued events, oldest first, to the enabled endpoints that want them: one
 * delivery each, its body built from the record as the staff API lists it (with the phone in E.164).
 * The events are deleted in the transaction that stores their deliveries. An event whose record is gone
 * (erased) sends nothing. Up to `room` of an endpoint's new deliveries (the dispatcher's free sending
 * slots) are stored already claimed, as claimDueDeliveries would claim them, and returned to be sent:
 * that spares each of them a claiming update.
 *
 * On PostgreSQL several instances may fan out at once: SKIP LOCKED gives each event to one of them, in
 * one transaction. On SQLite the one dispatcher reads and builds first, outside the write transaction
 * (which holds the write gate the server's submissions wait at: db/sqlite/write-gate.ts), then stores the
 * deliveries of the events it could still delete: one erased in between is gone, and sends nothing.
 */
export async function fanOutWebhookEvents(db: Db, now: Date, limit: number, room: ReadonlyMap<string, number> = new Map()): Promise<FanOut> {
  const oldest = (reader: Db) => reader.selectFrom("webhookEvents").selectAll().orderBy("createdAt").orderBy("id").limit(limit);
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const events = await oldest(trx).forUpdate().skipLocked().execute();
      if (events.length === 0) return { read: 0, claimed: [] };
      const deliveries = await deliveriesOf(trx, events, now, room);
      if (deliveries.length > 0) await trx.insertInto("webhookDeliveries").values(deliveries.map(({ row }) => row)).execute();
      await trx.deleteFrom("webhookEvents").where("id", "in", events.map((event) => event.id)).execute();
      return { read: events.length, claimed: claimedOf(deliveries) };
    });
  }
  const events = await oldest(db).execute();
  if (events.length === 0) return { read: 0, claimed: [] };
  const built = await deliveriesOf(db, events, now, room);
  const deliveries = await db.transaction().execute(async (trx) => {
    const taken = await trx.deleteFrom("webhookEvents").where("id", "in", events.map((event) => event.id)).returning("id").execute();
    const stillThere = new Set(taken.map((event) => event.id));
    const kept = built.filter(({ eventId }) => stillThere.has(eventId));
    if (kept.length > 0) await trx.insertInto("webhookDeliveries").values(kept.map(({ row }) => row)).execute();
    return kept;
  });
  return { read: events.length, claimed: claimedOf(deliveries) };
}

interface BuiltDelivery {
  eventId: string;
  row: WebhookDeliveriesTable;
  /** Set when it is stored claimed: its endpoint, for sending. */
  claimedFor?: Pick<DueDelivery, "url" | "secret" | "previousSecret" | "previousSecretUntil">;
}

const claimedOf = (deliveries: readonly BuiltDelivery[]): DueDelivery[] =>
  deliveries.flatMap(({ row, claimedFor }) =>
    claimedFor ? [{ id: row.id, endpointId: row.endpointId, type: row.type, payload: row.payload, attempts: Number(row.attempts), createdAt: row.createdAt, ...claimedFor }] : [],
  );

/** One delivery of each event to each enabled endpoint that wants it, with the event's body; the first `room` of an endpoint's claimed. */
async function deliveriesOf(reader: Db, events: readonly WebhookEventsTable[], now: Date, room: ReadonlyMap<string, number>): Promise<BuiltDelivery[]> {
  const endpoints = (await reader.selectFrom("webhookEndpoints").select(["id", "events", "url", "secret", "previousSecret", "previousSecretUntil"]).where("disabled", "=", 0).execute()).map((row) => ({
    id: row.id,
    events: new Set((JSON.parse(row.events) as unknown[]).filter(isWebhookEvent)),
    sending: { url: row.url, secret: row.secret, previousSecret: row.previousSecret, previousSecretUntil: row.previousSecretUntil },
  }));
  if (endpoints.length === 0) return [];
  const records = new Map<string, Record<string, unknown>>();
  const byCollection = new Map<Collection, Set<string>>();
  for (const event of events) byCollection.set(event.recordCollection, (byCollection.get(event.recordCollection) ?? new Set()).add(event.recordId));
  for (const [collection, ids] of byCollection) {
    for (const record of await findRecords(reader, collection, [...ids])) {
      records.set(`${collection}/${record.id}`, { ...record, phoneE164: "phone" in record ? toE164(record.phone) : null });
    }
  }
  const left = new Map(room);
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString();
  const deliveries: BuiltDelivery[] = [];
  for (const event of events) {
    const data = records.get(`${event.recordCollection}/${event.recordId}`);
    if (!data || !isWebhookEvent(event.type)) continue;
    const payload: WebhookPayload = { type: event.type, timestamp: event.createdAt, data, ...(event.change && { change: JSON.parse(event.change) as Record<string, unknown> }) };
    const body = JSON.stringify(payload);
    for (const endpoint of endpoints) {
      if (!endpoint.events.has(event.type)) continue;
      const claim = (left.get(endpoint.id) ?? 0) > 0;
      if (claim) left.set(endpoint.id, left.get(endpoint.id)! - 1);
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
          // Claimed as claimDueDeliveries claims: under a lease, the attempt counted.
          attempts: claim ? 1 : 0,
          nextAttemptAt: now.toISOString(),
          lockedUntil: claim ? lease : null,
          createdAt: event.createdAt,
        },
        ...(claim && { claimedFor: endpoint.sending }),
      });
    }
  }
  return deliveries;
}
