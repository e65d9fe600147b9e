import { emailProblem, FIELD_MESSAGES, textProblem, tooLong, type FieldProblems } from "./field-rules";
import { visitorFields, type FieldDefinition, type FieldList } from "./fields";
import { CONTROL_CHARACTER, ORIGIN_PATTERN } from "./attribution-params";
import { LIMITS } from "./limits";

// The shared schemas' rules for the fields a visitor writes, as plain functions: what a public form checks
// before it sends, so every wrong field is named at once, with the server's own words, without loading zod
// (decision 0028). field-checks.test.ts runs these and the schemas on the same inputs and requires the
// same answers. The text and email rules are in field-rules.ts, apart, for the home page's newsletter boxes.
//
// They take what the forms send: strings (trimmed or not), booleans for checkboxes, absent keys. The
// parts of a payload the page writes itself (the record's type, consent version, bot-check token,
// honeypot) are the server's to check.

export type { FieldProblems };

/** Digits with the usual separators and an optional leading +; at least 7 characters (field-validators.ts). */
const PHONE_PATTERN = /^\+?[0-9 ()\-.]{7,32}$/;

/** A page's path only: no query, no fragment, no host. */
const PATH_PATTERN = /^\/[^\s?#]*$/;

const { required } = FIELD_MESSAGES;

const MESSAGES = {
  phone: "Enter a valid phone number",
  option: "Choose one of the options",
  path: "Use a path such as /signup",
  boolean: "Must be true or false",
  tag: "Use letters, digits and punctuation only",
  origin: "Use an origin such as https://example.com",
  terms: "You must accept the terms",
} as const;

export function phoneProblem(value: unknown, isRequired: boolean): string | null {
  if (value === undefined || (!isRequired && value === "")) return isRequired ? required : null;
  if (typeof value !== "string") return isRequired ? required : MESSAGES.phone;
  const phone = value.trim();
  if (isRequired && phone === "") return required;
  if (phone.length > LIMITS.phone) return tooLong(LIMITS.phone);
  return PHONE_PATTERN.test(phone) ? null : MESSAGES.phone;
}

export function pathProblem(value: unknown): string | null {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") return MESSAGES.path;
  if (value.length > LIMITS.path) return tooLong(LIMITS.path);
  return PATH_PATTERN.test(value) ? null : MESSAGES.path;
}

/** A campaign label: checked as the schema checks it after trimming and lower-casing. */
export function tagProblem(value: unknown, values?: readonly string[]): string | null {
  if (value === undefined) return null;
  if (typeof value !== "string") return MESSAGES.tag;
  const tag = value.trim().toLowerCase();
  if (tag.length > LIMITS.tag) return tooLong(LIMITS.tag);
  if (CONTROL_CHARACTER.test(tag)) return MESSAGES.tag;
  return values && tag !== "" && !values.includes(tag) ? `Use one of: ${values.join(", ")}` : null;
}

export function originProblem(value: unknown): string | null {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") return MESSAGES.origin;
  if (value.length > LIMITS.origin) return tooLong(LIMITS.origin);
  return ORIGIN_PATTERN.test(value) ? null : MESSAGES.origin;
}

/** What is wrong with one value of a field, or null. */
export function fieldProblem(field: FieldDefinition, value: unknown): string | null {
  switch (field.kind) {
    case "text":
      return textProblem(value, field.max, field.required === true);
    case "email":
      return emailProblem(value);
    case "phone":
      return phoneProblem(value, field.required === true);
    case "path":
      return pathProblem(value);
    case "tag":
      return tagProblem(value, field.values);
    case "origin":
      return originProblem(value);
    case "option":
      return (field.options ?? []).some((choice) => choice.value === value) ? null : MESSAGES.option;
    case "boolean":
      return typeof value === "boolean" ? null : MESSAGES.boolean;
    default:
      // A code the page itself writes (the lead's type): checked by the server.
      return null;
  }
}

/** Every field of `list` (on `variant`) a visitor writes that breaks a rule, each with its first message. */
export function checkFields(list: FieldList, values: Record<string, unknown>, variant?: string): FieldProblems {
  const problems: FieldProblems = {};
  for (const [name, field] of visitorFields(list, variant)) {
    const problem = fieldProblem(field, values[name]);
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** The signup form's terms box: only a ticked box is accepted. */
export const termsProblem = (accepted: unknown): string | null => (accepted === true ? null : MESSAGES.terms);
