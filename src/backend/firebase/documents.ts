import { CONSENT_USER_AGENT_LENGTH, consentWording, type ConsentPurpose } from "../../domain/consent";
import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { fieldsOn, visitorFields, type FieldList, type FieldsWrittenBy } from "../../domain/fields";
import { LEAD_FIELDS } from "../../domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../domain/newsletter-fields";
import type { ContactData, LeadData, NewsletterData } from "../../domain/schemas";

// The documents anonymous visitors create, field for field what firestore.rules accepts. `now` is the
// serverTimestamp() sentinel of whichever SDK writes them (lite and full ones are not interchangeable),
// so the rules can require createdAt == request.time: the client never chooses its own timestamp.

const token = (value: string | null | undefined) => (value ? { recaptchaToken: value } : {});

/** What the browser knows about itself for a consent. The IP is not among it: no server sees the request. */
export interface ConsentContext {
  userAgent?: string | null | undefined;
}

/**
 * The proof of one opt-in (POPIA section 69), the same fields as a row of the http server's `consents`
 * table less the IP: the wording text is ours for the version the form showed (the current one when it
 * sent none, as on the server), never text from the form. The rules hold their own copy of every text.
 */
export function consentProof<T>(
  purpose: ConsentPurpose,
  data: { consentVersion?: string | undefined; sourcePath?: string | undefined },
  context: ConsentContext,
  now: T,
) {
  const wording = consentWording(purpose, data.consentVersion);
  // The shared schema only lets known versions through; this is the type system's guard.
  if (!wording) throw new Error(`Unknown ${purpose} consent wording ${data.consentVersion}`);
  const userAgent = context.userAgent?.slice(0, CONSENT_USER_AGENT_LENGTH);
  return {
    purpose,
    channel: "email" as const,
    action: "given" as const,
    wordingVersion: wording.version,
    wording: wording.text,
    ...(data.sourcePath && { sourcePath: data.sourcePath }),
    ...(userAgent && { userAgent }),
    at: now,
  };
}

export type ConsentProof<T> = ReturnType<typeof consentProof<T>>;

/**
 * The consent ledger's entry for a proof: written in the same batch as its record, which the rules check
 * (the record must hold the identical proof, written in the same request). Kept when a re-subscription
 * replaces the proof on the record, so the history of a person's opt-ins stays.
 */
export function consentEntry<T>(
  email: string,
  consent: ConsentProof<T>,
  record: { collection: "newsletter" | "leads"; id: string },
) {
  return { email, consent, recordCollection: record.collection, recordId: record.id };
}

/**
 * What the visitor wrote, field for field as the collection's list says (on the lead's type), from the
 * shared schema's output: a field added to the list reaches the document, and the rules, by itself.
 */
function visitorPart<D extends object>(list: FieldList, data: D, variant?: string): VisitorPart<D> {
  const part: Record<string, unknown> = {};
  for (const [name] of visitorFields(list, variant)) part[name] = (data as Record<string, unknown>)[name];
  return part as VisitorPart<D>;
}

/** The fields staff (or the adapter on their behalf) fill in later, on lists `L`: null on a new document. */
type UnsetName<L extends FieldList> = {
  [K in keyof L]: L[K] extends { writer: "visitor" }
    ? never
    : L[K] extends { firestore: false }
      ? never
      : L[K] extends { nullable: true }
        ? K
        : never;
}[keyof L] &
  string;

/**
 * A new document's staff fields (owner, firstResponseAt), present and null, as the list says: the rules
 * require them, and the dashboard's "Unassigned" filter (`owner == null`) only finds documents that have
 * the key.
 */
function unsetPart<L extends FieldList>(list: L, variant?: string): { [K in UnsetName<L>]: null } {
  const part: Record<string, null> = {};
  for (const [name, field] of fieldsOn(list, variant)) {
    if (field.writer !== "visitor" && field.firestore !== false && field.nullable) part[name] = null;
  }
  return part as { [K in UnsetName<L>]: null };
}

/** The submission's keys that are record fields (not its token, honeypot or consent metadata). */
type VisitorPart<D> = D extends unknown ? Pick<D, Extract<keyof D, VisitorName>> : never;
type VisitorName =
  | FieldsWrittenBy<typeof CONTACT_FIELDS, "visitor">
  | FieldsWrittenBy<typeof LEAD_FIELDS, "visitor">
  | FieldsWrittenBy<typeof NEWSLETTER_FIELDS, "visitor">;

export function contactDocument<T>(data: ContactData, now: T) {
  return {
    ...visitorPart(CONTACT_FIELDS, data),
    ...unsetPart(CONTACT_FIELDS),
    ...token(data.recaptchaToken),
    status: "new" as const,
    type: "contact" as const,
    createdAt: now,
  };
}

/** A signup's ledger entry has the signup's id, so the rules can find one from the other. */
export function leadDocument<T>(data: LeadData, now: T, context: ConsentContext = {}) {
  const common = {
    // First and last name joined, as the http server stores it.
    name: `${data.firstName} ${data.lastName}`,
    ...token(data.recaptchaToken),
    status: "new" as const,
    createdAt: now,
  };
  if (data.type === "signup") {
    // termsAccepted is always true here (the schema requires it); the moment is the server's.
    // A consent is only stored when the marketing box was ticked.
    return {
      ...visitorPart(LEAD_FIELDS, data, data.type),
      ...unsetPart(LEAD_FIELDS, data.type),
      ...common,
      termsAcceptedAt: now,
      ...(data.marketingOptIn && { marketingConsent: consentProof("marketing", data, context, now) }),
    };
  }
  return { ...visitorPart(LEAD_FIELDS, data, data.type), ...unsetPart(LEAD_FIELDS, data.type), ...common };
}

/** `consentId` names the ledger entry written with it (a fresh one for each subscription). */
export function newsletterDocument<T>(data: NewsletterData, consent: ConsentProof<T>, consentId: string, now: T) {
  return {
    ...visitorPart(NEWSLETTER_FIELDS, data),
    ...token(data.recaptchaToken),
    consent,
    consentId,
    status: "subscribed" as const,
    type: "newsletter" as const,
    createdAt: now,
  };
}

/** What a re-subscription may change on an existing document (firestore.rules allows exactly these keys). */
export function resubscription<T>(data: NewsletterData, consent: ConsentProof<T>, consentId: string) {
  return { status: "subscribed" as const, ...token(data.recaptchaToken), consent, consentId };
}
