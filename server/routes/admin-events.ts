import type { Handler } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { parseLogPosition, type LogPosition } from "../../src/domain/admin";
import { latestPosition, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import type { SessionStore } from "../auth/sessions";
import { sendChangesAfter } from "../events/change-events";
import type { ChangeFeed } from "../events/change-feed";
import { createWakeup } from "../events/wakeup";
import { STREAM_RETRY_AFTER_SECONDS, type StreamSlots } from "../events/stream-slots";
import { describeError, type Logger } from "../logger";

export const HEARTBEAT_MS = 25_000;
/** Tells EventSource how soon to reconnect after a drop. */
const RETRY_MS = 2_000;
/**
 * The shortest time between two reads of the change log by one stream. Every commit wakes every stream;
 * under load (hundreds of commits a second) reading on each wake-up cost more than the writes it
 * reported (docs/reliability.md, check 4). A wake-up sooner than this after the last read waits out the
 * rest of it, and the read then takes every change that landed meanwhile: at most 40 reads a second per
 * stream, and no delay at all for a change that comes after a quiet spell.
 */
export const MIN_READ_GAP_MS = 25;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface EventsDeps {
  db: Db;
  feed: ChangeFeed;
  sessions: SessionStore;
  logger: Logger;
  heartbeatMs: number;
  /** Aborted at shutdown: open streams end, so the server can close promptly. */
  shutdown: AbortSignal;
  /** Caps the streams open at once, per session, per account and in all (events/stream-slots.ts). */
  slots: StreamSlots;
}

const positionFrom = (text: string | undefined): LogPosition | null => (parseLogPosition(text) ? text! : null);

/**
 * GET /api/admin/events: every record created or updated from now on, or after `?after=<position>` (the
 * position of the lists the dashboard read first), or after Last-Event-ID, which EventSource sends when
 * it reconnects and which wins over `after`; each as a "change" event whose id is the change's position.
 */
export function adminEventsHandler(deps: EventsDeps): Handler<AdminEnv> {
  const { db, slots } = deps;
  return async (c) => {
    const token = c.get("sessionToken");
    const { adminId } = c.get("admin");
    const slot = slots.take(token, adminId);
    if (!slot) {
      c.header("Retry-After", String(STREAM_RETRY_AFTER_SECONDS));
      return c.json(
        {
          error: "too-many-streams",
          message: "Too many live streams are open; close another dashboard tab or try again shortly.",
        },
        429,
      );
    }
    let last: LogPosition;
    try {
      const latest = await latestPosition(db);
      const lastEventId = positionFrom(c.req.header("last-event-id")) ?? positionFrom(c.req.query("after"));
      // An id from the future (a restored or reset database) would hide every change until the log caught up.
      last = lastEventId === null || lastEventId > latest ? latest : lastEventId;
    } catch (error) {
      slot.release();
      throw error;
    }
    // nginx and similar proxies buffer responses by default, which would hold events back.
    c.header("X-Accel-Buffering", "no");

    return streamSSE(c, async (stream) => {
      try {
        await serveStream(stream, deps, { token, adminId, superseded: slot.superseded }, last);
      } finally {
        slot.release();
      }
    });
  };
}

/**
 * Sends changes from `start` until the client leaves, the session ends or the server shuts down. The
 * session is checked again at least once a heartbeat, busy or not, and at once when this process ends
 * the account's sessions (disabled, new password): a disabled account's open dashboard goes dark then.
 * It also ends when a newer stream of the same account takes its slot (`superseded`): EventSource then
 * reconnects by itself, and takes the slot of what is by then that account's oldest stream.
 */
async function serveStream(
  stream: SSEStreamingApi,
  { db, feed, sessions, logger, heartbeatMs, shutdown }: EventsDeps,
  { token, adminId, superseded }: { token: string; adminId: string; superseded: AbortSignal },
  start: LogPosition,
): Promise<void> {
  let last = start;
  const wakeup = createWakeup();
  const unsubscribe = feed.subscribe(wakeup.fire);
  let sessionEnded = false;
  const stopListening = sessions.onEnded((ended) => {
    if (ended !== adminId) return;
    sessionEnded = true;
    wakeup.fire();
  });
  let lastCheck = performance.now();
  shutdown.addEventListener("abort", wakeup.fire);
  superseded.addEventListener("abort", wakeup.fire);
  stream.onAbort(wakeup.fire);
  const open = () => !stream.aborted && !stream.closed && !shutdown.aborted && !superseded.aborted;
  try {
    // The starting point as the stream's last event id (an id with no data dispatches nothing but
    // sets EventSource's lastEventId): a connection that drops before its first change then
    // reconnects with Last-Event-ID and misses nothing written meanwhile.
    await stream.write(`retry: ${RETRY_MS}\nid: ${last}\n\n`);
    let pending = true;
    let lastRead = -Infinity;
    while (open()) {
      if (sessionEnded || performance.now() - lastCheck >= heartbeatMs) {
        sessionEnded = false;
        lastCheck = performance.now();
        if (!(await sessions.resolve(token, { touch: false }))) break;
      }
      if (pending) {
        const gap = lastRead + MIN_READ_GAP_MS - performance.now();
        if (gap > 0) await pause(gap);
        // The commits that woke the stream while it paused are all in this read: without this, their
        // latched wake-up would cost one more read that finds nothing.
        wakeup.clear();
        lastRead = performance.now();
        const sent = await sendChangesAfter(db, stream, last);
        last = sent.last;
        // Held back (PostgreSQL: committed behind a transaction still running): no wake-up will
        // come for them when that transaction ends, so the stream reads again after the gap.
        pending = sent.more || sent.heldBack;
        continue;
      }
      if (await wakeup.wait(heartbeatMs)) {
        pending = true;
        continue;
      }
      // The session is checked at open; re-checked here so a stream does not outlive a logout.
      lastCheck = performance.now();
      if (!(await sessions.resolve(token, { touch: false }))) break;
      await stream.write(": heartbeat\n\n");
      // A safety net, not the delivery path: a wake-up lost in a LISTEN reconnect costs one beat.
      pending = true;
    }
  } catch (error) {
    // Ending the stream is enough: EventSource reconnects with Last-Event-ID and misses nothing.
    // Not rethrown: streamSSE would send the error's message to the client.
    logger.error("event-stream-failed", describeError(error));
  } finally {
    unsubscribe();
    stopListening();
    shutdown.removeEventListener("abort", wakeup.fire);
    superseded.removeEventListener("abort", wakeup.fire);
  }
}
