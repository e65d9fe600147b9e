// One SQLite connection in a worker thread (see sqlite-thread.ts, which starts it and speaks to it).
// Plain JavaScript so the same file runs under tsx, vitest and from the server bundle (copied beside it).
//
// Messages in:  { id, sql, parameters, reader }   run one statement (reader: it returns rows)
//               { id, close: true }              close the database; the thread then ends
// Messages out: { id, columns, rows } | { id, changes, lastInsertRowid } | { id, error: { name, message, code } }
//   rows are arrays of values in the order of columns: a row as an object would carry its keys through
//   the copy between threads again for every row, and building those objects here cost more than the
//   query (a 100,000-row export: about 250 ms of 700).
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { statementCache } from "./statement-cache.mjs";
import { sendableError } from "./worker-errors.mjs";

/** @type {{ file: string, pragmas: string[], fileMustExist: boolean, sqlitePath: string }} */
const { file, pragmas, fileMustExist, sqlitePath } = workerData;
// Resolved by the starting thread, so the bundle and the sources load the same installed package.
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
port.on("message", (message) => {
  const { id } = message;
  if (message.close) {
    try {
      database.close();
      port.postMessage({ id, closed: true });
    } catch (error) {
      port.postMessage({ id, error: sendableError(error) });
    }
    port.close();
    return;
  }
  try {
    const statement = prepare(message.sql);
    if (statement.reader) port.postMessage({ id, columns: columnNames(statement), rows: statement.all(message.parameters) });
    else {
      const { changes, lastInsertRowid } = statement.run(message.parameters);
      port.postMessage({ id, changes, lastInsertRowid });
    }
  } catch (error) {
    port.postMessage({ id, error: sendableError(error) });
  }
});

/** @type {WeakMap<import("better-sqlite3").Statement, string[]>} */
const columnsOf = new WeakMap();
function columnNames(statement) {
  let names = columnsOf.get(statement);
  if (!names) columnsOf.set(statement, (names = statement.columns().map((column) => column.name)));
  return names;
}
