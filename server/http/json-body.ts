import { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../../src/domain/limits";
import { storableJson } from "./storable-text";

/** The body's media type as declared, lower-cased, without parameters (charset...). */
export const mediaTypeOf = (c: Context) => c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();

/** 415 unless the body is declared as JSON (any charset parameter is fine). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (mediaTypeOf(c) !== "application/json") return c.json({ error: "unsupported-media-type" }, 415);
  await next();
};

export const tooLarge = (c: Context) => c.json({ error: "too-large" }, 413);
const countingLimit = bodyLimit({ maxSize: LIMITS.bodyBytes, onError: tooLarge });

/** The body's declared length, or null when it is sent chunked (or not declared). */
export function declaredLength(c: Context): number | null {
  const length = c.req.header("content-length");
  return length === undefined || c.req.header("transfer-encoding") !== undefined ? null : Number.parseInt(length, 10);
}

/**
 * 413 for bodies over the limit, before reading anything when Content-Length says so. Chunked bodies go
 * through Hono's bodyLimit, which counts them as they stream and stops at the limit instead of
 * buffering the rest. (bodyLimit alone would also do for declared lengths, but it looks at the
 * request's web body first, which makes the Node adapter build a whole web Request: a tenth of a
 * submission's CPU.)
 */
export const limitBody: MiddlewareHandler = async (c, next) => {
  const length = declaredLength(c);
  if (length === null) return countingLimit(c, next);
  if (length > LIMITS.bodyBytes) return tooLarge(c);
  await next();
};

/** The Node request behind the context when served by @hono/node-server (in-process tests have none). */
export function nodeRequest(c: Context): IncomingMessage | null {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
}

/**
 * The body as text. A body of declared length (checked by limitBody) is read straight from Node's
 * request, which Node's parser holds to that length; anything else through the web Request. Decoded
 * as UTF-8 the way Request.text() does: bad bytes become U+FFFD and a leading byte-order mark goes.
 */
export async function readBodyText(c: Context): Promise<string> {
  const incoming = nodeRequest(c);
  if (!incoming || declaredLength(c) === null || incoming.readableDidRead) return c.req.text();
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(c: Context): Promise<JsonBody> {
  const text = await readBodyText(c);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ error: "validation", fields: { body: "Malformed JSON" } }, 400) };
  }
  return { ok: true, value: storableJson(text, value) };
}
