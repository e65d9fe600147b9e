import { Worker } from "node:worker_threads";
import { writeGate } from "../db/store";
import type { LogLevel } from "../logger";
import { describeError, type Logger } from "../logger";
import { startLoadGauge } from "./server-load";

// The webhook sender in a worker thread of its own (dispatch-worker.ts), with its own database connection,
// at background priority. Every part of sending cost the server's thread, which answers submissions:
// reading the events and their records, building the bodies, and every statement of fanning out,
// claiming and recording (on SQLite better-sqlite3 runs a statement on the thread that calls it). Here
// the server's thread only wakes the sender after a commit. On a SQLite file the two connections write
// the same file and take turns at a write gate (db/sqlite/write-gate.ts): the server's thread waits there
// without blocking. See docs/decisions/0037-webhook-dispatch-thread.md.

export interface DispatchThreadData {
  databaseUrl: string;
  /** PostgreSQL only: the schema (tests work in a throwaway one). */
  searchPath?: string;
  /** The write gate's shared state (a SQLite file: the server's connection holds the other side). */
  gateBuffer: SharedArrayBuffer;
  appSecret: string;
  allowPrivate: boolean;
  retryBaseMs?: number;
  logLevel: LogLevel;
  /** The server's thread's load, which it samples itself (server-load.ts), for the sender to defer to (decisions 0041, 0042). */
  loadBuffer: SharedArrayBuffer;
}

/** The sender's PostgreSQL connections are named so, in pg_stat_activity (the webhook soak sorts CPU by it). */
export const WEBHOOK_SENDER_APPLICATION = "erf-webhook-sender";

export type ToDispatchThread = { type: "wake" } | { type: "stop" };

// From the sources (tsx, vitest) the worker is the .ts file, started through worker-from-source.mjs; in
// the bundle (npm start), build/dispatch-worker.mjs beside build/server.mjs (scripts/bundle-server.mjs).
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const WORKER_URL = FROM_SOURCE ? new URL("../worker-from-source.mjs", import.meta.url) : new URL("./dispatch-worker.mjs", import.meta.url);
const ENTRY = FROM_SOURCE ? new URL("./dispatch-worker.ts", import.meta.url).href : undefined;
/** How long `stop` waits for the thread to finish what it has under way (a send times out after 10 s). */
const STOP_TIMEOUT_MS = 15_000;
/** A thread that ended without being asked is started again after this long. */
const RESTART_AFTER_MS = 1_000;

export interface DispatchThread {
  /** Runs a pass soon (a commit queued an event, or staff asked for a resend). */
  wake(): void;
  /** Finishes what is under way, records it, and ends the thread. */
  stop(): Promise<void>;
}

export function startDispatchThread(settings: Omit<DispatchThreadData, "loadBuffer">, logger: Logger): DispatchThread {
  const gate = writeGate(settings.gateBuffer, "server");
  const load = startLoadGauge();
  const data: DispatchThreadData = { ...settings, loadBuffer: load.buffer };
  let stopping = false;
  let wakeQueued = false;

  const spawn = () => {
    const worker = new Worker(WORKER_URL, { workerData: { ...(ENTRY && { entry: ENTRY }), ...data } });
    // Made at once, so that a stop between an unasked exit and the restart does not wait for an exit gone by.
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    worker.on("error", (error) => logger.error("webhook-thread-failed", describeError(error)));
    worker.on("exit", (code) => {
      // It may have ended inside a transaction: the file's lock went with its connection, the gate must too.
      gate.releaseOther();
      if (stopping) return;
      logger.error("webhook-thread-exited", { code });
      setTimeout(() => {
        if (!stopping) current = spawn();
      }, RESTART_AFTER_MS).unref();
    });
    return { worker, exited };
  };
  let current = spawn();

  return {
    wake() {
      if (wakeQueued || stopping) return;
      wakeQueued = true;
      // The commits of one turn of the event loop wake it once.
      setImmediate(() => {
        wakeQueued = false;
        current.worker.postMessage({ type: "wake" } satisfies ToDispatchThread);
      });
    },
    async stop() {
      stopping = true;
      load.stop();
      const { worker, exited } = current;
      worker.postMessage({ type: "stop" } satisfies ToDispatchThread);
      const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
