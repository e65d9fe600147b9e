import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_ATTRIBUTION } from "./attribution";
import { CONSENT_WORDING } from "./consent";
import { CONTACT_FIELDS } from "./contact-fields";
import { checkFields, termsProblem, type FieldProblems } from "./field-checks";
import { newsletterProblems } from "./field-rules";
import { visitorFields, type FieldDefinition, type FieldList } from "./fields";
import { LEAD_FIELDS } from "./lead-fields";
import { LIMITS } from "./limits";
import { NEWSLETTER_FIELDS } from "./newsletter-fields";
import { contactInput, fieldErrors, leadInput, newsletterInput } from "./schemas";
import type { z } from "zod";

// The forms' own checks (field-checks.ts, and field-rules.ts for the newsletter boxes) against the schemas the server parses with: on the same
// inputs, the same fields named with the same messages, or both accept.

const serverProblems = (schema: z.ZodType, input: unknown): FieldProblems => {
  const result = schema.safeParse(input);
  return result.success ? {} : { ...fieldErrors(result.error) };
};

const around = (max: number) => fc.constantFrom(max - 1, max, max + 1).map((length) => "x".repeat(length));
const blank = fc.constantFrom("", " ", "\t\n ");
const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom("", "  "), text, fc.constantFrom("", " \n")).map(([a, b, c]) => a + b + c);

const textValue = (max: number) =>
  fc.oneof(fc.constant(undefined), blank, fc.string({ maxLength: 40 }), padded(around(max)), around(max));
const emailValue = fc.oneof(
  fc.constant(undefined),
  blank,
  padded(fc.emailAddress()),
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "a@b",
    "a@b.c",
    "a.@b.co",
    ".a@b.co",
    "a..b@c.co",
    "a@-b.co",
    "ñ@b.co",
    "a@b.co.",
    "a b@c.co",
    "a@b.co",
  ),
  around(LIMITS.email).map((local) => `${local}@example.com`.slice(-LIMITS.email - 1)),
);
const phoneValue = fc.oneof(
  fc.constant(undefined),
  blank,
  fc.string({ unit: fc.constantFrom(..."0123456789 +()-.x"), maxLength: 40 }),
  fc.constantFrom("+27 82 555 0101", "082 555 0101", "(021) 555-0100", "12345", "+1.555.000.0000"),
  padded(around(LIMITS.phone).map((digits) => digits.replaceAll("x", "1"))),
);
const pathValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("", "/", "/signup", "signup", "/a b", "/x?y", "/x#y"),
  around(LIMITS.path).map((path) => `/${path}`),
);

const tagValue = (values?: readonly string[]) =>
  fc.oneof(
    fc.constant(undefined),
    blank,
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      "Newsletter",
      " nov ",
      "a\u0001b",
      "tab\there",
      "İstanbul",
      ...(values ?? []),
      ...(values ?? []).map((value) => value.toUpperCase()),
    ),
    padded(around(LIMITS.tag)),
  );
const originValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    "",
    "https://example.com",
    "http://a.b:8080",
    "HTTPS://X.COM",
    "https://x.com/",
    "ftp://x.com",
    "https://x.com:123456",
    " https://x.com",
  ),
  around(LIMITS.origin).map((host) => `https://${host}`.slice(0, LIMITS.origin + 1)),
);

function valueOf(field: FieldDefinition): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case "text":
      return textValue(field.max);
    case "email":
      return emailValue;
    case "phone":
      return phoneValue;
    case "path":
      return pathValue;
    case "tag":
      return tagValue(field.values);
    case "origin":
      return originValue;
    case "option":
      return fc.oneof(
        fc.constantFrom(...(field.options ?? []).map((choice) => choice.value)),
        fc.constantFrom(undefined, "", "nope"),
      );
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constant(undefined));
    default:
      throw new Error(`no values for a ${field.kind} field`);
  }
}

/** Every field a visitor writes in `list` (on `variant`), each with values around its rules; absent keys are left out. */
function visitorValues(list: FieldList, variant?: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = visitorFields(list, variant).filter(([, field]) => field.kind !== "enum");
  return fc.record(Object.fromEntries(fields.map(([name, field]) => [name, valueOf(field)])), { requiredKeys: [] });
}

const RUNS = { numRuns: 400 };

describe("the forms' own checks give the schemas' answers", () => {
  it("for the contact form", () => {
    fc.assert(
      fc.property(visitorValues(CONTACT_FIELDS), (input) => {
        expect(checkFields(CONTACT_FIELDS, input)).toEqual(serverProblems(contactInput, input));
      }),
      RUNS,
    );
  });

  it("for the signup form, the terms box included", () => {
    fc.assert(
      fc.property(
        visitorValues(LEAD_FIELDS, "signup"),
        fc.constantFrom(true, false, undefined),
        (values, termsAccepted) => {
          const input = { ...values, type: "signup", termsAccepted, consentVersion: CONSENT_WORDING.marketing.version };
          const problems = checkFields(LEAD_FIELDS, input, "signup");
          const terms = termsProblem(termsAccepted);
          expect(terms ? { ...problems, termsAccepted: terms } : problems).toEqual(serverProblems(leadInput, input));
        },
      ),
      RUNS,
    );
  });

  it("for the demo request form", () => {
    fc.assert(
      fc.property(visitorValues(LEAD_FIELDS, "demo"), (values) => {
        const input = { ...values, type: "demo" };
        expect(checkFields(LEAD_FIELDS, input, "demo")).toEqual(serverProblems(leadInput, input));
      }),
      RUNS,
    );
  });

  it("for the newsletter boxes", () => {
    fc.assert(
      fc.property(visitorValues(NEWSLETTER_FIELDS), (values) => {
        const input = { ...values, consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/", website: "" };
        expect(checkFields(NEWSLETTER_FIELDS, input)).toEqual(serverProblems(newsletterInput, input));
        // The home page's boxes check the address alone: what they send of the visit comes from
        // first-touch.ts, which keeps only values the server takes (first-touch.test.ts).
        const boxes = { ...input, ...NO_ATTRIBUTION };
        expect(newsletterProblems(boxes)).toEqual(serverProblems(newsletterInput, boxes));
      }),
      RUNS,
    );
  });

  it("reaches every message with the generators above (so the comparisons are not all of valid inputs)", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(visitorValues(LEAD_FIELDS, "demo"), (values) => {
        const problems = checkFields(LEAD_FIELDS, { ...values, type: "demo" }, "demo");
        for (const message of Object.values(problems)) seen.add(message.startsWith("At most") ? "too long" : message);
      }),
      { numRuns: 2_000 },
    );
    expect([...seen].sort()).toEqual([
      "Choose one of the options",
      "Enter a valid email address",
      "Enter a valid phone number",
      "Required",
      "Use a path such as /signup",
      "Use an origin such as https://example.com",
      "Use letters, digits and punctuation only",
      "Use one of: gclid, fbclid, msclkid",
      "too long",
    ]);
  });

  it("accepts what both accept: a complete demo request, signup, contact and subscription", () => {
    const person = {
      firstName: " Amina ",
      lastName: "Okafor",
      email: " Amina@Example.NG ",
      phone: "+234 803 555 0199",
    };
    const demo = {
      ...person,
      type: "demo",
      companyName: "Lagos Estates",
      organizationType: "investor",
      propertyCount: "51-200",
      challenges: "",
    };
    const signup = {
      ...person,
      type: "signup",
      companyName: "Karoo",
      organizationType: "landlord",
      propertyCount: "6-20",
      marketingOptIn: false,
      termsAccepted: true,
    };
    expect([checkFields(LEAD_FIELDS, demo, "demo"), serverProblems(leadInput, demo)]).toEqual([{}, {}]);
    expect([checkFields(LEAD_FIELDS, signup, "signup"), termsProblem(true), serverProblems(leadInput, signup)]).toEqual(
      [{}, null, {}],
    );
    const contact = { ...person, message: "Hello", sourcePath: "/contact" };
    expect([checkFields(CONTACT_FIELDS, contact), serverProblems(contactInput, contact)]).toEqual([{}, {}]);
    expect([
      newsletterProblems({ email: person.email }),
      serverProblems(newsletterInput, { email: person.email }),
    ]).toEqual([{}, {}]);
  });
});
