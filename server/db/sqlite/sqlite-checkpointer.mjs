// @ts-check
// The SQLite write connection's checkpoints, in a worker thread of their own (sqlite-checkpoints.ts starts
// it). Plain JavaScript, so that a worker thread started from the sources (tsx, vitest) runs it without a
// TypeScript loader; the server bundle builds it into build/sqlite-checkpointer.mjs (scripts/bundle-server.mjs).
//
// Every `intervalMs` it copies the WAL's new frames into the database file (wal_checkpoint(PASSIVE): it
// never waits for, nor blocks, the writer or a reader). Frames committed while it copied are copied by
// another round straight away, up to MAX_ROUNDS, so that the WAL is often wholly copied: only then can the
// writer start it again from the beginning, and the WAL stays small.
//
// Messages in:  { close: true }                     stop, close the connection; the thread then ends
// Messages out: { error: { name, message, code } }   a checkpoint failed; the thread then ends
// (typed in messages.ts)
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { sendableError } from "../../worker-errors.mjs";

/** Back-to-back rounds at most per wake-up; under a steady load each round copies fewer frames. */
const MAX_ROUNDS = 4;

/** @typedef {import("./messages").CheckpointThreadData} CheckpointThreadData */
/** @typedef {import("./messages").ToCheckpointThread} ToCheckpointThread */
/** @typedef {import("./messages").FromCheckpointThread} FromCheckpointThread */

/** @type {CheckpointThreadData} */
const { file, sqlitePath, intervalMs } = workerData;
/** @type {typeof import("better-sqlite3")} */
const SQLite = createRequire(import.meta.url)(sqlitePath);
const database = new SQLite(file, { fileMustExist: true });
const checkpoint = database.prepare("pragma wal_checkpoint(PASSIVE)");

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @param {FromCheckpointThread} message */
const tell = (message) => port.postMessage(message);
/** @type {NodeJS.Timeout | null} */
let timer = null;

function run() {
  timer = null;
  try {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // log: frames in the WAL; checkpointed: how many of them are now in the database file.
      const { busy, log, checkpointed } = /** @type {{ busy: number, log: number, checkpointed: number }} */ (
        checkpoint.get()
      );
      if (busy !== 0 || log === checkpointed) break;
    }
  } catch (error) {
    tell({ error: sendableError(error) });
    database.close();
    port.close();
    return;
  }
  timer = setTimeout(run, intervalMs);
}

port.on("message", (/** @type {ToCheckpointThread} */ message) => {
  if (!message.close) return;
  if (timer) clearTimeout(timer);
  database.close();
  port.close();
});

timer = setTimeout(run, intervalMs);
