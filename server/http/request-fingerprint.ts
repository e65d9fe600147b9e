import { createHmac } from "node:crypto";

// What an Idempotency-Key is bound to: the route and the JSON body in a canonical form, so a retry that
// serialises the same values differently (key order, spacing, escapes) still counts as the same request.
// The bot-check token is left out: a client may fetch a fresh one for each retry of one submission, and
// it is a credential, not part of what is stored.

const LEFT_OUT = "recaptchaToken";

type Part = { text: string } | { value: unknown; top: boolean };

/**
 * JSON text with every object's keys sorted; arrays keep their order. Without recursion, like
 * storableJson: a hostile body nested thousands deep must not overflow the stack (JSON.stringify would).
 */
function canonicalJson(body: unknown): string {
  let out = "";
  // Parts still to write, the next one last.
  const pending: Part[] = [{ value: body, top: true }];
  while (pending.length > 0) {
    const part = pending.pop()!;
    if ("text" in part) {
      out += part.text;
      continue;
    }
    const { value, top } = part;
    if (value === null || typeof value !== "object") {
      out += JSON.stringify(value);
      continue;
    }
    const array = Array.isArray(value);
    const keys = array
      ? null
      : Object.keys(value)
          .filter((key) => !(top && key === LEFT_OUT))
          .sort();
    const items = array ? (value as unknown[]) : keys!.map((key) => (value as Record<string, unknown>)[key]);
    const parts: Part[] = [{ text: array ? "[" : "{" }];
    items.forEach((item, index) => {
      const comma = index > 0 ? "," : "";
      parts.push({ text: keys ? `${comma}${JSON.stringify(keys[index])}:` : comma }, { value: item, top: false });
    });
    parts.push({ text: array ? "]" : "}" });
    for (let index = parts.length - 1; index >= 0; index -= 1) pending.push(parts[index]!);
  }
  return out;
}

/**
 * A form's body is one flat object (what the shared schemas accept): JSON.stringify with its sorted keys
 * as the allow-list writes it canonically, natively, several times faster than the walk above. Anything
 * nested (which no schema accepts) takes the walk.
 */
export function canonicalBody(body: unknown): string {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return canonicalJson(body);
  const keys = Object.keys(body);
  for (const key of keys) {
    const value = (body as Record<string, unknown>)[key];
    if (value !== null && typeof value === "object") return canonicalJson(body);
  }
  return JSON.stringify(body, keys.filter((key) => key !== LEFT_OUT).sort());
}

/**
 * A keyed hash (HMAC-SHA256, base64url) of the route and the canonical body. Keyed because the ledger
 * keeps it for a day: a plain hash of `{"email": ...}` would let anyone holding a copy of the table test
 * addresses against it.
 */
export function requestFingerprint(key: Buffer, route: string, body: unknown): string {
  return createHmac("sha256", key)
    .update(route, "utf8")
    .update("\n", "utf8")
    .update(canonicalBody(body), "utf8")
    .digest("base64url");
}

/** How long a form posted without JavaScript is taken for a repeat of the one before it (decision 0027). */
export const FORM_POST_WINDOW_MS = 10 * 60 * 1000;

/**
 * The idempotency scope of a form the browser posted itself, which sends no Idempotency-Key: a key made
 * from the client's rate-limit bucket, the route and the canonical payload, held for FORM_POST_WINDOW_MS.
 * A double click, a resend after Back, or a refresh that reposts within that window is the same key and
 * gets the first answer; the same words sent again later are a new submission.
 */
export function formPostScope(key: Buffer, route: string, clientBucket: string, body: unknown) {
  const digest = createHmac("sha256", key)
    .update(`form-post\n${clientBucket}\n${route}\n`, "utf8")
    .update(canonicalBody(body), "utf8")
    .digest("base64url");
  return {
    route,
    key: `form:${digest}`,
    fingerprint: requestFingerprint(key, route, body),
    windowMs: FORM_POST_WINDOW_MS,
  };
}
