import { ATTRIBUTION_FIELDS } from "./attribution";
import type { FieldList } from "./fields";
import { BOT_CHECK_VERDICTS, NEWSLETTER_STATUSES } from "./status";

// Every field of a newsletter subscription, once (see fields.ts). Its consent proof is not a field of
// the record: it goes to the consents ledger (src/domain/privacy.ts).

export const NEWSLETTER_FIELDS = {
  id: { kind: "id", label: "ID", writer: "server", firestore: false },
  email: { kind: "email", label: "Email", writer: "visitor", csv: "Email", dashboard: "Email" },
  /** Where the visit came from (attribution.ts): set once, when stored. */
  ...ATTRIBUTION_FIELDS,
  /** "subscribed" when stored or subscribed again; staff or the unsubscribe link move it on. */
  status: {
    kind: "enum",
    values: NEWSLETTER_STATUSES,
    label: "Status",
    writer: "staff",
    csv: "Status",
    dashboard: "Status",
  },
  /** The API adds it to rows it reads; the Firestore document carries it. */
  type: { kind: "enum", values: ["newsletter"], label: "Type", writer: "server", sql: false, csv: "Type" },
  botCheck: { kind: "enum", values: BOT_CHECK_VERDICTS, label: "Bot Check", writer: "server", firestore: false },
  createdAt: {
    kind: "timestamp",
    label: "Subscribed Date",
    writer: "server",
    csv: "Created At",
    dashboard: "Subscribed Date",
  },
} as const satisfies FieldList;
