import { guardFormulas } from "./formula-guard";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "./records";

// The CSV export: one implementation for the server and the Firebase adapter.

export const CSV_COLUMNS = ["Name", "Email", "Phone", "Company", "Type", "Status", "Created At", "Message/Challenges"] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

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

export const csvHeader = (): string => csvLine(CSV_COLUMNS);

export function leadCsvRow(lead: LeadRecord): string {
  const name = lead.name || `${lead.firstName} ${lead.lastName}`.trim();
  return csvLine([name, lead.email, lead.phone, lead.companyName, lead.type, lead.status, lead.createdAt, lead.challenges || lead.message]);
}

export function contactCsvRow(contact: ContactRecord): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return csvLine([name, contact.email, contact.phone, contact.companyName, "contact", contact.status, contact.createdAt, contact.message]);
}

export function newsletterCsvRow(entry: NewsletterRecord): string {
  return csvLine(["", entry.email, "", "", "newsletter", entry.status, entry.createdAt, ""]);
}
