import { getDocs, type Firestore } from "firebase/firestore";
import type { RecordsByCollection } from "../../domain/admin";
import { contactCsvRow, csvHeader, leadCsvRow, newsletterCsvRow, type CsvOptions } from "../../domain/csv";
import { COLLECTIONS, type Collection } from "../../domain/status";
import { isOwnedCollection } from "../../domain/workspace";
import type { ExportFilters } from "../admin-port";
import { adminCall } from "./admin-errors";
import { keysetOf, newestFirst, parseFilters, STATUSES, type RecordFilters } from "./collection-query";
import type { FirestoreKeyset } from "./cursor";
import { toRecord } from "./records";
import { filtersMatcher } from "./search";

/** Documents per read while exporting. */
export const EXPORT_PAGE_SIZE = 1_000;

const CSV_ROW: { [C in Collection]: (record: RecordsByCollection[C], options: CsvOptions) => string } = {
  leads: leadCsvRow,
  contacts: contactCsvRow,
  newsletter: newsletterCsvRow,
};

/**
 * The server's export plan (server/routes/admin-export.ts): leads, contacts, newsletter in that order,
 * whichever were asked for; a status a collection does not have leaves it out, and so does an owner
 * filter the newsletter (it has no owners); type applies to leads only. `me`: the signed-in staff email.
 */
function plan(filters: ExportFilters, me: string | null): { target: Collection; filters: RecordFilters }[] {
  const requested = filters.collections ?? COLLECTIONS;
  const owner = filters.owner || undefined;
  // Checked once, as for leads, so a bad owner is refused even when it leaves nothing to export.
  if (owner !== undefined) parseFilters("leads", { owner }, me);
  return COLLECTIONS.filter((target) => requested.includes(target))
    .filter((target) => !filters.status || STATUSES[target].includes(filters.status))
    .filter((target) => owner === undefined || isOwnedCollection(target))
    .map((target) => ({
      target,
      filters: parseFilters(
        target,
        {
          q: filters.q,
          status: filters.status,
          type: target === "leads" ? filters.type : undefined,
          owner,
          source: filters.source,
          medium: filters.medium,
          campaign: filters.campaign,
        },
        me,
      ),
    }));
}

/** The CSV as text chunks (header first), read page by page with the one CSV implementation in src/domain. */
export async function exportCsvChunks(
  db: Firestore,
  filters: ExportFilters,
  me: string | null = null,
): Promise<string[]> {
  const parts = plan(filters, me);
  const options: CsvOptions = { extended: filters.columns === "extended" };
  const chunks = [csvHeader(options)];
  await adminCall(async () => {
    for (const part of parts) {
      const toRow = CSV_ROW[part.target] as (record: RecordsByCollection[Collection], options: CsvOptions) => string;
      const matches = filtersMatcher<Collection>(part.target, part.filters);
      let after: FirestoreKeyset | null = null;
      for (;;) {
        const { docs } = await getDocs(newestFirst(db, part.target, part.filters, after, EXPORT_PAGE_SIZE));
        const rows: string[] = [];
        for (const snapshot of docs) {
          const record = toRecord(part.target, snapshot.id, snapshot.data());
          if (matches(record)) rows.push(toRow(record, options));
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
