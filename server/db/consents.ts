import { consentWording, type ConsentAction, type ConsentPurpose } from "../../src/domain/consent";
import type { ConsentRecord } from "../../src/domain/privacy";
import type { ConsentsTable, Db } from "./schema";
import { newRecordId } from "./record-id";

// The consent ledger (POPIA section 69, GDPR article 7(1): the controller must be able to show consent).
// Rows are added, never changed: a withdrawal is a new row, so the history of a person's choices stays.

export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

export interface NewConsent {
  email: string;
  purpose: ConsentPurpose;
  action: ConsentAction;
  /** For "given": the version the form showed (current when absent); the stored text is the server's. */
  wordingVersion?: string | null;
  source: string | null;
  context: RequestContext;
  record?: { collection: string; id: string } | null;
  createdAt: string;
}

export class UnknownConsentVersionError extends Error {
  override name = "UnknownConsentVersionError";
}

/** The ledger row for a consent; throws UnknownConsentVersionError for a wording the server does not know. */
export function consentRow(consent: NewConsent): ConsentsTable {
  // A withdrawal refers to the purpose, not to a wording; a consent always carries the text it was given with.
  const wording = consent.action === "given" ? consentWording(consent.purpose, consent.wordingVersion) : null;
  if (consent.action === "given" && !wording)
    throw new UnknownConsentVersionError(`Unknown ${consent.purpose} wording ${consent.wordingVersion}`);
  const row: ConsentsTable = {
    id: newRecordId(),
    email: consent.email.trim().toLowerCase(),
    purpose: consent.purpose,
    channel: "email",
    action: consent.action,
    wordingVersion: wording?.version ?? null,
    wording: wording?.text ?? null,
    source: consent.source,
    ip: consent.context.ip,
    userAgent: consent.context.userAgent,
    recordCollection: consent.record?.collection ?? null,
    recordId: consent.record?.id ?? null,
    createdAt: consent.createdAt,
  };
  return row;
}

export async function recordConsent(db: Db, consent: NewConsent): Promise<string> {
  const row = consentRow(consent);
  await db.insertInto("consents").values(row).execute();
  return row.id;
}

export async function consentsForEmail(db: Db, email: string): Promise<ConsentRecord[]> {
  const rows = await db
    .selectFrom("consents")
    .selectAll()
    .where("email", "=", email)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows as ConsentRecord[];
}
