import { z } from "zod";
import { consentVersions, type ConsentPurpose } from "./consent";
import { CONTACT_FIELDS } from "./contact-fields";
import { visitorShape } from "./field-validators";
import { LEAD_FIELDS } from "./lead-fields";
import { LIMITS, HONEYPOT_FIELD } from "./limits";
import { NEWSLETTER_FIELDS } from "./newsletter-fields";

// One schema per submission, parsed by the form's adapter, the server and the Firebase adapter alike.
// The fields a visitor writes come from the collection's field list (validators: field-validators.ts);
// what follows them here is the submission's own: the terms box, the consent's wording and page, the
// bot-check token and the honeypot, none of them stored on the record as sent.

const recaptchaToken = z.string().max(LIMITS.recaptchaToken).nullish();
/** The signed render stamp the form got from GET /api/form-stamp (server/security/render-stamp.ts): scored; only its random part is kept, for its hour, so it serves one submission. */
const renderStamp = z.string().max(LIMITS.renderStamp).nullish();

/** Accepted so real forms can send it empty; the server drops filled ones before parsing. */
const honeypot = { [HONEYPOT_FIELD]: z.string().max(0).optional() };

/** The page the form was sent from, kept with a consent: a path only (no query, no fragment, no host). */
const sourcePath = z
  .string()
  .max(LIMITS.path, `At most ${LIMITS.path} characters`)
  .regex(/^\/[^\s?#]*$/, "Use a path such as /signup")
  .optional();

/** The version of the consent wording the form showed; the server stores its own text for it. */
const consentVersion = (purpose: ConsentPurpose) =>
  z.enum(consentVersions(purpose), { error: "Unknown consent wording version" }).optional();

export const contactInput = z.strictObject({
  ...visitorShape(CONTACT_FIELDS),
  recaptchaToken,
  renderStamp,
  ...honeypot,
});

export const signupInput = z.strictObject({
  ...visitorShape(LEAD_FIELDS, "signup"),
  termsAccepted: z.literal(true, { error: "You must accept the terms" }),
  /** The marketing checkbox's wording version; only stored when marketingOptIn is true. */
  consentVersion: consentVersion("marketing"),
  recaptchaToken,
  renderStamp,
  ...honeypot,
});

export const demoInput = z.strictObject({
  ...visitorShape(LEAD_FIELDS, "demo"),
  recaptchaToken,
  renderStamp,
  ...honeypot,
});

export const leadInput = z.discriminatedUnion("type", [signupInput, demoInput], {
  error: "Choose signup or demo",
});

export const newsletterInput = z.strictObject({
  ...visitorShape(NEWSLETTER_FIELDS),
  consentVersion: consentVersion("newsletter"),
  sourcePath,
  recaptchaToken,
  renderStamp,
  ...honeypot,
});

/**
 * The confirmation page's press: the emailed link's token, and the version of the consent wording the
 * page showed beside its button (the click is the opt-in, so its wording is what the consent records).
 */
export const confirmSubscriptionInput = z.strictObject({
  token: z.string({ error: "Required" }).max(200, "At most 200 characters"),
  consentVersion: consentVersion("newsletter"),
});

export type ContactInput = z.input<typeof contactInput>;
export type SignupInput = z.input<typeof signupInput>;
export type DemoInput = z.input<typeof demoInput>;
export type LeadInput = z.input<typeof leadInput>;
export type NewsletterInput = z.input<typeof newsletterInput>;
export type ConfirmSubscriptionInput = z.input<typeof confirmSubscriptionInput>;

export type ContactData = z.output<typeof contactInput>;
export type SignupData = z.output<typeof signupInput>;
export type DemoData = z.output<typeof demoInput>;
export type LeadData = z.output<typeof leadInput>;
export type NewsletterData = z.output<typeof newsletterInput>;

/** Field name -> first message, the shape of a 400 `{error: "validation", fields}` body. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  // No prototype: an unknown key named "constructor" or "__proto__" must become a field, not hit Object's.
  const fields: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    // Unknown keys are reported on the object; name each of them.
    const names =
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => [...issue.path, key].join("."))
        : [issue.path.join(".") || "body"];
    for (const name of names) fields[name] ??= issue.code === "unrecognized_keys" ? "Unknown field" : issue.message;
  }
  return fields;
}
