// The shared schemas' rules for text and email fields (field-validators.ts), written again without zod
// for the forms to check themselves in the browser: same patterns, same order, same messages. The public
// pages cannot load zod (decision 0001); field-checks.test.ts runs these and the schemas on the same
// inputs and requires the same answers, so the two cannot drift apart (decision 0028).

import { LIMITS } from "./limits";

/** zod's own email pattern (z.email()'s default), with lint's spelling of a literal hyphen. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const FIELD_MESSAGES = {
  required: "Required",
  email: "Enter a valid email address",
} as const;

export const tooLong = (max: number) => `At most ${max} characters`;

/** Field name -> message, as the server's 400 names them (FieldErrors in schemas.ts). */
export type FieldProblems = Record<string, string>;

// The text and email rules, in the order the schema applies them: the first one a value breaks, or null.
// The newsletter boxes, on the home page, need only these: the other kinds' are in field-checks.ts, with
// the field lists, so the home page's JavaScript stays within its budget.
const { required } = FIELD_MESSAGES;

/** The first rule a value breaks, in the order the schema applies them; null when it keeps them all. */
export function textProblem(value: unknown, max: number, isRequired: boolean): string | null {
  if (value === undefined) return isRequired ? required : null;
  if (typeof value !== "string") return required;
  const text = value.trim();
  if (isRequired && text === "") return required;
  return text.length > max ? tooLong(max) : null;
}

export function emailProblem(value: unknown): string | null {
  return (
    textProblem(value, LIMITS.email, true) ??
    (EMAIL_PATTERN.test((value as string).trim()) ? null : FIELD_MESSAGES.email)
  );
}

/** The newsletter boxes' check: the one field a visitor types there. */
export function newsletterProblems({ email }: Readonly<Record<string, unknown>>): FieldProblems {
  const problem = emailProblem(email);
  return problem ? { email: problem } : {};
}
