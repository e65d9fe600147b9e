import type { RecordsByCollection } from "../../domain/admin";
import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { onVariant, type FieldDefinition, type FieldList } from "../../domain/fields";
import { LEAD_FIELDS } from "../../domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../domain/newsletter-fields";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../domain/records";
import { LEAD_TYPES, type Collection } from "../../domain/status";

// Firestore documents -> the records the dashboard reads (src/domain/records.ts), the same shapes the
// http server answers, read by each field's kind from the collection's field list. Read defensively: a
// document written by hand in the console may lack fields.

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

/** A collection's variants (a lead's type) and the field that names them. */
interface Variants {
  field: string;
  names: readonly string[];
}

/** One field of a document as the record has it. `nullable`: the record's type admits null for it. */
function readValue(field: FieldDefinition, value: unknown, nullable: boolean): unknown {
  switch (field.kind) {
    case "enum":
      // A code with one value (a contact's type) is the collection's; others are read as stored.
      return field.values.length === 1 ? field.values[0] : text(value);
    case "boolean":
      return typeof value === "boolean" ? value : nullable ? null : false;
    case "timestamp":
      return isoTime(value) ?? (nullable ? null : "");
    default:
      return field.nullable ? optionalText(value) : text(value);
  }
}

type FieldReader = [name: string, read: (data: Data) => unknown];

/** How a document of one variant gives each field of the list; the variant's own field names it. */
function fieldReaders(list: FieldList, variants: Variants | undefined, variant: string | undefined): FieldReader[] {
  return Object.entries(list).map(([name, field]): FieldReader => {
    if (variants && name === variants.field) return [name, () => variant];
    const here = onVariant(field, variant);
    const nullable = field.nullable === true || (variants?.names.some((other) => !onVariant(field, other)) ?? false);
    return [name, here ? (data) => readValue(here, data[name], nullable) : () => null];
  });
}

/**
 * Reads records field for field from the collection's list, each variant's readers worked out once. An
 * unknown variant reads as the first. `fixed`: values that are not in the document (its id, the verdict).
 */
function recordReader(list: FieldList, variants?: Variants) {
  const readers = new Map(
    (variants?.names ?? [undefined]).map((variant) => [variant, fieldReaders(list, variants, variant)]),
  );
  return (data: Data, fixed: Data): Data => {
    const stored = variants && data[variants.field];
    const variant = variants && (variants.names.find((name) => name === stored) ?? variants.names[0]);
    const record: Data = {};
    for (const [name, read] of readers.get(variant)!) record[name] = name in fixed ? fixed[name] : read(data);
    return record;
  };
}

const readContact = recordReader(CONTACT_FIELDS);
const readLead = recordReader(LEAD_FIELDS, { field: "type", names: LEAD_TYPES });
const readSubscription = recordReader(NEWSLETTER_FIELDS);

export const toContactRecord = (id: string, data: Data) =>
  readContact(data, { id, botCheck: BOT_CHECK }) as ContactRecord;

export const toLeadRecord = (id: string, data: Data) => readLead(data, { id, botCheck: BOT_CHECK }) as LeadRecord;

export const toNewsletterRecord = (id: string, data: Data) =>
  readSubscription(data, { id, botCheck: BOT_CHECK }) as NewsletterRecord;

const READERS: { [C in Collection]: (id: string, data: Data) => RecordsByCollection[C] } = {
  leads: toLeadRecord,
  contacts: toContactRecord,
  newsletter: toNewsletterRecord,
};

export function toRecord<C extends Collection>(collection: C, id: string, data: Data): RecordsByCollection[C] {
  return READERS[collection](id, data);
}
