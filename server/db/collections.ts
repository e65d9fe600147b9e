import type { RecordsByCollection } from "../../src/domain/admin";
import {
  LEAD_STATUSES,
  LEAD_TYPES,
  NEWSLETTER_STAFF_STATUSES,
  NEWSLETTER_STATUSES,
  type Collection,
} from "../../src/domain/status";
import { toContactRecord } from "./contacts";
import { toLeadRecord } from "./leads";
import { toNewsletterRecord } from "./newsletter";
import type { ContactsTable, LeadsTable, NewsletterTable } from "./schema";

// What the admin API needs to know about each collection: its table, its statuses (the list filter)
// and those staff may set, which columns `q` searches, and how a row becomes the record staff read.
// src/domain/search.ts is the same search over a record in hand (the Firebase adapter, live changes).

export interface CollectionSpec<C extends Collection> {
  table: C;
  statuses: readonly string[];
  /** What a PATCH may set: a newsletter row becomes or stops being "pending" only by its owner's click. */
  settableStatuses: readonly string[];
  /** Lead types, for the `type` filter; null where it does not apply. */
  types: readonly string[] | null;
  /** camelCase column names (the CamelCasePlugin maps them), searched case-insensitively. */
  searchColumns: readonly string[];
  /** Whether a search that is a phone number looks in the phone's E.164 form (column phone_e164, migration 0013). */
  phoneSearch: boolean;
  /** Whether its records can be held as spam (column spam, migration 0015): lists leave them out but in the Spam view. */
  spam: boolean;
  toRecord(row: unknown): RecordsByCollection[C];
}

export const COLLECTION_SPECS: { [C in Collection]: CollectionSpec<C> } = {
  leads: {
    table: "leads",
    statuses: LEAD_STATUSES,
    settableStatuses: LEAD_STATUSES,
    types: LEAD_TYPES,
    searchColumns: ["firstName", "lastName", "name", "email", "companyName"],
    phoneSearch: true,
    spam: true,
    toRecord: (row) => toLeadRecord(row as LeadsTable),
  },
  contacts: {
    table: "contacts",
    statuses: LEAD_STATUSES,
    settableStatuses: LEAD_STATUSES,
    types: null,
    // companyName too: the dashboard's own live filter (src/features/admin/records/filters.ts) matches it.
    searchColumns: ["firstName", "lastName", "email", "companyName"],
    phoneSearch: true,
    spam: true,
    toRecord: (row) => toContactRecord(row as ContactsTable),
  },
  newsletter: {
    table: "newsletter",
    statuses: NEWSLETTER_STATUSES,
    settableStatuses: NEWSLETTER_STAFF_STATUSES,
    types: null,
    searchColumns: ["email"],
    phoneSearch: false,
    spam: false,
    toRecord: (row) => toNewsletterRecord(row as NewsletterTable),
  },
};

export const isValidStatus = (collection: Collection, status: string) =>
  COLLECTION_SPECS[collection].statuses.includes(status);
