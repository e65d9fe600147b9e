import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { nodeRequest } from "./json-body";

// A request answered before its body was read (a 413 for a body over the limit, a 415, 403 or 429
// before the body mattered) leaves the rest of that body on its way. Left alone, Node's server reads
// and throws away all of it, up to its whole declared length, to keep the connection alive: a 10 MB
// body refused after its headers was still read to the end. Closing the socket at once is no better:
// a close with unread data sends a TCP reset, which can destroy the answer before the client reads it.
// So, as web servers do ("lingering close"): read on for a moment so the answer gets there, at most
// LINGER_BYTES and LINGER_MS, then close the connection.

export const LINGER_MS = 1_000;
export const LINGER_BYTES = 256 * 1024;

function lingerThenClose(incoming: IncomingMessage) {
  let discarded = 0;
  const timer = setTimeout(() => {
    if (!incoming.complete) incoming.socket.destroy();
  }, LINGER_MS);
  timer.unref();
  incoming.once("end", () => clearTimeout(timer));
  incoming.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    // Stop taking more; the client, held back by TCP, reads the answer until the timer closes.
    if (discarded >= LINGER_BYTES) incoming.pause();
  });
  incoming.resume();
}

/** Outermost: once the answer is made, a request whose body was not all read gets a lingering close. */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = nodeRequest(c);
  if (incoming && !incoming.complete) lingerThenClose(incoming);
};
