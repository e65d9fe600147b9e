import type { Clock } from "../clock";
import {
  appendAudit,
  claimDueDeliveries,
  fanOutWebhookEvents,
  pruneWebhookLog,
  recordDeliveryAttempts,
  sendableEndpoints,
  type Db,
  type DueDelivery,
  type FinishedAttempt,
} from "../db/store";
import { createPollingLoop } from "../events/wakeup";
import { describeError, type Logger } from "../logger";
import type { PrivacyKeys } from "../privacy/keys";
import type { AddressPolicy } from "./address-guard";
import { openWebhookSecret } from "./secrets";
import { sendWebhook, type SendResult } from "./send";

// The webhook worker, shaped like the mail outbox's (outbox/worker.ts) and run on the event loop of
// whichever process starts it: the server (the default) or `npm run worker` (server/worker.ts). Woken
// after a commit that queued an event, so the first attempt goes out at once, and polling for retries
// that fall due and for events other instances queued. A pass records what finished, fans queued events
// out to the endpoints that want them (webhooks.ts), then claims each endpoint's due deliveries under a
// lease, as many as it has free slots, and sends them. At least once: a worker killed before recording
// an attempt leaves a lease that expires (DELIVERY_LEASE_MS), and the delivery is sent again.
// See docs/decisions/0048-webhooks-from-a-plain-outbox-worker.md.

export const WEBHOOK_POLL_MS = 1_000;
/** Attempts in flight at once to one endpoint: one that hangs for its 10 s holds up only its own. */
export const PER_ENDPOINT = 16;
/** Attempts in flight at once, across endpoints. */
export const IN_FLIGHT = 64;
/** Wake-ups (one per commit) within this long of a pass's start are handled by the next pass together. */
const PASS_GAP_MS = 50;
/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 100;
/** Finished attempts recorded per transaction. */
const RECORD_BATCH = 100;
/** An endpoint's log is trimmed to WEBHOOK_LOG_SIZE after this many more attempts. */
const PRUNE_EVERY = 500;
/** Opened secrets kept (an endpoint has one or two at a time; a rotation adds one). */
const OPENED_SECRETS = 64;

export interface WebhookWorkerDeps {
  db: Db;
  keys: PrivacyKeys;
  clock: Clock;
  logger: Logger;
  policy: AddressPolicy;
  pollMs?: number;
  /** How to send: sendWebhook by default; tests stand in. */
  send?: typeof sendWebhook;
  /** Jitter of the retries' waits (retryDelayMs). */
  random?: () => number;
  /** The first retry's wait (WEBHOOK_RETRY_BASE_MS); shorter only for development and the soak checks. */
  retryBaseMs?: number;
  /** Tests: a shorter attempt than WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Tests: other caps than PER_ENDPOINT and IN_FLIGHT. */
  limits?: { perEndpoint: number; inFlight: number };
}

export interface WebhookWorker {
  /** One pass, then waits for the attempts it started and records them; for tests. */
  runOnce(): Promise<{ fannedOut: number; sent: number }>;
  /** Runs a pass soon (a commit queued an event, or staff asked for a resend). */
  wake(): void;
  start(): void;
  /** Ends the loop, lets the attempts under way finish (each within its timeout) and records them. */
  stop(): Promise<void>;
}

export function createWebhookWorker({
  db,
  keys,
  clock,
  logger,
  policy,
  pollMs = WEBHOOK_POLL_MS,
  send = sendWebhook,
  random = Math.random,
  retryBaseMs,
  timeoutMs,
  limits = { perEndpoint: PER_ENDPOINT, inFlight: IN_FLIGHT },
}: WebhookWorkerDeps): WebhookWorker {
  /** Attempts under way, and how many per endpoint. */
  const inFlight = new Set<Promise<void>>();
  const busy = new Map<string, number>();
  /** Attempts finished and not yet recorded. */
  const finished: FinishedAttempt[] = [];
  /** Attempts recorded per endpoint since its log was last trimmed. */
  const sincePrune = new Map<string, number>();
  /** Sealed secret (with its endpoint) to opened: opening is an AES-GCM decryption, per delivery otherwise. */
  const opened = new Map<string, string | null>();

  function open(endpointId: string, sealed: string): string | null {
    const key = `${endpointId} ${sealed}`;
    let secret = opened.get(key);
    if (secret === undefined) {
      if (opened.size >= OPENED_SECRETS) opened.clear();
      secret = openWebhookSecret(keys, endpointId, sealed);
      opened.set(key, secret);
    }
    return secret;
  }

  /** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
  function secretsOf(delivery: DueDelivery, now: Date): string[] {
    const secrets: string[] = [];
    const current = open(delivery.endpointId, delivery.secret);
    if (current) secrets.push(current);
    if (
      delivery.previousSecret &&
      delivery.previousSecretUntil &&
      Date.parse(delivery.previousSecretUntil) > now.getTime()
    ) {
      const previous = open(delivery.endpointId, delivery.previousSecret);
      if (previous) secrets.push(previous);
    }
    return secrets;
  }

  async function attempt(delivery: DueDelivery): Promise<SendResult> {
    const secrets = secretsOf(delivery, clock());
    if (secrets.length === 0)
      return { status: null, durationMs: 0, error: "The endpoint's secret does not open with this APP_SECRET" };
    return send(delivery.url, { id: delivery.id, body: delivery.payload, secrets, at: clock() }, policy, timeoutMs);
  }

  /** Sends one claimed delivery; its outcome waits in `finished` for the next pass to record it. */
  function start(delivery: DueDelivery) {
    busy.set(delivery.endpointId, (busy.get(delivery.endpointId) ?? 0) + 1);
    const task = attempt(delivery)
      .catch((error: unknown): SendResult => ({
        status: null,
        durationMs: 0,
        error: error instanceof Error ? error.message : String(error),
      }))
      .then((outcome) => {
        finished.push({ delivery, outcome, at: clock() });
        inFlight.delete(task);
        busy.set(delivery.endpointId, (busy.get(delivery.endpointId) ?? 1) - 1);
        // Recorded, and its slot filled again, by the next pass.
        loop.wake();
      });
    inFlight.add(task);
  }

  async function record(): Promise<void> {
    while (finished.length > 0) {
      const batch = finished.splice(0, RECORD_BATCH);
      let verdicts;
      try {
        verdicts = await recordDeliveryAttempts(db, batch, random, retryBaseMs);
      } catch (error) {
        // Not lost: recorded at the next pass (their leases outlast it).
        finished.unshift(...batch);
        throw error;
      }
      for (const [index, verdict] of verdicts.entries()) {
        const { endpointId } = batch[index]!.delivery;
        sincePrune.set(endpointId, (sincePrune.get(endpointId) ?? 0) + 1);
        if (verdict !== "gone" && verdict !== "disabled-failing") continue;
        const reason = verdict === "gone" ? "it answered 410 Gone" : "every delivery failed for 3 days";
        logger.warn("webhook-endpoint-disabled", { endpointId, reason });
        await appendAudit(db, {
          actor: "system",
          action: "webhook.disabled",
          details: { id: endpointId, reason },
          at: clock(),
        });
      }
    }
    for (const [endpointId, count] of sincePrune) {
      if (count < PRUNE_EVERY) continue;
      sincePrune.set(endpointId, 0);
      await pruneWebhookLog(db, endpointId);
    }
  }

  async function pass(): Promise<{ fannedOut: number; sent: number }> {
    await record();
    let fannedOut = 0;
    for (;;) {
      const read = await fanOutWebhookEvents(db, clock(), FAN_OUT_BATCH);
      fannedOut += read;
      if (read < FAN_OUT_BATCH) break;
    }
    let sent = 0;
    for (const endpointId of await sendableEndpoints(db)) {
      const room = Math.min(limits.perEndpoint - (busy.get(endpointId) ?? 0), limits.inFlight - inFlight.size);
      if (room <= 0) continue;
      const due = await claimDueDeliveries(db, clock(), endpointId, room);
      for (const delivery of due) start(delivery);
      sent += due.length;
    }
    return { fannedOut, sent };
  }

  const drain = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  const loop = createPollingLoop(pass, {
    pollMs,
    minGapMs: PASS_GAP_MS,
    onFailure: (error) => logger.error("webhook-worker-failed", describeError(error)),
  });
  return {
    async runOnce() {
      const result = await pass();
      await drain();
      await record();
      return result;
    },
    wake: loop.wake,
    start: loop.start,
    async stop() {
      await loop.stop();
      await drain();
      await record();
    },
  };
}
