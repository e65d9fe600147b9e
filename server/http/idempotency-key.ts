import type { Context } from "hono";

// 1-200 characters of visible ASCII: enough for a UUID or any client's scheme, and safe to store and log.
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export type IdempotencyKeyHeader = { ok: true; key: string | null } | { ok: false; message: string };

export function readIdempotencyKey(c: Context): IdempotencyKeyHeader {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return { ok: true, key: null };
  if (!KEY_PATTERN.test(key)) return { ok: false, message: "Must be 1-200 visible ASCII characters" };
  return { ok: true, key };
}
