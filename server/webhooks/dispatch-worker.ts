import { parentPort, workerData } from "node:worker_threads";
import { systemClock } from "../clock";
import { connectDatabase } from "../db/store";
import { createLogger, describeError } from "../logger";
import { derivePrivacyKeys } from "../privacy/keys";
import { runInBackground } from "./background-thread";
import { WEBHOOK_SENDER_APPLICATION, type DispatchThreadData, type ToDispatchThread } from "./dispatch-thread";
import { createWebhookDispatcher } from "./dispatcher";
import { serverLoad } from "./server-load";
import { startSendThread } from "./send-thread";

// The webhook sender's thread (started by dispatch-thread.ts): the dispatcher, fanning out, claiming and
// recording, on a database connection of its own, at nice +10; it signs and posts from a thread of its
// own under SCHED_IDLE (send-thread.ts).
// "wake" runs a pass soon; "stop" finishes what is under way, records it and ends the thread.

const port = parentPort;
if (!port) throw new Error("dispatch-worker.ts runs as a worker thread (see dispatch-thread.ts)");
// Nice +10 but not SCHED_IDLE: on SQLite it holds the write gate the server's thread waits at.
runInBackground({ idle: false });

const { databaseUrl, searchPath, gateBuffer, appSecret, allowPrivate, retryBaseMs, logLevel, loadBuffer } = workerData as DispatchThreadData;
/**
 * The server's thread is busy, and the sender defers to it (dispatcher.ts, decisions 0041 and 0042),
 * from this share of its time spent running: a few submissions a second keep it at a few percent, 500 a
 * second at 55-65%.
 */
const SERVER_BUSY = 0.25;
const logger = createLogger(logLevel);
// On PostgreSQL a small pool of its own; on a SQLite file a second write connection, which takes turns
// with the server's at the write gate.
const db = connectDatabase(databaseUrl, { ...(searchPath !== undefined && { searchPath }), maxConnections: 3, applicationName: WEBHOOK_SENDER_APPLICATION, writeGate: { buffer: gateBuffer, side: "thread" }, onPoolError: (error) => logger.error("webhook-database-pool-error", describeError(error)) });
// Signing and posting in a thread of its own under SCHED_IDLE (send-thread.ts).
const sendThread = startSendThread();
const dispatcher = createWebhookDispatcher({ db, keys: derivePrivacyKeys(appSecret), clock: systemClock, logger, policy: { allowPrivate }, send: sendThread.send, serverBusy: () => serverLoad(loadBuffer) >= SERVER_BUSY, ...(retryBaseMs !== undefined && { retryBaseMs }) });
dispatcher.start();

port.on("message", (message: ToDispatchThread) => {
  if (message.type === "wake") dispatcher.wake();
  else
    void dispatcher
      .stop()
      .then(() => sendThread.close())
      .then(() => db.destroy())
      .finally(() => port.close());
});
