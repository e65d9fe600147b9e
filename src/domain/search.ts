import type { RecordsByCollection } from "./admin";
import { phoneMatches, phoneSearchNeedles } from "./phone";
import type { Collection } from "./status";

// The list search (`q`) for a record in hand: the Firebase adapter's lists and export (Firestore has no
// substring match) and the dashboard's live changes. The server runs the same rule in SQL
// (server/db/record-lists.ts, its columns in server/db/collections.ts): any case "contains" over the
// text fields, and for a search that is a phone number (phone.ts phoneSearchNeedles), the record's phone.

const TEXT_FIELDS: { [C in Collection]: (record: RecordsByCollection[C]) => (string | null)[] } = {
  leads: (lead) => [lead.firstName, lead.lastName, lead.name, lead.email, lead.companyName],
  contacts: (contact) => [contact.firstName, contact.lastName, contact.email, contact.companyName],
  newsletter: (entry) => [entry.email],
};

/** A search compiled once for the records it is run over: whether each one matches `q`. */
export function searchMatcher<C extends Collection>(
  collection: C,
  q: string,
): (record: RecordsByCollection[C]) => boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return () => true;
  const phoneNeedles = phoneSearchNeedles(needle);
  const fields = TEXT_FIELDS[collection];
  return (record) => {
    if (fields(record).some((value) => (value ?? "").toLowerCase().includes(needle))) return true;
    return phoneNeedles !== null && "phone" in record && phoneMatches(record.phone, phoneNeedles);
  };
}

export function matchesSearch<C extends Collection>(collection: C, record: RecordsByCollection[C], q: string): boolean {
  return searchMatcher(collection, q)(record);
}
