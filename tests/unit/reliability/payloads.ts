import fc from "fast-check";
import { HONEYPOT_FIELD, LIMITS } from "../../../src/domain/limits";
import { toJsonText, validPayloads, type Entries, type PublicRoute, type WireRequest } from "./valid-payloads";

// Hostile requests for the public write routes, built from the valid payloads of ./valid-payloads.ts.
// ---- hostile values ----

// As values (serialised with the rest of a body); deeper nesting is built as raw text below.
const deepNesting = fc
  .integer({ min: 50, max: 1_000 })
  .map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown);
const deepText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

const hostileString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff lone",
    "\u202e reversed",
    "\ufeff bom",
    '=HYPERLINK("http://evil")',
    "<script>alert(1)</script>",
    "'; drop table leads; --",
    "%00",
    "\\u0000",
    "${7*7}",
    "__proto__",
    "constructor",
    "\r\n\r\n",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer({ min: LIMITS.name - 2, max: LIMITS.bodyBytes + 2_000 }).map((length) => "x".repeat(length)),
  fc.integer({ min: 1, max: 5_000 }).map((count) => "🏠".repeat(count)),
);

const badEmail = fc.constantFrom(
  "plainaddress",
  "@no-local.com",
  "no-at.example.com",
  "two@@example.com",
  "a@b",
  "a@.com",
  "a@b..com",
  "a b@example.com",
  "a@example.com\n",
  "a@example.com\u0000",
  '"quoted"@example.com',
  "a@[127.0.0.1]",
  `${"a".repeat(250)}@example.com`,
  "ünïcödé@exämple.com",
  "a@example.com, b@example.com",
);

const badPhone = fc.constantFrom(
  "123",
  "phone",
  "+27 82 555 0101 ext 4",
  "++27825550101",
  `${"1".repeat(40)}`,
  "0\u0000821234567",
  "-------",
  "+",
  "(((())))",
);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepNesting,
);

const forgedKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "status",
  "type",
  "createdAt",
  "id",
  "botCheck",
  "termsAcceptedAt",
  "name",
  "seq",
  HONEYPOT_FIELD,
);
const forgedValue = fc.oneof(
  fc.constantFrom(
    "qualified",
    "closed",
    "passed",
    "unsubscribed",
    "2000-01-01T00:00:00.000Z",
    "00000000-0000-0000-0000-000000000000",
    "signup",
    "demo",
    "",
  ),
  fc.constant({ status: "closed", isAdmin: true }),
  fc.constant({ polluted: true }),
  wrongType,
);

type Mutation = (entries: Entries, random: { key: string; value: unknown; index: number }) => Entries;

const MUTATIONS: Record<string, Mutation> = {
  dropKey: (entries, { index }) => entries.filter((_, i) => i !== index % Math.max(1, entries.length)),
  addKey: (entries, { key, value }) => [...entries, [key, value]],
  prependKey: (entries, { key, value }) => [[key, value], ...entries],
  replaceValue: (entries, { value, index }) =>
    entries.map(([k, v], i) => [k, i === index % Math.max(1, entries.length) ? value : v]),
  duplicateKey: (entries, { value, index }) => {
    const target = entries[index % Math.max(1, entries.length)];
    return target ? [...entries, [target[0], value]] : entries;
  },
};

const mutation = fc.record({
  name: fc.constantFrom(...Object.keys(MUTATIONS)),
  key: fc.oneof(forgedKey, fc.string({ maxLength: 12 })),
  value: fc.oneof(hostileString, badEmail, badPhone, wrongType, forgedValue),
  index: fc.nat(),
});

function applyMutations(
  entries: Entries,
  mutations: { name: string; key: string; value: unknown; index: number }[],
): Entries {
  let result = entries;
  for (const { name, ...random } of mutations) result = MUTATIONS[name]!(result, random);
  return result;
}

const targeted = (entries: Entries, field: string, value: unknown): Entries =>
  entries.map(([k, v]) => [k, k === field ? value : v]);

const encoder = new TextEncoder();

/** Bytes that are not UTF-8 inside an otherwise valid JSON string value. */
function withInvalidUtf8(text: string, bytes: readonly number[]): Uint8Array<ArrayBuffer> {
  const marker = text.indexOf('"', text.indexOf(":") + 1) + 1;
  const head = encoder.encode(text.slice(0, marker));
  const tail = encoder.encode(text.slice(marker));
  return new Uint8Array([...head, ...bytes, ...tail]);
}

const invalidUtf8Sequences = fc.constantFrom(
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
  [0xc3],
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("application/json", "application/json; charset=utf-8", "Application/JSON") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json-patch+json",
      "application/jsonx",
      "text/json",
      "application/json; charset=latin1",
      "",
    ),
  },
);

const idempotencyKey = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "é", "a".repeat(201), "key with space", "\u0000") },
);

const rawText = fc.oneof(
  fc.constantFrom(
    "",
    "null",
    "[]",
    "0",
    '"text"',
    "true",
    "{",
    '{"email":',
    "{'email': 'a@b.co'}",
    '{"a":1,}',
    "\ufeff{}",
    "{} {}",
    '[{"email":"a@b.co"}]',
  ),
  fc.integer({ min: 1_000, max: 16_000 }).map((depth) => `{"email":${deepText(depth)}}`),
  fc.integer({ min: 100, max: 6_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.string({ unit: "binary", maxLength: 200 }),
);

/** A hostile request for one route, derived from a valid body of it. */
export const hostileRequest = (route: PublicRoute): fc.Arbitrary<WireRequest> =>
  fc.oneof(
    // Structural mutations of a valid body: extra, missing, forged, mistyped, duplicated keys.
    {
      weight: 10,
      arbitrary: fc
        .tuple(validPayloads[route], fc.array(mutation, { minLength: 1, maxLength: 4 }), contentType, idempotencyKey)
        .map(([entries, mutations, type, key]) => ({
          body: toJsonText(applyMutations(entries, mutations)),
          contentType: type,
          idempotencyKey: key,
          label: `mutated: ${mutations.map((m) => m.name).join(",")}`,
        })),
    },
    // Almost-right emails and phones.
    {
      weight: 3,
      arbitrary: fc
        .tuple(validPayloads[route], badEmail, badPhone, fc.boolean())
        .map(([entries, email, phone, emailFirst]) => ({
          body: toJsonText(emailFirst ? targeted(entries, "email", email) : targeted(entries, "phone", phone)),
          contentType: "application/json",
          label: emailFirst ? "bad email" : "bad phone",
        })),
    },
    // Bytes that are not UTF-8.
    {
      weight: 2,
      arbitrary: fc.tuple(validPayloads[route], invalidUtf8Sequences).map(([entries, bytes]) => ({
        body: withInvalidUtf8(toJsonText(entries), bytes),
        contentType: "application/json",
        label: `invalid UTF-8 ${bytes.map((b) => b.toString(16)).join(" ")}`,
      })),
    },
    // Not a JSON object at all, or nested past reason.
    {
      weight: 2,
      arbitrary: fc.tuple(rawText, contentType).map(([body, type]) => ({ body, contentType: type, label: "raw text" })),
    },
    // The honeypot, filled: stored nothing whatever else the body says.
    {
      weight: 1,
      arbitrary: fc.tuple(validPayloads[route], fc.string({ minLength: 1, maxLength: 20 })).map(([entries, value]) => ({
        body: toJsonText([...entries.filter(([k]) => k !== HONEYPOT_FIELD), [HONEYPOT_FIELD, value]]),
        contentType: "application/json",
        label: "honeypot",
      })),
    },
  );

// ---- hostile path parameters ----

/**
 * Percent-escapes that do not decode (a lone or short %, not hex, cut-off or overlong UTF-8, surrogates,
 * past U+10FFFF, stray continuation bytes, the old %u form): every route with a path parameter answers
 * them 400 naming the parameter (tests/unit/reliability/path-escapes.test.ts).
 */
export const MALFORMED_ESCAPES = [
  "%",
  "x%",
  "%%",
  "%Z",
  "%ZZ",
  "a%2",
  "%E0%A4%A",
  "%E2%82",
  "%C0%AF",
  "%C1%BF",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%FF",
  "%80",
  "%u0041",
];

/** Escapes that do decode, to text that itself looks like an escape: decoded twice, they would throw. */
export const ESCAPED_PERCENTS = ["x%25", "%25", "%2525", "%25E0%25A4%25A", "%25C0%25AF"];
