// @ts-check
// Errors across a worker thread's message port: structured clone keeps neither an Error's class nor its
// driver code (SQLITE_BUSY, 42P01...), so a worker sends this plain form and the starting thread rebuilds
// one. Plain JavaScript: the SQLite threads' workers (server/db/sqlite/, which run without a TypeScript
// loader) import it, as do the modules that start them and the CSV export's thread (server/export/).

/**
 * @typedef {{ name: string, message: string, code?: unknown }} SentError
 */

/**
 * @param {unknown} error
 * @returns {SentError}
 */
export function sendableError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code } = /** @type {{ code?: unknown }} */ (error);
  return { name: error.name, message: error.message, ...(code !== undefined && { code }) };
}

/**
 * @param {SentError} sent
 * @returns {Error}
 */
export function receivedError(sent) {
  return Object.assign(new Error(sent.message), {
    name: sent.name,
    ...(sent.code !== undefined && { code: sent.code }),
  });
}
