import { ATTRIBUTION_FIELDS } from "./attribution";
import type { FieldList } from "./fields";
import { LIMITS } from "./limits";
import {
  DEMO_ORGANIZATION_TYPES,
  DEMO_PROPERTY_COUNTS,
  SIGNUP_ORGANIZATION_TYPES,
  SIGNUP_PROPERTY_COUNTS,
} from "./options";
import { BOT_CHECK_VERDICTS, LEAD_STATUSES, LEAD_TYPES } from "./status";

// Every field of a lead, once. Signups and demo requests share the `leads` table; `variants` says which
// of them has a field and how it differs there (the other type reads null). Order matters: it is the
// order of the schemas' keys, so of the field errors and of the stored record.

export const LEAD_FIELDS = {
  id: { kind: "id", label: "ID", writer: "server", firestore: false },
  /** Which form sent it: the schemas' discriminator. */
  type: { kind: "enum", values: LEAD_TYPES, label: "Type", writer: "visitor", csv: "Type", dashboard: "Type" },
  firstName: { kind: "text", max: LIMITS.name, required: true, label: "First Name", writer: "visitor" },
  lastName: { kind: "text", max: LIMITS.name, required: true, label: "Last Name", writer: "visitor" },
  /** First and last name joined, as the product stores it for demos; signups get it too. */
  name: { kind: "text", max: 2 * LIMITS.name + 1, label: "Name", writer: "server", csv: "Name", dashboard: "Name" },
  email: { kind: "email", label: "Email", writer: "visitor", csv: "Email", dashboard: "Email" },
  phone: {
    kind: "phone",
    label: "Phone",
    writer: "visitor",
    nullable: true,
    csv: "Phone",
    variants: { signup: { required: false }, demo: { required: true } },
  },
  companyName: {
    kind: "text",
    max: LIMITS.company,
    required: true,
    label: "Company Name",
    writer: "visitor",
    csv: "Company",
    dashboard: "Company",
  },
  jobTitle: {
    kind: "text",
    max: LIMITS.jobTitle,
    label: "Job Title",
    writer: "visitor",
    nullable: true,
    variants: { demo: {} },
  },
  organizationType: {
    kind: "option",
    label: "Organization Type",
    writer: "visitor",
    variants: { signup: { options: SIGNUP_ORGANIZATION_TYPES }, demo: { options: DEMO_ORGANIZATION_TYPES } },
  },
  propertyCount: {
    kind: "option",
    label: "Number of Properties",
    writer: "visitor",
    variants: { signup: { options: SIGNUP_PROPERTY_COUNTS }, demo: { options: DEMO_PROPERTY_COUNTS } },
  },
  /** No form sends one: always null, and the export falls back to it only when challenges are empty. */
  message: { kind: "text", max: LIMITS.message, label: "Message", writer: "server", nullable: true, firestore: false },
  /** Kept as text on a demo, empty when absent. */
  challenges: {
    kind: "text",
    max: LIMITS.challenges,
    label: "Current Challenges",
    writer: "visitor",
    csv: "Message/Challenges",
    variants: { demo: {} },
  },
  marketingOptIn: { kind: "boolean", label: "Marketing Emails", writer: "visitor", variants: { signup: {} } },
  /** The server's clock when a signup accepted the terms (the form sends termsAccepted: true). */
  termsAcceptedAt: { kind: "timestamp", label: "Terms Accepted At", writer: "server", variants: { signup: {} } },
  /** The page the form was sent from (a path), or null when the form could not tell. */
  sourcePath: { kind: "path", label: "Source Page", writer: "visitor", nullable: true },
  /** Where the visit came from (attribution.ts): set once, when stored. */
  ...ATTRIBUTION_FIELDS,
  /** "new" when stored; staff move it on. */
  status: { kind: "enum", values: LEAD_STATUSES, label: "Status", writer: "staff", csv: "Status", dashboard: "Status" },
  /** The staff member handling it (their email), or null; staff set it, or round-robin does on arrival. */
  owner: { kind: "email", label: "Owner", writer: "staff", nullable: true, dashboard: "Owner" },
  /** When it first left "new" or got its first note, whichever came first (the speed-to-lead clock). */
  firstResponseAt: { kind: "timestamp", label: "First Response At", writer: "server", nullable: true },
  botCheck: { kind: "enum", values: BOT_CHECK_VERDICTS, label: "Bot Check", writer: "server", firestore: false },
  /** The spam score (src/domain/spam.ts): the sum of the signals that fired, 0-100; null where nothing scored it (Firebase). */
  spamScore: { kind: "score", label: "Spam Score", writer: "server", nullable: true, firestore: false },
  /** The names of the signals that fired, comma-joined ("" for none); null where nothing scored it. */
  spamSignals: { kind: "text", max: 300, label: "Spam Signals", writer: "server", nullable: true, firestore: false },
  /** In the Spam view: the score was above SPAM_THRESHOLD, or staff said "Spam"; staff "Not spam" clears it. */
  spam: { kind: "boolean", label: "Held as Spam", writer: "server", firestore: false },
  createdAt: { kind: "timestamp", label: "Created At", writer: "server", csv: "Created At", dashboard: "Created" },
} as const satisfies FieldList;
