// Text both databases can store. PostgreSQL refuses U+0000 in text columns (a 500 on insert), and a
// lone UTF-16 surrogate has no UTF-8 form (better-sqlite3 writes invalid bytes for it, pg writes
// U+FFFD). JSON can carry both as \u escapes, and a browser can send a lone surrogate when a field's
// maxLength cuts an emoji in half, so such characters become U+FFFD, as a UTF-8 decoder would make of
// bad bytes: the submission is kept, the same on both databases.

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this must find.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Raw U+0000 and lone surrogates cannot survive decoding into JSON text; only escapes can carry them.
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

export const storableString = (text: string) => text.replace(UNSTORABLE, "\ufffd");

/**
 * The parsed JSON with every string value made storable. Only walks when the source text has an escape
 * that could produce one, and without recursion, so deeply nested bodies cannot overflow the stack.
 */
export function storableJson(source: string, value: unknown): unknown {
  if (!UNSTORABLE_ESCAPE.test(source)) return value;
  if (typeof value === "string") return storableString(value);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null) continue;
    const container = node as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const child = container[key];
      // defineProperty, not assignment: an own "__proto__" key (JSON.parse makes those) stays a plain key.
      if (typeof child === "string")
        Object.defineProperty(container, key, {
          value: storableString(child),
          writable: true,
          enumerable: true,
          configurable: true,
        });
      else if (typeof child === "object" && child !== null) pending.push(child);
    }
  }
  return value;
}
