import type { Clock } from "../clock";
import { appendAudit, claimDueDeliveries, fanOutWebhookEvents, recordDeliveryAttempt, type Db, type DueDelivery } from "../db/store";
import { createPollingLoop } from "../events/wakeup";
import { describeError, type Logger } from "../logger";
import type { PrivacyKeys } from "../privacy/keys";
import type { AddressPolicy } from "./address-guard";
import { openWebhookSecret } from "./secrets";
import { sendWebhook, type SendResult } from "./send";

// The webhook sender in the server process. Woken after a commit that queued an event, and polling for
// retries that fall due and for events other instances queued: it fans queued events out to the
// endpoints that want them, then sends what is due, several at once, so an endpoint that hangs for its
// 10 s holds up only its own deliveries. At least once: a delivery is marked only after its attempt,
// and a sender killed mid-send leaves a claim that expires (DELIVERY_LEASE_MS) and is sent again.

export const WEBHOOK_POLL_MS = 1_000;
/** Deliveries in flight at once, across endpoints. */
const IN_FLIGHT = 32;
const FAN_OUT_BATCH = 200;

export interface WebhookDispatcherDeps {
  db: Db;
  keys: PrivacyKeys;
  clock: Clock;
  logger: Logger;
  policy: AddressPolicy;
  pollMs?: number;
  /** Tests: another way to send (the real one posts over the network). */
  send?: typeof sendWebhook;
  random?: () => number;
  /** Tests: a shorter attempt than WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface WebhookDispatcher {
  /** Fans out what is queued and sends what is due, once, waiting for those sends; for tests. */
  runOnce(): Promise<{ fannedOut: number; sent: number }>;
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createWebhookDispatcher({ db, keys, clock, logger, policy, pollMs = WEBHOOK_POLL_MS, send = sendWebhook, random = Math.random, timeoutMs }: WebhookDispatcherDeps): WebhookDispatcher {
  const inFlight = new Set<Promise<void>>();

  /** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
  function secretsOf(delivery: DueDelivery, now: Date): string[] {
    const secrets: string[] = [];
    const current = openWebhookSecret(keys, delivery.endpointId, delivery.secret);
    if (current) secrets.push(current);
    if (delivery.previousSecret && delivery.previousSecretUntil && Date.parse(delivery.previousSecretUntil) > now.getTime()) {
      const previous = openWebhookSecret(keys, delivery.endpointId, delivery.previousSecret);
      if (previous) secrets.push(previous);
    }
    return secrets;
  }

  async function deliver(delivery: DueDelivery): Promise<void> {
    const at = clock();
    const secrets = secretsOf(delivery, at);
    const result: SendResult =
      secrets.length === 0
        ? { status: null, durationMs: 0, error: "The endpoint's secret does not open with this APP_SECRET" }
        : await send(delivery.url, { id: delivery.id, body: delivery.payload, secrets, at }, policy, timeoutMs);
    const verdict = await recordDeliveryAttempt(db, delivery, result, clock(), random);
    if (verdict === "gone" || verdict === "disabled-failing") {
      const reason = verdict === "gone" ? "it answered 410 Gone" : "every delivery failed for 3 days";
      logger.warn("webhook-endpoint-disabled", { endpointId: delivery.endpointId, reason });
      await appendAudit(db, { actor: "system", action: "webhook.disabled", details: { id: delivery.endpointId, reason }, at: clock() });
    }
  }

  function track(delivery: DueDelivery) {
    const task = deliver(delivery)
      .catch((error: unknown) => logger.error("webhook-delivery-failed", { deliveryId: delivery.id, ...describeError(error) }))
      .finally(() => {
        inFlight.delete(task);
        // Room for another: the next pass claims it now.
        loop.wake();
      });
    inFlight.add(task);
  }

  /** Fans out everything queued, then claims as many due deliveries as there is room for. */
  async function pass(): Promise<{ fannedOut: number; claimed: number }> {
    let fannedOut = 0;
    for (;;) {
      const count = await fanOutWebhookEvents(db, clock(), FAN_OUT_BATCH);
      fannedOut += count;
      if (count < FAN_OUT_BATCH) break;
    }
    const room = IN_FLIGHT - inFlight.size;
    const due = room > 0 ? await claimDueDeliveries(db, clock(), room) : [];
    for (const delivery of due) track(delivery);
    return { fannedOut, claimed: due.length };
  }

  const loop = createPollingLoop(pass, { pollMs, onFailure: (error) => logger.error("webhook-dispatcher-failed", describeError(error)) });
  return {
    async runOnce() {
      const { fannedOut, claimed } = await pass();
      await Promise.all([...inFlight]);
      return { fannedOut, sent: claimed };
    },
    wake: loop.wake,
    start: loop.start,
    async stop() {
      await loop.stop();
      await Promise.all([...inFlight]);
    },
  };
}
