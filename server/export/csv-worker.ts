import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { connectBulkReader } from "../db/store";
import { sendableError } from "../worker-errors.mjs";
import { csvChunks, type CsvChunk } from "./csv-chunks";
import { WORKER_NICENESS, type CsvThreadOptions, type FromCsvThread, type ToCsvThread } from "./csv-thread";

// The CSV export's worker thread (started by csv-thread.ts): reads the pages on a connection of its own
// and turns them into CSV bytes here, so the server's thread only forwards finished chunks.

type Settled = { ok: true; result: IteratorResult<CsvChunk, void> } | { ok: false; error: unknown };

interface OpenExport {
  chunks: AsyncGenerator<CsvChunk, void>;
  /** The next chunk, read as soon as the one before was handed over (settled: never an unhandled rejection). */
  ahead: Promise<Settled>;
}

const port = parentPort;
if (!port) throw new Error("csv-worker.ts runs as a worker thread (see csv-thread.ts)");
const { url, searchPath } = workerData as CsvThreadOptions;
// Linux only: there each thread has a nice value of its own; elsewhere this would lower the whole server's.
if (process.platform === "linux") {
  try {
    // Below the server's own priority, whatever that is (a server started under `nice` included).
    setPriority(Math.min(19, getPriority() + WORKER_NICENESS));
  } catch {
    // Not allowed here (e.g. a container without the capability): the export runs at normal priority.
  }
}
// Idle pooled connections that fail are replaced on the next query, whose error the export reports.
const db = connectBulkReader(url, { ...(searchPath !== undefined && { searchPath }), onPoolError: () => {} });
const exports = new Map<number, OpenExport>();

const settle = (next: Promise<IteratorResult<CsvChunk, void>>): Promise<Settled> =>
  next.then(
    (result) => ({ ok: true, result }),
    (error: unknown) => ({ ok: false, error }),
  );

const post = (message: FromCsvThread) => port.postMessage(message);

async function next(id: number): Promise<void> {
  const open = exports.get(id);
  if (!open) return post({ id, error: { name: "Error", message: `No open export ${id} in the CSV thread` } });
  const settled = await open.ahead;
  if (!settled.ok || settled.result.done) exports.delete(id);
  if (!settled.ok) return post({ id, error: sendableError(settled.error) });
  if (settled.result.done) return post({ id, done: true });
  open.ahead = settle(open.chunks.next());
  post({ id, chunk: settled.result.value });
}

port.on("message", (message: ToCsvThread) => {
  switch (message.type) {
    case "open": {
      const chunks = csvChunks(db, message.parts, message.options);
      exports.set(message.id, { chunks, ahead: settle(chunks.next()) });
      return;
    }
    case "next":
      return void next(message.id);
    case "close": {
      const open = exports.get(message.id);
      exports.delete(message.id);
      // After the read under way: return() then ends the generator where it stands.
      void open?.ahead.then(() => open.chunks.return());
      return;
    }
    case "shutdown":
      void db.destroy().finally(() => port.close());
  }
});
