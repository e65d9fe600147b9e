import { Worker } from "node:worker_threads";
import type { AddressPolicy } from "./address-guard";
import type { SendResult, Signed } from "./send";

// Webhook deliveries sent from a worker thread of their own, under SCHED_IDLE. Signing (HMAC-SHA256, in
// JavaScript inside standardwebhooks), the HTTP client and the sockets' reads and writes are about half
// of the sender's work. The dispatcher (in the webhook thread: dispatch-thread.ts; on the server's
// thread for an in-memory database) only posts what to send, in one message per pass, and hears back
// the outcomes, several to a message. See docs/decisions/0035-webhook-sending-thread.md and 0037.

export interface SendJob {
  n: number;
  url: string;
  signed: Omit<Signed, "at"> & { at: number };
  policy: AddressPolicy;
  timeoutMs?: number;
}

export type ToSendThread = { type: "send"; jobs: SendJob[] } | { type: "shutdown" };
export type FromSendThread = { type: "sent"; results: { n: number; result: SendResult }[] };

// From the sources (tsx, vitest) the worker is the .ts file, started through worker-from-source.mjs; in
// the bundle (npm start), build/send-worker.mjs beside build/server.mjs (scripts/bundle-server.mjs).
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const WORKER_URL = FROM_SOURCE ? new URL("../worker-from-source.mjs", import.meta.url) : new URL("./send-worker.mjs", import.meta.url);
const ENTRY = FROM_SOURCE ? new URL("./send-worker.ts", import.meta.url).href : undefined;
const CLOSE_TIMEOUT_MS = 2_000;

export interface SendThread {
  /** As sendWebhook, in the thread. A thread that stops answers its sends under way with a failure. */
  send(url: string, signed: Signed, policy: AddressPolicy, timeoutMs?: number): Promise<SendResult>;
  /** Ends the thread; sends still under way are answered with a failure. */
  close(): Promise<void>;
}

export function startSendThread(): SendThread {
  let worker: Worker | null = null;
  let nextN = 0;
  let queued: SendJob[] = [];
  const waiting = new Map<number, (result: SendResult) => void>();
  let closed = false;

  const answer = (n: number, result: SendResult) => {
    const resolve = waiting.get(n);
    if (!resolve) return;
    waiting.delete(n);
    resolve(result);
  };

  const spawn = (): Worker => {
    const started = new Worker(WORKER_URL, { workerData: ENTRY ? { entry: ENTRY } : {} });
    started.on("message", (message: FromSendThread) => {
      for (const { n, result } of message.results) answer(n, result);
      // Idle, the thread must not keep the process alive; with an answer to come, it must.
      if (waiting.size === 0) started.unref();
    });
    // What it had under way is answered as failed attempts, retried with the usual backoff; the next
    // send starts a new thread.
    const fail = (why: string) => {
      if (worker === started) worker = null;
      for (const n of [...waiting.keys()]) answer(n, { status: null, durationMs: 0, error: `The sending thread stopped (${why})` });
    };
    started.on("error", (error) => fail(error.message));
    started.on("exit", (code) => fail(`exit code ${code}`));
    return started;
  };

  /** The sends asked for in one turn of the event loop go in one message. */
  const flush = () => {
    const jobs = queued;
    queued = [];
    if (jobs.length === 0) return;
    if (closed) {
      for (const job of jobs) answer(job.n, { status: null, durationMs: 0, error: "The sending thread is closed" });
      return;
    }
    const thread = (worker ??= spawn());
    thread.ref();
    thread.postMessage({ type: "send", jobs } satisfies ToSendThread);
  };

  return {
    send(url, { at, ...signed }, policy, timeoutMs) {
      const n = nextN++;
      return new Promise<SendResult>((resolve) => {
        waiting.set(n, resolve);
        if (queued.length === 0) setImmediate(flush);
        queued.push({ n, url, signed: { ...signed, at: at.getTime() }, policy: { allowPrivate: policy.allowPrivate }, ...(timeoutMs !== undefined && { timeoutMs }) });
      });
    },
    async close() {
      closed = true;
      flush();
      const thread = worker;
      if (!thread) return;
      worker = null;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.ref();
      thread.postMessage({ type: "shutdown" } satisfies ToSendThread);
      const timer = setTimeout(() => void thread.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
