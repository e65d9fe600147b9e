import { ATTRIBUTION_FIELDS } from "./attribution";
import type { FieldList } from "./fields";
import { LIMITS } from "./limits";
import { BOT_CHECK_VERDICTS, LEAD_STATUSES } from "./status";

// Every field of a contact message, once (see fields.ts). Order: the schema's keys and the record's.

export const CONTACT_FIELDS = {
  id: { kind: "id", label: "ID", writer: "server", firestore: false },
  firstName: {
    kind: "text",
    max: LIMITS.name,
    required: true,
    label: "First Name",
    writer: "visitor",
    csv: "Name",
    dashboard: "Name",
  },
  lastName: {
    kind: "text",
    max: LIMITS.name,
    required: true,
    label: "Last Name",
    writer: "visitor",
    csv: "Name",
    dashboard: "Name",
  },
  email: { kind: "email", label: "Email", writer: "visitor", csv: "Email", dashboard: "Email" },
  phone: { kind: "phone", label: "Phone", writer: "visitor", nullable: true, csv: "Phone" },
  message: {
    kind: "text",
    max: LIMITS.message,
    required: true,
    label: "Message",
    writer: "visitor",
    csv: "Message/Challenges",
    dashboard: "Message",
  },
  /** The contact form does not ask for it: always null, kept so contacts and leads read alike. */
  companyName: {
    kind: "text",
    max: LIMITS.company,
    label: "Company",
    writer: "server",
    nullable: true,
    csv: "Company",
    firestore: false,
  },
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
  /** The API adds it to rows it reads; the Firestore document carries it. */
  type: { kind: "enum", values: ["contact"], label: "Type", writer: "server", sql: false, csv: "Type" },
  botCheck: { kind: "enum", values: BOT_CHECK_VERDICTS, label: "Bot Check", writer: "server", firestore: false },
  /** The spam score (src/domain/spam.ts): the sum of the signals that fired, 0-100; null where nothing scored it (Firebase). */
  spamScore: { kind: "score", label: "Spam Score", writer: "server", nullable: true, firestore: false },
  /** The names of the signals that fired, comma-joined ("" for none); null where nothing scored it. */
  spamSignals: { kind: "text", max: 300, label: "Spam Signals", writer: "server", nullable: true, firestore: false },
  /** In the Spam view: the score was above SPAM_THRESHOLD, or staff said "Spam"; staff "Not spam" clears it. */
  spam: { kind: "boolean", label: "Held as Spam", writer: "server", firestore: false },
  createdAt: { kind: "timestamp", label: "Created At", writer: "server", csv: "Created At", dashboard: "Created" },
} as const satisfies FieldList;
