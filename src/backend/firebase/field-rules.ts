import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { fieldsOn, type FieldDefinition, type FieldList } from "../../domain/fields";
import { LEAD_FIELDS } from "../../domain/lead-fields";
import { LIMITS } from "../../domain/limits";
import { NEWSLETTER_FIELDS } from "../../domain/newsletter-fields";

// The part of firestore.rules that the field lists decide: each document's keys, and the checks of
// what the visitor wrote into it (sizes and option lists), plus the limits the hand-written helpers
// use. The rules cannot import src/domain, so field-rules.test.ts holds their copy to this text.

/** A document the adapter writes (documents.ts): the list's fields on one variant, and its own extra keys. */
export interface DocumentShape {
  /** The rules function that checks it. */
  check: string;
  list: FieldList;
  variant?: string;
  /** Keys that are not fields of the record: the consent proof and its ledger entry's id. */
  extraRequired: readonly string[];
  /** The bot-check token when the form had one; a signup's consent proof when the box was ticked. */
  extraOptional: readonly string[];
}

export const DOCUMENT_SHAPES: readonly DocumentShape[] = [
  { check: "contactFields", list: CONTACT_FIELDS, extraRequired: [], extraOptional: ["recaptchaToken"] },
  {
    check: "signupFields",
    list: LEAD_FIELDS,
    variant: "signup",
    extraRequired: [],
    extraOptional: ["recaptchaToken", "marketingConsent"],
  },
  { check: "demoFields", list: LEAD_FIELDS, variant: "demo", extraRequired: [], extraOptional: ["recaptchaToken"] },
  {
    check: "subscriptionFields",
    list: NEWSLETTER_FIELDS,
    extraRequired: ["consent", "consentId"],
    extraOptional: ["recaptchaToken"],
  },
];

/** The limits the hand-written helpers of the rules read as limits().name. */
const HELPER_LIMITS = ["email", "phone", "recaptchaToken", "path", "tag", "origin"] as const;

/** A rules string literal (single quotes, backslash escapes). */
export const literal = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

const list = (values: readonly string[]) => `[${values.map(literal).join(", ")}]`;

/** The fields a document carries, in list order. */
export const documentFields = (shape: DocumentShape) =>
  fieldsOn(shape.list, shape.variant).filter(([, field]) => field.firestore !== false);

/** The generated check of one field, or null where the hand-written part of the rules checks it. */
function fieldCheck(name: string, field: FieldDefinition, variant: string | undefined): string | null {
  const value = `data.${name}`;
  if (field.writer !== "visitor") {
    // Filled in later by staff (an owner, the first response): empty on a new document. Then the server's
    // clock and the collection's own code; staff fields and derived values are checked by hand.
    if (field.nullable) return `${value} == null`;
    if (field.kind === "timestamp") return `isNow(${value})`;
    if (field.kind === "enum" && field.values.length === 1) return `${value} == ${literal(field.values[0]!)}`;
    return null;
  }
  switch (field.kind) {
    case "text":
      return `${field.required ? "requiredText" : "optionalText"}(${value}, ${field.max})`;
    case "email":
      return `validEmail(${value})`;
    case "phone":
      return `${field.required ? "validPhone" : "optionalPhone"}(${value})`;
    case "path":
      return `optionalPath(${value})`;
    case "tag":
      return field.values
        ? `optionalTag(${value}) && (${value} == '' || ${value} in ${list(field.values)})`
        : `optionalTag(${value})`;
    case "origin":
      return `optionalOrigin(${value})`;
    case "option":
      return `${value} in ${list((field.options ?? []).map((option) => option.value))}`;
    case "boolean":
      return `${value} is bool`;
    case "enum":
      if (variant === undefined) throw new Error(`Field ${name}: a visitor-written code needs variants`);
      return `${value} == ${literal(variant)}`;
    default:
      throw new Error(`Field ${name}: a visitor cannot write a ${field.kind}`);
  }
}

function documentFunction(shape: DocumentShape): string {
  const fields = documentFields(shape);
  const required = [...fields.map(([name]) => name), ...shape.extraRequired];
  const allowed = [...required, ...shape.extraOptional];
  const checks = fields.flatMap(([name, field]) => fieldCheck(name, field, shape.variant) ?? []);
  const terms = [`data.keys().hasAll(${list(required)})`, `data.keys().hasOnly(${list(allowed)})`, ...checks];
  return [`    function ${shape.check}(data) {`, `      return ${terms.join("\n        && ")};`, "    }"].join("\n");
}

export const FIELD_RULES_BEGIN = "    // BEGIN field checks";
export const FIELD_RULES_END = "    // END field checks";

/** The block as firestore.rules must hold it, between its BEGIN and END lines. */
export function fieldRulesBlock(): string {
  const limits = HELPER_LIMITS.map((name) => `${literal(name)}: ${LIMITS[name]}`).join(", ");
  return [
    `${FIELD_RULES_BEGIN}: generated from the field lists (src/domain/*-fields.ts) and limits.ts, do not edit by hand.`,
    "    // src/backend/firebase/field-rules.test.ts fails, printing this block, until it matches again.",
    "    function limits() {",
    `      return { ${limits} };`,
    "    }",
    "",
    "    // Each document's keys, and what the visitor wrote into it. The rest is checked by hand below.",
    DOCUMENT_SHAPES.map(documentFunction).join("\n\n"),
    FIELD_RULES_END,
  ].join("\n");
}
