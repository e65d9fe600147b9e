import { Worker } from "node:worker_threads";
import { receivedError, type SentError } from "../worker-errors.mjs";
import type { CsvOptions } from "../../src/domain/csv";
import type { CsvChunk, CsvSource, ExportPart } from "./csv-chunks";

// The CSV export in a worker thread of its own. Reading 100,000 rows and writing them as CSV is a second
// or more of CPU: on the server's thread that held every submission arriving meanwhile behind one page
// after another (p99 of submissions went from 54 to 230 ms on PostgreSQL while an export ran:
// docs/reliability.md, check 4). In the worker it runs beside them, on the other core, and the server's
// thread only forwards finished chunks. One worker serves any number of exports at once; it starts with
// an export and retires once none has been open for IDLE_MS, so its memory is given back between exports.

/**
 * The worker thread's nice value (0 is the default, 19 the lowest priority). An export is background
 * work: when both cores are busy, the server's thread (submissions) and the database go first, and the
 * export takes longer instead of the submissions. Applied on Linux only (csv-worker.ts).
 */
export const WORKER_NICENESS = 10;

/** Where the worker reads (its workerData, with `entry` when started from the sources). */
export interface CsvThreadOptions {
  url: string;
  /** PostgreSQL only (tests): the schema to read. */
  searchPath?: string;
}

export type ToCsvThread =
  | { type: "open"; id: number; parts: readonly ExportPart[]; options?: CsvOptions }
  | { type: "next"; id: number }
  | { type: "close"; id: number }
  | { type: "shutdown" };

export type FromCsvThread =
  { id: number; chunk: CsvChunk } | { id: number; done: true } | { id: number; error: SentError };

export interface CsvThread {
  source: CsvSource;
  /** Whether a worker is up (it starts with an export and retires when none has been open for a while). */
  readonly running: boolean;
  /** Ends the worker (after its connections are closed); exports still open fail. */
  close(): Promise<void>;
}

// From the sources (tsx, vitest) the worker is the .ts file, started through ../worker-from-source.mjs; in the
// bundle (npm start), build/csv-worker.mjs beside build/server.mjs (scripts/bundle-server.mjs).
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const WORKER_URL = FROM_SOURCE
  ? new URL("../worker-from-source.mjs", import.meta.url)
  : new URL("./csv-worker.mjs", import.meta.url);
const ENTRY = FROM_SOURCE ? new URL("./csv-worker.ts", import.meta.url).href : undefined;
const CLOSE_TIMEOUT_MS = 2_000;
const IDLE_MS = 15_000;

type Waiting = { thread: Worker; resolve: (reply: FromCsvThread) => void; reject: (error: Error) => void };

export function startCsvThread(options: CsvThreadOptions, { idleMs = IDLE_MS }: { idleMs?: number } = {}): CsvThread {
  let worker: Worker | null = null;
  let openExports = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** The export ids with a request out, and who waits for the answer. */
  const waiting = new Map<number, Waiting>();
  /** Workers that have stopped, with why: a request to one fails at once. */
  const stopped = new WeakMap<Worker, Error>();
  let nextId = 0;
  let closed = false;

  const settle = (id: number, thread: Worker) => {
    waiting.delete(id);
    // Idle, the thread must not keep the process alive; with an answer to come, it must.
    if (![...waiting.values()].some((waiter) => waiter.thread === thread)) thread.unref();
  };

  const spawn = (): Worker => {
    const started = new Worker(WORKER_URL, {
      workerData: { ...options, ...(ENTRY && { entry: ENTRY }) } satisfies CsvThreadOptions & { entry?: string },
    });
    started.unref();
    started.on("message", (reply: FromCsvThread) => {
      const waiter = waiting.get(reply.id);
      if (!waiter) return;
      settle(reply.id, started);
      waiter.resolve(reply);
    });
    // A crashed worker fails the exports under way (their downloads error); the next export starts a new one.
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      if (!stopped.has(started)) stopped.set(started, error);
      for (const [id, waiter] of waiting) {
        if (waiter.thread !== started) continue;
        settle(id, started);
        waiter.reject(error);
      }
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`The CSV export thread stopped (exit code ${code})`)));
    return started;
  };

  const request = (thread: Worker, id: number): Promise<FromCsvThread> =>
    new Promise((resolve, reject) => {
      const failure = stopped.get(thread);
      if (failure) return reject(failure);
      waiting.set(id, { thread, resolve, reject });
      thread.ref();
      thread.postMessage({ type: "next", id } satisfies ToCsvThread);
    });

  /** Asks a worker to close its connections and end; it finishes what it was sent first. */
  const retire = (thread: Worker) => {
    if (worker === thread) worker = null;
    thread.postMessage({ type: "shutdown" } satisfies ToCsvThread);
  };

  const opened = () => {
    openExports += 1;
    clearTimeout(idleTimer);
  };

  const ended = () => {
    openExports -= 1;
    if (openExports > 0) return;
    idleTimer = setTimeout(() => worker && retire(worker), idleMs);
    idleTimer.unref();
  };

  const source: CsvSource = (parts, options) => {
    if (closed) throw new Error("The CSV export thread is closed");
    const id = nextId++;
    const thread = (worker ??= spawn());
    thread.postMessage({ type: "open", id, parts, ...(options && { options }) } satisfies ToCsvThread);
    opened();
    let finished = false;
    const finish = () => {
      if (finished) return false;
      finished = true;
      ended();
      return true;
    };
    return {
      async next() {
        if (finished) return { done: true, value: undefined };
        let reply: FromCsvThread;
        try {
          reply = await request(thread, id);
        } catch (error) {
          finish();
          throw error;
        }
        if ("chunk" in reply) return { done: false, value: reply.chunk };
        finish();
        if ("done" in reply) return { done: true, value: undefined };
        throw receivedError(reply.error);
      },
      async return() {
        if (finish()) thread.postMessage({ type: "close", id } satisfies ToCsvThread);
        return { done: true, value: undefined };
      },
    };
  };

  return {
    source,
    get running() {
      return worker !== null;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const thread = worker;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.ref();
      retire(thread);
      const timer = setTimeout(() => void thread.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
