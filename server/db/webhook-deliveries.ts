import { sql, type Transaction } from "kysely";
import {
  retryDelayMs,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_LOG_SIZE,
  type WebhookAttempt,
  type WebhookEvent,
} from "../../src/domain/webhooks";
import { insertRows } from "./bulk-insert";
import { isPostgres } from "./connect";
import { newRecordId } from "./record-id";
import type { Db, Tables, Writer } from "./schema";

// An endpoint's webhook deliveries (migration 0017; fanned out from events in webhooks.ts): claimed under
// a lease by the worker (server/webhooks/worker.ts), their attempts recorded in batches and retried with backoff, the log trimmed to its last
// WEBHOOK_LOG_SIZE attempts, and any logged attempt sent again.

/** How long a claimed delivery is left to its sender: the 10 s timeout and then some. */
export const DELIVERY_LEASE_MS = 60_000;
const ERROR_LENGTH = 300;
/** Deliveries deleted per statement when a log is trimmed (SQLite allows 32,766 parameters). */
const PRUNE_CHUNK = 500;

export interface DueDelivery {
  id: string;
  endpointId: string;
  type: string;
  payload: string;
  attempts: number;
  createdAt: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: string | null;
}

/** The ids of the endpoints deliveries go to now: the enabled ones. */
export async function sendableEndpoints(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("webhookEndpoints").select("id").where("disabled", "=", 0).execute();
  return rows.map((row) => row.id);
}

/**
 * Up to `limit` of one endpoint's due deliveries, oldest due first, not under another sender's lease,
 * read through the partial due index (WHERE state = 'pending', migration 0019; webhook-log.test.ts checks
 * the plan). `state` is a literal so that the planner can match that index however the statement is
 * prepared: SQLite plans again for a bound value, but a generic plan on PostgreSQL would not.
 */
export function dueDeliveriesQuery(db: Writer, endpointId: string, at: string, limit: number) {
  return db
    .selectFrom("webhookDeliveries")
    .select("id")
    .where("endpointId", "=", endpointId)
    .where(sql.ref("state"), "=", sql.lit("pending"))
    .where("nextAttemptAt", "<=", at)
    .where((w) => w.or([w("lockedUntil", "is", null), w("lockedUntil", "<=", at)]))
    .orderBy("nextAttemptAt")
    .limit(limit);
}

/**
 * Claims up to `limit` of one endpoint's due deliveries under a lease (their next attempt) and counts the
 * attempt, in one statement through its own due index (SKIP LOCKED on PostgreSQL, where several workers
 * may claim at once; on SQLite the one process's statements run one at a time). Per endpoint, so the
 * worker can cap each endpoint's attempts in flight.
 */
export async function claimDueDeliveries(db: Db, now: Date, endpointId: string, limit: number): Promise<DueDelivery[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString();
  const claimed = await db
    .updateTable("webhookDeliveries")
    .set((eb) => ({ lockedUntil: lease, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", () => {
      const due = dueDeliveriesQuery(db, endpointId, at, limit);
      return isPostgres(db) ? due.forUpdate().skipLocked() : due;
    })
    .returning(["id", "endpointId", "type", "payload", "attempts", "createdAt"])
    .execute();
  if (claimed.length === 0) return [];
  const endpoint = await db
    .selectFrom("webhookEndpoints")
    .select(["url", "secret", "previousSecret", "previousSecretUntil"])
    .where("id", "=", endpointId)
    .executeTakeFirst();
  if (!endpoint) return [];
  return claimed.map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    url: endpoint.url,
    secret: endpoint.secret,
    previousSecret: endpoint.previousSecret,
    previousSecretUntil: endpoint.previousSecretUntil,
  }));
}

export interface AttemptOutcome {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** What one attempt did to its endpoint: nothing, or disabled it (410, or 3 days of failures). */
export type EndpointVerdict = "ok" | "failing" | "gone" | "disabled-failing";

/** One finished attempt, to be recorded. */
export interface FinishedAttempt {
  delivery: Pick<DueDelivery, "id" | "endpointId" | "type" | "attempts" | "createdAt">;
  outcome: AttemptOutcome;
  /** When it finished. */
  at: Date;
}

/**
 * Logs finished attempts and moves their deliveries on, in one transaction (a batch: on SQLite the
 * submissions wait for each write transaction). Each delivery is delivered on a 2xx; otherwise retried
 * on the schedule of retryDelayMs, then failed. A 410
 * disables the endpoint at once; a failure when the endpoint has failed everything for
 * WEBHOOK_DISABLE_AFTER_MS disables it too. Returns each attempt's verdict, in order.
 */
export async function recordDeliveryAttempts(
  db: Db,
  attempts: readonly FinishedAttempt[],
  random: () => number = Math.random,
  retryBaseMs?: number,
): Promise<EndpointVerdict[]> {
  if (attempts.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      "webhookAttempts",
      attempts.map(({ delivery, outcome, at }) => ({
        id: newRecordId(),
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        type: delivery.type,
        status: outcome.status,
        durationMs: Math.round(outcome.durationMs),
        error: outcome.error?.slice(0, ERROR_LENGTH) ?? null,
        at: at.toISOString(),
      })),
    );
    // Delivered ones together (on PostgreSQL each statement is a round trip): one update of the
    // deliveries, and each endpoint's failure streak ended once.
    const delivered = attempts.filter(({ outcome }) => isDelivered(outcome));
    if (delivered.length > 0) {
      await trx
        .updateTable("webhookDeliveries")
        .set({ state: "delivered", nextAttemptAt: null, lockedUntil: null })
        .where(
          "id",
          "in",
          delivered.map(({ delivery }) => delivery.id),
        )
        .execute();
      await trx
        .updateTable("webhookEndpoints")
        .set({ failingSince: null })
        .where("id", "in", [...new Set(delivered.map(({ delivery }) => delivery.endpointId))])
        .where("failingSince", "is not", null)
        .execute();
    }
    // An endpoint whose last attempt here succeeded is not failing, whatever failed before it in the batch.
    const lastOf = new Map<string, FinishedAttempt>();
    for (const attempt of attempts)
      if ((lastOf.get(attempt.delivery.endpointId)?.at.getTime() ?? -Infinity) <= attempt.at.getTime())
        lastOf.set(attempt.delivery.endpointId, attempt);
    const recovered = new Set(
      [...lastOf].filter(([, last]) => isDelivered(last.outcome)).map(([endpointId]) => endpointId),
    );
    const verdicts: EndpointVerdict[] = [];
    for (const attempt of attempts) {
      if (isDelivered(attempt.outcome)) verdicts.push("ok");
      else verdicts.push(await failed(trx, attempt, random, retryBaseMs, recovered.has(attempt.delivery.endpointId)));
    }
    return verdicts;
  });
}

const isDelivered = (outcome: AttemptOutcome) =>
  outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/** A failed attempt's consequence for its delivery (retried later, or failed for good) and its endpoint. */
async function failed(
  trx: Transaction<Tables>,
  { delivery, outcome, at: now }: FinishedAttempt,
  random: () => number,
  retryBaseMs: number | undefined,
  recovered: boolean,
): Promise<EndpointVerdict> {
  const at = now.toISOString();
  const wait = retryDelayMs(delivery.attempts, random, retryBaseMs);
  await trx
    .updateTable("webhookDeliveries")
    .set(
      wait === null
        ? { state: "failed", nextAttemptAt: null, lockedUntil: null }
        : { nextAttemptAt: new Date(now.getTime() + wait).toISOString(), lockedUntil: null },
    )
    .where("id", "=", delivery.id)
    .execute();
  if (recovered && outcome.status !== 410) return "failing";
  // The streak's start, set by the first failure only (conditional, so concurrent attempts agree).
  await trx
    .updateTable("webhookEndpoints")
    .set({ failingSince: at })
    .where("id", "=", delivery.endpointId)
    .where("failingSince", "is", null)
    .execute();
  const endpoint = await trx
    .selectFrom("webhookEndpoints")
    .select(["failingSince", "disabled"])
    .where("id", "=", delivery.endpointId)
    .executeTakeFirst();
  if (!endpoint || Number(endpoint.disabled) !== 0) return "ok";
  const failingSince = endpoint.failingSince ?? at;
  const verdict: EndpointVerdict =
    outcome.status === 410
      ? "gone"
      : now.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_MS
        ? "disabled-failing"
        : "failing";
  if (verdict === "failing") return verdict;
  // Only one of several attempts finishing at once disables it (and is audited as having done so).
  const disabled = await trx
    .updateTable("webhookEndpoints")
    .set({ disabled: 1, disabledReason: verdict === "gone" ? "gone" : "failing" })
    .where("id", "=", delivery.endpointId)
    .where("disabled", "=", 0)
    .executeTakeFirst();
  return Number(disabled.numUpdatedRows) === 0 ? "failing" : verdict;
}

/** One attempt, recorded alone (tests; the worker records in batches). */
export async function recordDeliveryAttempt(
  db: Db,
  delivery: FinishedAttempt["delivery"],
  outcome: AttemptOutcome,
  now: Date,
  random: () => number = Math.random,
): Promise<EndpointVerdict> {
  const [verdict] = await recordDeliveryAttempts(db, [{ delivery, outcome, at: now }], random);
  return verdict!;
}

/**
 * Keeps the newest WEBHOOK_LOG_SIZE attempts of an endpoint, and the finished deliveries that still have
 * one. The worker calls it now and then (every PRUNE_EVERY attempts of the endpoint), not per attempt:
 * the log may hold a few more until then, and the API lists the newest WEBHOOK_LOG_SIZE.
 */
export async function pruneWebhookLog(db: Db, endpointId: string): Promise<void> {
  await db.transaction().execute((trx) => pruneAttempts(trx, endpointId));
}

async function pruneAttempts(trx: Transaction<Tables>, endpointId: string): Promise<void> {
  const cutoff = await trx
    .selectFrom("webhookAttempts")
    .select(["at", "id"])
    .where("endpointId", "=", endpointId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .offset(WEBHOOK_LOG_SIZE)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  const removed = await trx
    .deleteFrom("webhookAttempts")
    .where("endpointId", "=", endpointId)
    .where((eb) => eb.or([eb("at", "<", cutoff.at), eb.and([eb("at", "=", cutoff.at), eb("id", "<=", cutoff.id)])]))
    .returning("deliveryId")
    .execute();
  // The finished deliveries whose last logged attempt just went (by id: not a scan of the endpoint's).
  const deliveryIds = [...new Set(removed.map((row) => row.deliveryId))];
  for (let start = 0; start < deliveryIds.length; start += PRUNE_CHUNK) {
    await trx
      .deleteFrom("webhookDeliveries")
      .where("id", "in", deliveryIds.slice(start, start + PRUNE_CHUNK))
      .where("state", "!=", "pending")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("webhookAttempts")
              .select("webhookAttempts.id")
              .whereRef("webhookAttempts.deliveryId", "=", "webhookDeliveries.id"),
          ),
        ),
      )
      .execute();
  }
}

/** An endpoint's delivery log, newest first. */
export async function listWebhookAttempts(
  db: Db,
  endpointId: string,
  limit = WEBHOOK_LOG_SIZE,
): Promise<WebhookAttempt[]> {
  const rows = await db
    .selectFrom("webhookAttempts")
    .select(["id", "deliveryId", "type", "status", "durationMs", "error", "at"])
    .where("endpointId", "=", endpointId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.type as WebhookEvent,
    webhookId: row.deliveryId,
    status: row.status === null ? null : Number(row.status),
    durationMs: Number(row.durationMs),
    error: row.error,
    at: row.at,
  }));
}

/**
 * Sends a logged attempt's delivery again, with the same webhook-id: due now, a fresh retry window.
 * Undefined when the attempt is unknown.
 */
export async function resendDelivery(
  trx: Writer,
  attemptId: string,
  now: Date,
): Promise<{ deliveryId: string; endpointId: string } | undefined> {
  const attempt = await trx
    .selectFrom("webhookAttempts")
    .select(["deliveryId", "endpointId"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
  if (!attempt) return undefined;
  await trx
    .updateTable("webhookDeliveries")
    .set({
      state: "pending",
      nextAttemptAt: now.toISOString(),
      lockedUntil: null,
      attempts: 0,
      createdAt: now.toISOString(),
    })
    .where("id", "=", attempt.deliveryId)
    .execute();
  return attempt;
}
