// @ts-check
// One prepared statement per SQL text, for a better-sqlite3 connection. Plain JavaScript because the SQLite
// read thread's worker (sqlite-worker.mjs, which runs without a TypeScript loader) imports it too, as do
// the writer (sqlite-writer.ts) and the export's connection (sqlite-bulk-reader.ts).

/** Distinct statements kept prepared; the app writes a few dozen, so this never evicts in practice. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely builds the same SQL text for the same query shape with values as parameters, so a statement
 * per SQL text can be reused; preparing costs about as much as running a small insert. Safe on one
 * connection: its driver runs one query at a time on it.
 *
 * @param {import("better-sqlite3").Database} database
 * @returns {(sql: string) => import("better-sqlite3").Statement}
 */
export function statementCache(database) {
  /** @type {Map<string, import("better-sqlite3").Statement>} */
  const statements = new Map();
  return (sql) => {
    let statement = statements.get(sql);
    if (statement) return statement;
    statement = database.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE)
      statements.delete(/** @type {string} */ (statements.keys().next().value));
    statements.set(sql, statement);
    return statement;
  };
}
