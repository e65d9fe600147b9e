import { createHash, randomUUID } from "node:crypto";
import { doc, serverTimestamp, Timestamp, writeBatch, type Firestore } from "firebase/firestore";
import {
  consentEntry,
  consentProof,
  contactDocument,
  leadDocument,
  newsletterDocument,
} from "../../src/backend/firebase/documents";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { contactInput, leadInput, newsletterInput } from "../../src/domain/schemas";
import { sampleContact, sampleSignup } from "../support/sample-forms";

// One valid document per form, built by the Firebase adapter's own code (the shared schema, then
// src/backend/firebase/documents.ts), with its consent ledger entry where it has one, and the ways a
// visitor could tamper with it.

export type Doc = Record<string, unknown>;

/** A form's record, and the `consents` entry the adapter writes in the same batch (newsletter, signup). */
export interface Submission {
  id: string;
  data: Doc;
  ledger?: { id: string; data: Doc };
}

/** What a browser says about itself; the rules only bound it. */
export const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) erf-rules-test";

export interface Form {
  name: string;
  collection: "contacts" | "leads" | "newsletter";
  /** A valid new document, the id it must have, and its ledger entry. */
  valid(): Submission;
  /** A text field to give a wrong type or an over-long value. */
  textField: string;
  textMax: number;
  /** A status a visitor may not choose, and one staff may set. */
  forgedStatus: string;
  staffStatus: string;
  /** A field staff may not change (only status). */
  otherField: string;
}

let serial = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${++serial}.${Date.now()}@example.co.za`;
export const newsletterId = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");

const stored = (document: object): Doc => ({ ...document });

export const FORMS: Form[] = [
  {
    name: "contact",
    collection: "contacts",
    valid: () => ({
      id: randomUUID(),
      data: stored(
        contactDocument(contactInput.parse({ ...sampleContact, email: uniqueEmail("naledi") }), serverTimestamp()),
      ),
    }),
    textField: "firstName",
    textMax: 100,
    forgedStatus: "qualified",
    staffStatus: "contacted",
    otherField: "email",
  },
  {
    name: "signup",
    collection: "leads",
    valid: () => {
      const id = randomUUID();
      const lead = leadDocument(
        leadInput.parse({ ...sampleSignup, email: uniqueEmail("pieter"), recaptchaToken: "token" }),
        serverTimestamp(),
        { userAgent: USER_AGENT },
      );
      if (!("marketingConsent" in lead) || !lead.marketingConsent)
        throw new Error("a ticked signup must carry its consent");
      return {
        id,
        data: stored(lead),
        ledger: { id, data: stored(consentEntry(lead.email, lead.marketingConsent, { collection: "leads", id })) },
      };
    },
    textField: "companyName",
    textMax: 200,
    forgedStatus: "closed",
    staffStatus: "qualified",
    otherField: "companyName",
  },
  {
    name: "demo",
    collection: "leads",
    valid: () => ({
      id: randomUUID(),
      data: stored(
        leadDocument(
          leadInput.parse({
            type: "demo",
            firstName: "Amina",
            lastName: "Okafor",
            email: uniqueEmail("amina"),
            phone: "0821234567",
            companyName: "Lagos Estates",
            organizationType: "investor",
            propertyCount: "51-200",
            challenges: "Arrears tracking",
          }),
          serverTimestamp(),
        ),
      ),
    }),
    textField: "challenges",
    textMax: 5000,
    forgedStatus: "contacted",
    staffStatus: "closed",
    otherField: "challenges",
  },
  {
    name: "newsletter",
    collection: "newsletter",
    valid: () => {
      const data = newsletterInput.parse({
        email: uniqueEmail("reader"),
        consentVersion: CONSENT_WORDING.newsletter.version,
        sourcePath: "/",
      });
      const id = newsletterId(data.email);
      const consentId = randomUUID();
      const consent = consentProof("newsletter", data, { userAgent: USER_AGENT }, serverTimestamp());
      return {
        id,
        data: stored(newsletterDocument(data, consent, consentId, serverTimestamp())),
        ledger: { id: consentId, data: stored(consentEntry(data.email, consent, { collection: "newsletter", id })) },
      };
    },
    textField: "recaptchaToken",
    textMax: 4096,
    forgedStatus: "unsubscribed",
    staffStatus: "unsubscribed",
    otherField: "email",
  },
];

export const formNamed = (name: string): Form => {
  const found = FORMS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no form ${name}`);
  return found;
};

/** A copy with some fields changed; undefined removes a field. */
export function withChanges(data: Doc, change: Doc): Doc {
  const changed: Doc = { ...data, ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete changed[key];
  return changed;
}

/**
 * The form's valid submission with some record fields changed, under another id if given (its ledger
 * entry follows the id and the email, so only the change under test can make the rules refuse it).
 */
export function submissionOf(name: string, change: Doc = {}, id?: string): Submission {
  const { collection } = formNamed(name);
  const valid = formNamed(name).valid();
  const recordId = id ?? valid.id;
  const ledger = valid.ledger && {
    id: collection === "leads" ? recordId : valid.ledger.id,
    data: { ...valid.ledger.data, recordId, ...(typeof change.email === "string" && { email: change.email }) },
  };
  return { id: recordId, data: withChanges(valid.data, change), ledger };
}

/** Writes a record and its ledger entry in one batch, as the adapter does. */
export function writeSubmission(db: Firestore, collection: string, { id, data, ledger }: Submission): Promise<void> {
  const batch = writeBatch(db);
  batch.set(doc(db, collection, id), data);
  if (ledger) batch.set(doc(db, "consents", ledger.id), ledger.data);
  return batch.commit();
}

export const aLongTimeAgo = () => Timestamp.fromDate(new Date("2020-01-01T00:00:00Z"));
