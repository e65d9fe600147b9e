import type { Clock } from "../clock";
import { claimDueMessages, markAttemptFailed, markCancelled, markSent, type Db } from "../db/store";
import { createPollingLoop } from "../events/wakeup";
import { describeError, type Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import type { MailSettings } from "../mail/settings";
import type { PrivacyKeys } from "../privacy/keys";
import { composeMessage } from "./compose";

/** Also the retry clock's resolution: a message due in 5 s goes out within 5 s of that. */
export const OUTBOX_POLL_MS = 2_000;
const BATCH = 20;

export interface OutboxWorkerDeps {
  db: Db;
  mailer: Mailer;
  settings: MailSettings;
  keys: PrivacyKeys;
  clock: Clock;
  logger: Logger;
  pollMs?: number;
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

/** What a log line may say about a failed send: nodemailer's error code, the SMTP reply code and command. */
function smtpErrorCodes(error: unknown): Record<string, unknown> {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return { errorCode: code ?? null, responseCode: responseCode ?? null, command: command ?? null };
}

export interface OutboxWorker {
  /** Sends what is due now, once; for tests and for the loop. */
  runOnce(): Promise<PassResult>;
  /** Called after a commit that queued mail: the loop runs now instead of at its next poll. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The sender in the server process: woken after each commit that queued mail, and polling for retries
 * that fall due and for messages other instances queued. One attempt per claimed message; a failure is
 * logged (no addresses) and rescheduled, never thrown to the request that queued it.
 */
export function createOutboxWorker({
  db,
  mailer,
  settings,
  keys,
  clock,
  logger,
  pollMs = OUTBOX_POLL_MS,
}: OutboxWorkerDeps): OutboxWorker {
  async function runOnce(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
    for (const message of await claimDueMessages(db, clock(), BATCH)) {
      try {
        const composed = await composeMessage(db, message, settings, keys, clock());
        if ("cancel" in composed) {
          await markCancelled(db, message.id, `cancelled: ${composed.cancel}`);
          result.cancelled += 1;
          continue;
        }
        await mailer.send(composed.send);
        await markSent(db, message.id, clock());
        result.sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The full reason (staff see it in the dashboard) stays in the database, which an erasure
        // clears; the log gets only codes, since SMTP replies often quote the recipient's address.
        const outcome = await markAttemptFailed(db, message, reason, clock());
        result[outcome === "failed" ? "failed" : "retrying"] += 1;
        logger.warn(outcome === "failed" ? "mail-failed" : "mail-retry", {
          outboxId: message.id,
          kind: message.kind,
          attempt: message.attempts,
          ...smtpErrorCodes(error),
        });
      }
    }
    return result;
  }

  async function drain() {
    for (;;) {
      const pass = await runOnce();
      if (pass.sent + pass.retrying + pass.failed + pass.cancelled < BATCH) return;
    }
  }

  const loop = createPollingLoop(drain, {
    pollMs,
    onFailure: (error) => logger.error("outbox-worker-failed", describeError(error)),
  });
  return {
    runOnce,
    wake: loop.wake,
    start: loop.start,
    async stop() {
      await loop.stop();
      mailer.close();
    },
  };
}
