import { HONEYPOT_FIELD, LIMITS } from "../../../src/domain/limits";
import { contactInput, leadInput, newsletterInput } from "../../../src/domain/schemas";
import type { PublicRoute, WireRequest } from "./valid-payloads";
import { storedShape } from "./stored-rows";

// What docs/api.md promises for a public write, computed from the request alone: 415 for another media
// type, 413 past 32 KB, 400 for malformed JSON or a schema failure, 201 and nothing stored for a filled
// honeypot, 201 and the schema's output stored otherwise. A form-encoded body is a form a browser posts
// without JavaScript: these requests carry neither Origin nor Fetch Metadata, so it is refused, 403,
// before it is read (html-form-posts.test.ts covers that path with a browser's headers).

export type Outcome =
  | { status: 415 | 413 | 403 }
  | { status: 400; reason: string }
  | { status: 201; stored: false }
  | { status: 201; stored: true; shape: Record<string, unknown> };

const SCHEMAS = { contacts: contactInput, leads: leadInput, newsletter: newsletterInput } as const;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const encoder = new TextEncoder();

export const bytesOf = (body: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> =>
  typeof body === "string" ? encoder.encode(body) : body;

export function expectedOutcome(route: PublicRoute, request: WireRequest): Outcome {
  const mediaType = request.contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") return { status: 403 };
  if (mediaType !== "application/json") return { status: 415 };
  const bytes = bytesOf(request.body);
  if (bytes.byteLength > LIMITS.bodyBytes) return { status: 413 };
  let value: unknown;
  try {
    // Request.text() decodes as UTF-8 with replacement characters and drops a leading BOM, like this.
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { status: 400, reason: "malformed JSON" };
  }
  if (typeof value === "object" && value !== null) {
    const honeypot = (value as Record<string, unknown>)[HONEYPOT_FIELD];
    if (typeof honeypot === "string" && honeypot !== "") return { status: 201, stored: false };
  }
  if (request.idempotencyKey !== undefined && !KEY_PATTERN.test(request.idempotencyKey))
    return { status: 400, reason: "Idempotency-Key" };
  const parsed = SCHEMAS[route].safeParse(value);
  if (!parsed.success)
    return {
      status: 400,
      reason: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.code}`).join("; "),
    };
  return { status: 201, stored: true, shape: storedShape(route, parsed.data as Record<string, unknown>) };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * What a value is stored as: a lone surrogate has no UTF-8 form and PostgreSQL text cannot hold U+0000,
 * so the server keeps U+FFFD in their place (server/http/storable-text.ts). Either character leaves the
 * schema's verdict unchanged (same length, refused or allowed by the same patterns), so only the
 * stored value differs.
 */
export function asStored(shape: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [
      key,
      typeof value === "string" ? value.replace(LONE_SURROGATE, "\ufffd").replaceAll("\u0000", "\ufffd") : value,
    ]),
  );
}
