// @ts-check
// One SQLite connection in a worker thread (see sqlite-thread.ts, which starts it and speaks to it).
// Plain JavaScript, so that a worker thread started from the sources (tsx, vitest) runs it without a
// TypeScript loader; the server bundle builds it into build/sqlite-worker.mjs (scripts/bundle-server.mjs).
// Its messages, in and out, are typed in messages.ts.
//
// Messages in:  { id, sql, parameters }   run one statement
//               { id, close: true }      close the database; the thread then ends
// Messages out: { id, columns, rows } | { id, changes, lastInsertRowid } | { id, closed: true } | { id, error: { name, message, code } }
//   rows are arrays of values in the order of columns (see FromReadThread for why).
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { statementCache } from "./statement-cache.mjs";
import { sendableError } from "../../worker-errors.mjs";

/** @typedef {import("./messages").ReadThreadData} ReadThreadData */
/** @typedef {import("./messages").ToReadThread} ToReadThread */
/** @typedef {import("./messages").FromReadThread} FromReadThread */

/** @type {ReadThreadData} */
const { file, pragmas, fileMustExist, sqlitePath } = workerData;
// Resolved by the starting thread, so the bundle and the sources load the same installed package.
/** @type {typeof import("better-sqlite3")} */
const SQLite = createRequire(import.meta.url)(sqlitePath);
const database = new SQLite(file, { fileMustExist });
for (const pragma of pragmas) database.pragma(pragma);

// One prepared statement per SQL text; a reader's returns rows as arrays (see the top of this file).
const cached = statementCache(database);
/** @param {string} sql */
function prepare(sql) {
  const statement = cached(sql);
  if (statement.reader) statement.raw(true);
  return statement;
}

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @param {FromReadThread} reply */
const answer = (reply) => port.postMessage(reply);

port.on("message", (/** @type {ToReadThread} */ message) => {
  const { id } = message;
  if ("close" in message) {
    try {
      database.close();
      answer({ id, closed: true });
    } catch (error) {
      answer({ id, error: sendableError(error) });
    }
    port.close();
    return;
  }
  try {
    const statement = prepare(message.sql);
    if (statement.reader)
      answer({
        id,
        columns: columnNames(statement),
        rows: /** @type {unknown[][]} */ (statement.all(message.parameters)),
      });
    else {
      const { changes, lastInsertRowid } = statement.run(message.parameters);
      answer({ id, changes, lastInsertRowid });
    }
  } catch (error) {
    answer({ id, error: sendableError(error) });
  }
});

/** @type {WeakMap<import("better-sqlite3").Statement, string[]>} */
const columnsOf = new WeakMap();
/** @param {import("better-sqlite3").Statement} statement */
function columnNames(statement) {
  let names = columnsOf.get(statement);
  if (!names) columnsOf.set(statement, (names = statement.columns().map((column) => column.name)));
  return names;
}
