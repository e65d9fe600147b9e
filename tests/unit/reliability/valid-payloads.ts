import fc from "fast-check";
import { CONSENT_WORDING } from "../../../src/domain/consent";
import { HONEYPOT_FIELD, LIMITS } from "../../../src/domain/limits";
import {
  DEMO_ORGANIZATION_TYPES,
  DEMO_PROPERTY_COUNTS,
  SIGNUP_ORGANIZATION_TYPES,
  SIGNUP_PROPERTY_COUNTS,
  valuesOf,
} from "../../../src/domain/options";

// Valid payloads for the public write routes (the fuzz suite's controls; ./payloads.ts builds the
// hostile ones from them). A payload is a list of [key, value] entries serialised by hand, so keys such as "__proto__"
// reach the server as real JSON keys (an object literal would set the prototype instead).

export type Entries = [key: string, value: unknown][];

/** One request to send: the raw bytes or text, the media type and any Idempotency-Key. */
export interface WireRequest {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
  idempotencyKey?: string;
  /** What the request was built to probe, for failure messages. */
  label: string;
}

export const toJsonText = (entries: Entries) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;

// Text a person could type: letters of many scripts, digits, punctuation, emoji, inner spaces. No
// control characters, which no form field produces.
const humanText = (max: number) =>
  fc
    .string({ unit: "grapheme", minLength: 1, maxLength: Math.min(max, 60) })
    .map((text) => text.replace(/\p{Cc}/gu, "x"))
    .filter((text) => text.trim().length >= 1 && text.trim().length <= max);

const paddedHuman = (max: number) =>
  fc
    .tuple(fc.constantFrom("", " ", "  ", "\t"), humanText(max), fc.constantFrom("", " ", "\n"))
    .map(([a, b, c]) => `${a}${b}${c}`)
    .filter((text) => text.trim().length <= max);

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const validEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9._+-]{0,20}[A-Za-z0-9])?$/),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("com", "co.za", "africa", "ng", "io"),
  )
  .filter(([local]) => !local.includes(".."))
  .map(([local, labels, tld]) => `${local}@${labels.join(".")}.${tld}`);

const validPhone = fc
  .stringMatching(/^\+?[0-9][0-9 ()\-.]{6,28}[0-9]$/)
  .filter((phone) => (phone.match(/[0-9]/g) ?? []).length >= 7);

/** Valid bodies per route (they pass the shared schema; the control run asserts that the server stores them). */
export const validPayloads = {
  contacts: fc
    .record(
      {
        firstName: paddedHuman(LIMITS.name),
        lastName: paddedHuman(LIMITS.name),
        email: validEmail,
        phone: fc.oneof(validPhone, fc.constant("")),
        message: paddedHuman(LIMITS.message),
        recaptchaToken: fc.constantFrom(null, "token"),
        [HONEYPOT_FIELD]: fc.constant(""),
      },
      { requiredKeys: ["firstName", "lastName", "email", "message"] },
    )
    .map((record) => Object.entries(record) as Entries),
  leads: fc.oneof(
    fc
      .record(
        {
          type: fc.constant("signup"),
          firstName: paddedHuman(LIMITS.name),
          lastName: paddedHuman(LIMITS.name),
          email: validEmail,
          phone: fc.oneof(validPhone, fc.constant("")),
          companyName: paddedHuman(LIMITS.company),
          organizationType: fc.constantFrom(...valuesOf(SIGNUP_ORGANIZATION_TYPES)),
          propertyCount: fc.constantFrom(...valuesOf(SIGNUP_PROPERTY_COUNTS)),
          marketingOptIn: fc.boolean(),
          termsAccepted: fc.constant(true),
          consentVersion: fc.constant(CONSENT_WORDING.marketing.version),
          sourcePath: fc.constantFrom("/signup", "/"),
        },
        {
          requiredKeys: [
            "type",
            "firstName",
            "lastName",
            "email",
            "companyName",
            "organizationType",
            "propertyCount",
            "marketingOptIn",
            "termsAccepted",
          ],
        },
      )
      .map((record) => Object.entries(record) as Entries),
    fc
      .record(
        {
          type: fc.constant("demo"),
          firstName: paddedHuman(LIMITS.name),
          lastName: paddedHuman(LIMITS.name),
          email: validEmail,
          phone: validPhone,
          companyName: paddedHuman(LIMITS.company),
          jobTitle: fc.oneof(paddedHuman(LIMITS.jobTitle), fc.constant("")),
          organizationType: fc.constantFrom(...valuesOf(DEMO_ORGANIZATION_TYPES)),
          propertyCount: fc.constantFrom(...valuesOf(DEMO_PROPERTY_COUNTS)),
          challenges: fc.oneof(paddedHuman(LIMITS.challenges), fc.constant("")),
        },
        {
          requiredKeys: [
            "type",
            "firstName",
            "lastName",
            "email",
            "phone",
            "companyName",
            "organizationType",
            "propertyCount",
          ],
        },
      )
      .map((record) => Object.entries(record) as Entries),
  ),
  newsletter: fc
    .record(
      {
        email: validEmail,
        consentVersion: fc.constant(CONSENT_WORDING.newsletter.version),
        sourcePath: fc.constantFrom("/", "/contact"),
      },
      { requiredKeys: ["email"] },
    )
    .map((record) => Object.entries(record) as Entries),
} as const;

export type PublicRoute = keyof typeof validPayloads;
