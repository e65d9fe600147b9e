import type { CONTACT_FIELDS } from "./contact-fields";
import type { RecordOf } from "./fields";
import type { LEAD_FIELDS } from "./lead-fields";
import type { NEWSLETTER_FIELDS } from "./newsletter-fields";
import type { LeadType } from "./status";

// What staff read back, timestamps as ISO strings: each collection's field list, as a type. A field
// added to a list is a compile error wherever a record is built field by field.

export type ContactRecord = RecordOf<typeof CONTACT_FIELDS>;

export type LeadRecord = RecordOf<typeof LEAD_FIELDS, LeadType>;

export type NewsletterRecord = RecordOf<typeof NEWSLETTER_FIELDS>;
