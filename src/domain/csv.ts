import { ATTRIBUTION_FIELD_NAMES, ATTRIBUTION_FIELDS, type AttributionField } from "./attribution";
import { CSV_COLUMNS } from "./csv-columns";
import { guardFormulas } from "./formula-guard";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "./records";

// The CSV export: one implementation for the server and the Firebase adapter.

/** `{prefix}-YYYY-MM-DD.csv` for the given day (UTC). */
export function csvFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

export function csvCell(value: string | null | undefined): string {
  const text = guardFormulas(value ?? "");
  // RFC 4180: quote cells with a comma, quote, CR or LF; double the quotes inside.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * The Extended CSV option's columns, after the default ones (which keep their exact order): who handles
 * the record, when it was first answered, and where it came from (attribution.ts).
 */
export const EXTENDED_CSV_COLUMNS = [
  "Owner",
  "First Response At",
  "Source Page",
  ...ATTRIBUTION_FIELD_NAMES.map((name) => ATTRIBUTION_FIELDS[name].label),
] as const;

export interface CsvOptions {
  /** Adds EXTENDED_CSV_COLUMNS to every row. */
  extended?: boolean;
}

export const csvHeader = ({ extended = false }: CsvOptions = {}): string =>
  csvLine(extended ? [...CSV_COLUMNS, ...EXTENDED_CSV_COLUMNS] : CSV_COLUMNS);

type Extended = Partial<Record<"owner" | "firstResponseAt" | "sourcePath", string | null>> &
  Record<AttributionField, string | null>;

const extendedCells = (record: Extended) => [
  record.owner,
  record.firstResponseAt,
  record.sourcePath,
  ...ATTRIBUTION_FIELD_NAMES.map((name) => record[name]),
];

export function leadCsvRow(lead: LeadRecord, { extended = false }: CsvOptions = {}): string {
  const name = lead.name || `${lead.firstName} ${lead.lastName}`.trim();
  const cells = [
    name,
    lead.email,
    lead.phone,
    lead.companyName,
    lead.type,
    lead.status,
    lead.createdAt,
    lead.challenges || lead.message,
  ];
  return csvLine(extended ? [...cells, ...extendedCells(lead)] : cells);
}

export function contactCsvRow(contact: ContactRecord, { extended = false }: CsvOptions = {}): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const cells = [
    name,
    contact.email,
    contact.phone,
    contact.companyName,
    "contact",
    contact.status,
    contact.createdAt,
    contact.message,
  ];
  return csvLine(extended ? [...cells, ...extendedCells(contact)] : cells);
}

export function newsletterCsvRow(entry: NewsletterRecord, { extended = false }: CsvOptions = {}): string {
  const cells = ["", entry.email, "", "", "newsletter", entry.status, entry.createdAt, ""];
  return csvLine(extended ? [...cells, ...extendedCells(entry)] : cells);
}
