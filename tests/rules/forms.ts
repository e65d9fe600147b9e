import { createHash, randomUUID } from "node:crypto";
import { serverTimestamp, Timestamp } from "firebase/firestore";
import { contactDocument, leadDocument, newsletterDocument } from "../../src/backend/firebase/documents";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { contactInput, leadInput, newsletterInput } from "../../src/domain/schemas";

// One valid document per form, built by the Firebase adapter's own code (the shared schema, then
// src/backend/firebase/documents.ts), and the ways a visitor could tamper with it.

export type Doc = Record<string, unknown>;

export interface Form {
  name: string;
  collection: "contacts" | "leads" | "newsletter";
  /** A valid new document and the id it must have. */
  valid(): { id: string; data: Doc };
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
        contactDocument(
          contactInput.parse({ firstName: "Naledi", lastName: "Dlamini", email: uniqueEmail("naledi"), phone: "", message: "We manage 40 units in Durban." }),
          serverTimestamp(),
        ),
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
    valid: () => ({
      id: randomUUID(),
      data: stored(
        leadDocument(
          leadInput.parse({
            type: "signup",
            firstName: "Pieter",
            lastName: "van Wyk",
            email: uniqueEmail("pieter"),
            phone: "+27 82 123 4567",
            companyName: "Karoo Rentals",
            organizationType: "landlord",
            propertyCount: "6-20",
            marketingOptIn: true,
            termsAccepted: true,
            consentVersion: CONSENT_WORDING.marketing.version,
            sourcePath: "/signup",
            recaptchaToken: "token",
          }),
          serverTimestamp(),
        ),
      ),
    }),
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
      const data = newsletterInput.parse({ email: uniqueEmail("reader"), consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" });
      return { id: newsletterId(data.email), data: stored(newsletterDocument(data, serverTimestamp())) };
    },
    textField: "recaptchaToken",
    textMax: 4096,
    forgedStatus: "unsubscribed",
    staffStatus: "unsubscribed",
    otherField: "email",
  },
];

export const aLongTimeAgo = () => Timestamp.fromDate(new Date("2020-01-01T00:00:00Z"));
