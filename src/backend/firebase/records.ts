import type { RecordsByCollection } from "../../domain/admin";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../domain/records";
import type { Collection, LeadStatus, NewsletterStatus } from "../../domain/status";

// Firestore documents -> the records the dashboard reads (src/domain/records.ts), the same shapes the
// http server answers. Read defensively: a document written by hand in the console may lack fields.

type Data = Record<string, unknown>;

/** A Firestore Timestamp (from either SDK) or a Date, as ISO; anything else null. */
export function isoTime(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null && "toDate" in value && typeof value.toDate === "function") {
    return (value.toDate() as Date).toISOString();
  }
  return null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** Empty and missing optional text read as null, as the server stores them. */
const optionalText = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

// The http server records its own bot-check verdict; on Firebase no server ever sees the token.
const BOT_CHECK = "skipped" as const;

export function toContactRecord(id: string, data: Data): ContactRecord {
  return {
    id,
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    email: text(data.email),
    phone: optionalText(data.phone),
    message: text(data.message),
    companyName: optionalText(data.companyName),
    status: text(data.status) as LeadStatus,
    type: "contact",
    botCheck: BOT_CHECK,
    createdAt: isoTime(data.createdAt) ?? "",
  };
}

export function toLeadRecord(id: string, data: Data): LeadRecord {
  const type = data.type === "demo" ? "demo" : "signup";
  return {
    id,
    type,
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    name: text(data.name),
    email: text(data.email),
    phone: optionalText(data.phone),
    companyName: text(data.companyName),
    jobTitle: optionalText(data.jobTitle),
    organizationType: text(data.organizationType),
    propertyCount: text(data.propertyCount),
    message: optionalText(data.message),
    // A demo's challenges are text, empty when absent; signups have none.
    challenges: type === "demo" ? text(data.challenges) : null,
    marketingOptIn: typeof data.marketingOptIn === "boolean" ? data.marketingOptIn : null,
    termsAcceptedAt: isoTime(data.termsAcceptedAt),
    status: text(data.status) as LeadStatus,
    botCheck: BOT_CHECK,
    createdAt: isoTime(data.createdAt) ?? "",
  };
}

export function toNewsletterRecord(id: string, data: Data): NewsletterRecord {
  return {
    id,
    email: text(data.email),
    status: text(data.status) as NewsletterStatus,
    type: "newsletter",
    botCheck: BOT_CHECK,
    createdAt: isoTime(data.createdAt) ?? "",
  };
}

const READERS: { [C in Collection]: (id: string, data: Data) => RecordsByCollection[C] } = {
  leads: toLeadRecord,
  contacts: toContactRecord,
  newsletter: toNewsletterRecord,
};

export function toRecord<C extends Collection>(collection: C, id: string, data: Data): RecordsByCollection[C] {
  return READERS[collection](id, data);
}
