import type { RecordsByCollection } from "../../src/domain/admin";
import { contactCsvRow, csvHeader, leadCsvRow, newsletterCsvRow, type CsvOptions } from "../../src/domain/csv";
import type { Collection } from "../../src/domain/status";
import { listRecords, type Db, type Keyset, type ListFilters } from "../db/store";

/** Rows per query: memory stays flat however many records there are. */
export const EXPORT_PAGE_SIZE = 1_000;

/** One collection of an export, with the filters that apply to it. */
export interface ExportPart {
  collection: Collection;
  filters: ListFilters;
}

/**
 * A piece of the CSV file, and how many data rows it holds (0 for the header). Text, encoded where it
 * is sent: from the worker thread a string is copied onto the server's heap and collected like any
 * other garbage of its thread, where bytes would arrive as memory outside it that the server's (lightly
 * allocating) thread left uncollected for tens of megabytes.
 */
export interface CsvChunk {
  text: string;
  rows: number;
}

/**
 * Where an export's chunks come from: in the server's own thread (csvChunks over a Db) or in a worker
 * thread of their own (csv-thread.ts). The consumer asks for one chunk at a time, so a slow download
 * slows the reading down instead of buffering, and calls return() if it stops early.
 */
export type CsvSource = (parts: readonly ExportPart[], options?: CsvOptions) => AsyncIterator<CsvChunk, void>;

const CSV_ROW: { [C in Collection]: (record: RecordsByCollection[C], options: CsvOptions) => string } = {
  leads: leadCsvRow,
  contacts: contactCsvRow,
  newsletter: newsletterCsvRow,
};

/** The header, then the parts in order, one keyset page per chunk; a page is read when its chunk is asked for. */
export async function* csvChunks(
  reader: Db,
  parts: readonly ExportPart[],
  options: CsvOptions = {},
): AsyncGenerator<CsvChunk, void> {
  yield { text: csvHeader(options), rows: 0 };
  for (const { collection, filters } of parts) {
    const toRow = CSV_ROW[collection] as (record: RecordsByCollection[Collection], options: CsvOptions) => string;
    let after: Keyset | null = null;
    for (;;) {
      const rows: RecordsByCollection[Collection][] = await listRecords(reader, collection, {
        filters,
        after,
        limit: EXPORT_PAGE_SIZE,
      });
      if (rows.length > 0) yield { text: rows.map((row) => toRow(row, options)).join(""), rows: rows.length };
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE_SIZE || !last) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
