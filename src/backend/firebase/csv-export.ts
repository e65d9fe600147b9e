import { getDocs, type Firestore } from "firebase/firestore";
import type { RecordsByCollection } from "../../domain/admin";
import { contactCsvRow, csvHeader, leadCsvRow, newsletterCsvRow } from "../../domain/csv";
import { COLLECTIONS, type Collection } from "../../domain/status";
import type { ExportFilters } from "../admin-port";
import { adminCall } from "./admin-errors";
import { keysetOf, newestFirst, parseFilters, STATUSES, type RecordFilters } from "./collection-query";
import type { FirestoreKeyset } from "./cursor";
import { toRecord } from "./records";
import { matchesSearch } from "./search";

/** Documents per read while exporting. */
export const EXPORT_PAGE_SIZE = 1_000;

const CSV_ROW: { [C in Collection]: (record: RecordsByCollection[C]) => string } = {
  leads: leadCsvRow,
  contacts: contactCsvRow,
  newsletter: newsletterCsvRow,
};

/**
 * The server's export plan (server/routes/admin-export.ts): leads, contacts, newsletter in that order,
 * whichever were asked for; a status a collection does not have leaves it out; type applies to leads only.
 */
function plan(filters: ExportFilters): { target: Collection; filters: RecordFilters }[] {
  const requested = filters.collections ?? COLLECTIONS;
  return COLLECTIONS.filter((target) => requested.includes(target))
    .filter((target) => !filters.status || STATUSES[target].includes(filters.status))
    .map((target) => ({ target, filters: parseFilters(target, { q: filters.q, status: filters.status, type: target === "leads" ? filters.type : undefined }) }));
}

/** The CSV as text chunks (header first), read page by page with the one CSV implementation in src/domain. */
export async function exportCsvChunks(db: Firestore, filters: ExportFilters): Promise<string[]> {
  const parts = plan(filters);
  const chunks = [csvHeader()];
  await adminCall(async () => {
    for (const part of parts) {
      const toRow = CSV_ROW[part.target] as (record: RecordsByCollection[Collection]) => string;
      let after: FirestoreKeyset | null = null;
      for (;;) {
        const { docs } = await getDocs(newestFirst(db, part.target, part.filters, after, EXPORT_PAGE_SIZE));
        const rows: string[] = [];
        for (const snapshot of docs) {
          const record = toRecord(part.target, snapshot.id, snapshot.data());
          if (matchesSearch(part.target, record, part.filters.q)) rows.push(toRow(record));
        }
        if (rows.length > 0) chunks.push(rows.join(""));
        const last = docs.at(-1);
        if (docs.length < EXPORT_PAGE_SIZE || !last) break;
        after = keysetOf(last);
      }
    }
  });
  return chunks;
}
