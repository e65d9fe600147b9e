import type { ContactData, LeadData, NewsletterData } from "../../domain/schemas";

// The documents anonymous visitors create, field for field what firestore.rules accepts. `now` is the
// serverTimestamp() sentinel of whichever SDK writes them (lite and full ones are not interchangeable),
// so the rules can require createdAt == request.time: the client never chooses its own timestamp.

const token = (value: string | null | undefined) => (value ? { recaptchaToken: value } : {});

/** Which consent wording the form showed, and on which page (POPIA proof; the text is in src/domain/consent.ts). */
const consent = (data: { consentVersion?: string | undefined; sourcePath?: string | undefined }) => ({
  ...(data.consentVersion && { consentVersion: data.consentVersion }),
  ...(data.sourcePath && { sourcePath: data.sourcePath }),
});

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

export function leadDocument<T>(data: LeadData, now: T) {
  const common = {
    firstName: data.firstName,
    lastName: data.lastName,
    // The spec stores `name` for demos; signups get it too, as on the http server.
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
    return { ...common, type: "signup" as const, marketingOptIn: data.marketingOptIn, termsAcceptedAt: now, ...(data.marketingOptIn && consent(data)) };
  }
  return { ...common, type: "demo" as const, jobTitle: data.jobTitle, challenges: data.challenges };
}

export function newsletterDocument<T>(data: NewsletterData, now: T) {
  return { email: data.email, ...token(data.recaptchaToken), ...consent(data), status: "subscribed" as const, type: "newsletter" as const, createdAt: now };
}

/** What a re-subscription may change on an existing document (firestore.rules allows exactly these keys). */
export function resubscription(data: NewsletterData) {
  return { status: "subscribed" as const, ...token(data.recaptchaToken), ...consent(data) };
}
