import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../../src/domain/limits";
import { storableJson } from "./storable-text";

/** 415 unless the body is declared as JSON (any charset parameter is fine). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return c.json({ error: "unsupported-media-type" }, 415);
  await next();
};

/**
 * 413 for bodies over the limit. Hono's bodyLimit rejects on Content-Length before reading anything,
 * and counts chunked bodies as they stream, stopping at the limit instead of buffering the rest.
 */
export const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: LIMITS.bodyBytes,
  onError: (c) => c.json({ error: "too-large" }, 413),
});

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ error: "validation", fields: { body: "Malformed JSON" } }, 400) };
  }
  return { ok: true, value: storableJson(text, value) };
}
