import { Worker } from "node:worker_threads";
import { receivedError } from "../../worker-errors.mjs";
import type { CheckpointThreadData, FromCheckpointThread, ToCheckpointThread } from "./messages";
import { SQLITE_PATH } from "./sqlite-package";

// SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages, on the thread
// that commits: for the server's write connection, the server's own thread. There it copied the WAL into
// the database file and synced both, about every 45th commit of submissions at 2,000 a second: 2 to 6 ms
// each time with every request waiting, about a fifteenth of the thread's time (docs/performance.md,
// session 8). So this thread does the checkpoints instead, on a connection of its own
// (sqlite-checkpointer.mjs), and the write connection's own start only at a WAL of 10,000 pages
// (WAL_LIMIT_PAGES in sqlite-writer.ts), as a bound on its size.

/** The worker file sits beside this module in the sources and beside the bundle in build/. */
const WORKER_URL = new URL("./sqlite-checkpointer.mjs", import.meta.url);

/**
 * How often the thread looks for new WAL frames. At 2,000 submissions a second that is about 500 frames
 * (2 MB) a time, half of SQLite's default threshold; an idle database costs it a lock and a look.
 */
export const CHECKPOINT_INTERVAL_MS = 20;

export interface CheckpointThreadOptions {
  file: string;
  intervalMs?: number;
  /**
   * Called once if the thread fails or ends without being asked to: the write connection must then
   * checkpoint again itself, or the WAL would grow without end.
   */
  onFailure: (error: Error) => void;
}

export class CheckpointThread {
  readonly #worker: Worker;
  readonly #exited: Promise<void>;
  #closing = false;
  #failed = false;

  constructor({ file, intervalMs = CHECKPOINT_INTERVAL_MS, onFailure }: CheckpointThreadOptions) {
    this.#worker = new Worker(WORKER_URL, {
      workerData: { file, sqlitePath: SQLITE_PATH, intervalMs } satisfies CheckpointThreadData,
    });
    // The thread must never keep the process alive: it only tidies up after the writer.
    this.#worker.unref();
    const fail = (error: Error) => {
      if (this.#closing || this.#failed) return;
      this.#failed = true;
      onFailure(error);
    };
    this.#exited = new Promise((resolve) => this.#worker.once("exit", () => resolve()));
    this.#worker.on("message", (message: FromCheckpointThread) => fail(receivedError(message.error)));
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`The SQLite checkpoint thread ended (exit code ${code})`)));
  }

  /** Stops the thread and closes its connection (the write connection's own close checkpoints last). */
  async close(): Promise<void> {
    this.#closing = true;
    this.#worker.postMessage({ close: true } satisfies ToCheckpointThread);
    await this.#exited;
  }
}
