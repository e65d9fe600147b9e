import type { Clock } from "../clock";
import {
  appendAudit,
  claimDueDeliveries,
  fanOutWebhookEvents,
  isPostgres,
  pruneWebhookLog,
  recordDeliveryAttempts,
  releaseDeliveries,
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
import { createSendSlots } from "./send-slots";

// The webhook sender in the server process. Woken after a commit that queued an event, and polling for
// retries that fall due and for events other instances queued: it fans queued events out to the
// endpoints that want them, then sends what is due, several at once. Each endpoint has its own share of
// the sending slots (send-slots.ts), so one that hangs for its 10 s holds up only its own deliveries;
// what it claims beyond its free slots waits in memory for one, so a pass need not come round for every
// slot that frees. Finished attempts are recorded in batches, one transaction per pass (on SQLite every
// write transaction is a turn at the write gate the submissions wait at). At least once: a delivery is
// marked only after its attempt is recorded, and a sender killed before that leaves a claim that expires
// (DELIVERY_LEASE_MS) and is sent again.

export const WEBHOOK_POLL_MS = 1_000;
// Small transactions, with a turn of the event loop between them: on a SQLite file each holds the write
// gate the server's submissions wait at (on an in-memory database it runs on their very thread), and a
// submission waits for the whole of one (its p99 is the longest). On PostgreSQL a transaction holds up no
// submission, but each statement costs the database's CPU, on cores the submissions share: fewer, larger
// ones (decision 0039).
const FAN_OUT_BATCH = { sqlite: 50, postgres: 100 };
/** Finished attempts recorded per transaction. */
const SETTLE_BATCH = 100;
/** An endpoint's log is trimmed to WEBHOOK_LOG_SIZE after this many more attempts. */
const PRUNE_EVERY = 500;
/** Finished attempts wait at most this long to be recorded together. */
const SETTLE_DELAY_MS = 20;
/**
 * Passes woken by commits start at least this far apart: under load the events of many submissions are
 * fanned out, claimed and recorded together, instead of a pass (a handful of queries) per submission.
 */
const PASS_GAP_MS = { sqlite: 25, postgres: 100 };
/**
 * While the server's thread is busy (serverBusy), the sender defers to the submissions (decisions 0041,
 * 0042): it starts no delivery, only records those under way, for up to MAX_DEFER_MS of unbroken load.
 * Each delivery costs writes and CPU on the cores the submissions share (on PostgreSQL in the database's
 * processes, at their priority, which no nice value of ours reaches), and webhooks are asynchronous to
 * begin with: what waits is in the durable outbox and goes once the load falls. A load that outlasts
 * MAX_DEFER_MS is a sustained one: then a pass at most every BUSY_PASS_GAP_MS, fanning out at most
 * BUSY_FAN_OUT events, so it delays webhooks but cannot starve them.
 */
export const MAX_DEFER_MS = 120_000;
const BUSY_PASS_GAP_MS = 250;
export const BUSY_FAN_OUT = 25;
/** Opened secrets kept (an endpoint has one or two at a time; a rotation adds one). */
const OPENED_SECRETS = 64;

/** Lets what waits on the event loop (submissions) run between two of the sender's transactions. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface WebhookDispatcherDeps {
  db: Db;
  keys: PrivacyKeys;
  clock: Clock;
  logger: Logger;
  policy: AddressPolicy;
  pollMs?: number;
  /** How to send: sendWebhook by default; tests stand in. */
  send?: typeof sendWebhook;
  random?: () => number;
  /** The first retry's wait (WEBHOOK_RETRY_BASE_MS); shorter only for development and the soak checks. */
  retryBaseMs?: number;
  /** Tests: a shorter attempt than WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Whether the server's thread is busy now (dispatch-worker.ts reads server-load.ts); never, by default. */
  serverBusy?: () => boolean;
}

export interface WebhookDispatcher {
  /** Fans out what is queued and sends what is due, once, waiting for those sends; for tests. */
  runOnce(): Promise<{ fannedOut: number; sent: number }>;
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createWebhookDispatcher({ db, keys, clock, logger, policy, pollMs = WEBHOOK_POLL_MS, send = sendWebhook, random = Math.random, timeoutMs, retryBaseMs, serverBusy = () => false }: WebhookDispatcherDeps): WebhookDispatcher {
  const database = isPostgres(db) ? "postgres" : "sqlite";
  /** Attempts finished and not yet recorded. */
  const finished: FinishedAttempt[] = [];
  /** Attempts recorded per endpoint since its log was last trimmed. */
  const sincePrune = new Map<string, number>();
  let settleTimer: NodeJS.Timeout | null = null;
  /** Endpoints whose last claim took fewer than it had room for: nothing of theirs was left due. */
  const caughtUp = new Set<string>();
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
    if (delivery.previousSecret && delivery.previousSecretUntil && Date.parse(delivery.previousSecretUntil) > now.getTime()) {
      const previous = open(delivery.endpointId, delivery.previousSecret);
      if (previous) secrets.push(previous);
    }
    return secrets;
  }

  async function deliver(delivery: DueDelivery): Promise<void> {
    const secrets = secretsOf(delivery, clock());
    const outcome: SendResult =
      secrets.length === 0
        ? { status: null, durationMs: 0, error: "The endpoint's secret does not open with this APP_SECRET" }
        : await send(delivery.url, { id: delivery.id, body: delivery.payload, secrets, at: clock() }, policy, timeoutMs);
    finished.push({ delivery, outcome, at: clock() });
  }

  const slots = createSendSlots(
    (delivery) => deliver(delivery).catch((error: unknown) => logger.error("webhook-delivery-failed", { deliveryId: delivery.id, ...describeError(error) })),
    () => {
      // Recorded, and the slots refilled, with whatever else finishes in the next few milliseconds.
      settleTimer ??= setTimeout(() => {
        settleTimer = null;
        loop.wake();
      }, SETTLE_DELAY_MS);
    },
  );

  /** Records the finished attempts in one transaction, then acts on endpoints disabled by them. */
  async function settle(): Promise<void> {
    while (finished.length > SETTLE_BATCH) {
      await settleSome(finished.splice(0, SETTLE_BATCH));
      await turn();
    }
    if (finished.length > 0) await settleSome(finished.splice(0));
  }

  async function settleSome(batch: FinishedAttempt[]): Promise<void> {
    let verdicts;
    try {
      verdicts = await recordDeliveryAttempts(db, batch, random, retryBaseMs);
    } catch (error) {
      // Not lost: recorded at the next pass (the claims' leases outlast it).
      finished.unshift(...batch);
      throw error;
    }
    for (const [index, verdict] of verdicts.entries()) {
      const { endpointId } = batch[index]!.delivery;
      sincePrune.set(endpointId, (sincePrune.get(endpointId) ?? 0) + 1);
      if (verdict !== "gone" && verdict !== "disabled-failing") continue;
      const reason = verdict === "gone" ? "it answered 410 Gone" : "every delivery failed for 3 days";
      logger.warn("webhook-endpoint-disabled", { endpointId, reason });
      await appendAudit(db, { actor: "system", action: "webhook.disabled", details: { id: endpointId, reason }, at: clock() });
    }
    for (const [endpointId, count] of sincePrune) {
      if (count < PRUNE_EVERY) continue;
      sincePrune.set(endpointId, 0);
      await pruneWebhookLog(db, endpointId);
    }
  }

  /** When the server's thread was first seen busy, in the load under way; null while it is not busy. */
  let busySince: number | null = null;
  /** How the sender stands towards the server's load now: free, deferring (MAX_DEFER_MS), or past that (a sustained load). */
  function load(): "free" | "defer" | "sustained" {
    if (!serverBusy()) {
      busySince = null;
      return "free";
    }
    const now = clock().getTime();
    busySince ??= now;
    return now - busySince < MAX_DEFER_MS ? "defer" : "sustained";
  }

  /** The room of the caught-up endpoints, for the fan-out to claim new deliveries into. */
  function fanOutRoom(): Map<string, number> {
    const room = new Map<string, number>();
    let total = slots.heldRoom();
    for (const endpointId of caughtUp) {
      const free = Math.min(slots.roomFor(endpointId), total);
      if (free <= 0) continue;
      room.set(endpointId, free);
      total -= free;
    }
    return room;
  }

  /**
   * Records what finished, fans out everything queued, then claims, per endpoint, as many due deliveries
   * as it has room for. An endpoint that had nothing more due at its last claim (caught up) gets its new
   * deliveries claimed by the fan-out itself, sparing each an update; the claims then take what else is
   * due (retries, resends), oldest due first. While it defers to a busy server, it only records.
   */
  async function pass(): Promise<{ fannedOut: number; claimed: number }> {
    await settle();
    if (load() === "defer") return { fannedOut: 0, claimed: 0 };
    let fannedOut = 0;
    let claimed = 0;
    for (;;) {
      // Asked again before each batch: a server that turns busy during a long fan-out (a backlog) is deferred to at once.
      const now = load();
      if (now === "defer") break;
      const busy = now === "sustained";
      const batch = busy ? BUSY_FAN_OUT : FAN_OUT_BATCH[database];
      const room = fanOutRoom();
      const fanOut = await fanOutWebhookEvents(db, clock(), batch, room);
      const claimedPer = new Map<string, number>();
      for (const delivery of fanOut.claimed) {
        slots.track(delivery);
        claimedPer.set(delivery.endpointId, (claimedPer.get(delivery.endpointId) ?? 0) + 1);
      }
      claimed += fanOut.claimed.length;
      // Given all its room, an endpoint may have new deliveries left unclaimed: older ones go first then.
      for (const [endpointId, free] of room) if ((claimedPer.get(endpointId) ?? 0) >= free) caughtUp.delete(endpointId);
      fannedOut += fanOut.read;
      if (busy || fanOut.read < batch) break;
      await turn();
    }
    if (load() === "defer") return { fannedOut, claimed };
    const sendable = await sendableEndpoints(db);
    // Disabled or deleted since: not fanned out to, not kept.
    for (const endpointId of caughtUp) if (!sendable.includes(endpointId)) caughtUp.delete(endpointId);
    for (const endpointId of sendable) {
      const room = slots.roomFor(endpointId);
      if (room <= 0) continue;
      const due = await claimDueDeliveries(db, clock(), endpointId, room);
      for (const delivery of due) slots.track(delivery);
      claimed += due.length;
      if (due.length < room) caughtUp.add(endpointId);
      else caughtUp.delete(endpointId);
    }
    return { fannedOut, claimed };
  }

  const loop = createPollingLoop(pass, { pollMs, minGapMs: () => (serverBusy() ? BUSY_PASS_GAP_MS : PASS_GAP_MS[database]), onFailure: (error) => logger.error("webhook-dispatcher-failed", describeError(error)) });
  return {
    async runOnce() {
      const { fannedOut, claimed } = await pass();
      await slots.drain();
      await settle();
      return { fannedOut, sent: claimed };
    },
    wake: loop.wake,
    start: loop.start,
    async stop() {
      await loop.stop();
      // What waits is handed back, due at once, for the next sender; what is in flight finishes.
      const unsent = slots.close();
      await slots.drain();
      if (settleTimer) clearTimeout(settleTimer);
      await settle();
      await releaseDeliveries(db, unsent.map((delivery) => delivery.id));
    },
  };
}
