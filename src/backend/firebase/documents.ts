import { CONSENT_USER_AGENT_LENGTH, consentWording, type ConsentPurpose } from "../../domain/consent";
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
export function consentEntry<T>(email: string, consent: ConsentProof<T>, record: { collection: "newsletter" | "leads"; id: string }) {
  return { email, consent, recordCollection: record.collection, recordId: record.id };
}

export function contactDocument<T>(data: ContactData, now: T) {
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    message: data.message,
    ...token(data.recaptchaToken),
    status: "new" as const,
    type: "contact" as const,
    createdAt: now,
  };
}

/** A signup's ledger entry has the signup's id, so the rules can find one from the other. */
export function leadDocument<T>(data: LeadData, now: T, context: ConsentContext = {}) {
  const common = {
    firstName: data.firstName,
    lastName: data.lastName,
    // `name` is first and last name joined, for demos and signups alike, as on the http server.
    name: `${data.firstName} ${data.lastName}`,
    email: data.email,
    phone: data.phone,
    companyName: data.companyName,
    organizationType: data.organizationType,
    propertyCount: data.propertyCount,
    ...token(data.recaptchaToken),
    status: "new" as const,
    createdAt: now,
  };
  if (data.type === "signup") {
    // termsAccepted is always true here (the schema requires it); the moment is the server's.
    // A consent is only stored when the marketing box was ticked.
    return {
      ...common,
      type: "signup" as const,
      marketingOptIn: data.marketingOptIn,
      termsAcceptedAt: now,
      ...(data.marketingOptIn && { marketingConsent: consentProof("marketing", data, context, now) }),
    };
  }
  return { ...common, type: "demo" as const, jobTitle: data.jobTitle, challenges: data.challenges };
}

/** `consentId` names the ledger entry written with it (a fresh one for each subscription). */
export function newsletterDocument<T>(data: NewsletterData, consent: ConsentProof<T>, consentId: string, now: T) {
  return { email: data.email, ...token(data.recaptchaToken), consent, consentId, status: "subscribed" as const, type: "newsletter" as const, createdAt: now };
}

/** What a re-subscription may change on an existing document (firestore.rules allows exactly these keys). */
export function resubscription<T>(data: NewsletterData, consent: ConsentProof<T>, consentId: string) {
  return { status: "subscribed" as const, ...token(data.recaptchaToken), consent, consentId };
}
