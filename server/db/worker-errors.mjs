// Errors across a worker thread's message port: structured clone keeps neither an Error's class nor its
// driver code (SQLITE_BUSY, 42P01...), so a worker sends this plain form and the starting thread rebuilds
// one. Plain JavaScript: sqlite-worker.mjs (copied beside the bundle) imports it too, as do
// sqlite-thread.ts and the CSV export's thread (server/export/).

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
  return Object.assign(new Error(sent.message), { name: sent.name, ...(sent.code !== undefined && { code: sent.code }) });
}
