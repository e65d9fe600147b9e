import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS } from "./contact-fields";
import { contactCsvRow, leadCsvRow, newsletterCsvRow } from "./csv";
import { CSV_COLUMNS } from "./csv-columns";
import type { FieldDefinition, FieldList } from "./fields";
import { LEAD_FIELDS } from "./lead-fields";
import { NEWSLETTER_FIELDS } from "./newsletter-fields";

// The export's columns are the product's (csv.test.ts pins the header); which field fills which column
// is the field lists' `csv`. Each row builder is held to it: a field's value must land in its column,
// and a field without one must not reach the file at all.

type Row = (record: never) => string;

const COLLECTIONS: [string, FieldList, Row][] = [
  ["leads", LEAD_FIELDS, leadCsvRow],
  ["contacts", CONTACT_FIELDS, contactCsvRow],
  ["newsletter", NEWSLETTER_FIELDS, newsletterCsvRow],
];

/** A value only this field has (a one-value code can only hold its value). */
const marker = (name: string, field: FieldDefinition) =>
  field.kind === "enum" && field.values.length === 1 ? field.values[0]! : `m-${name}`;

/** A record with every field set to its marker, except those named in `empty`. */
function recordOf(list: FieldList, empty: (name: string, field: FieldDefinition) => boolean) {
  return Object.fromEntries(
    Object.entries(list).map(([name, field]) => [name, empty(name, field) ? "" : marker(name, field)]),
  ) as never;
}

const cells = (line: string) => line.replace(/\r\n$/, "").split(",");

describe.each(COLLECTIONS)("the CSV row of %s", (_collection, list, row) => {
  const fields = Object.entries(list);

  it.each(fields.filter(([, field]) => field.csv))("writes %s in its column", (name, field) => {
    // Other fields of the same column are fallbacks (a lead's message behind its challenges): leave them empty.
    const line = row(recordOf(list, (other, otherField) => other !== name && otherField.csv === field.csv));
    expect(cells(line)[CSV_COLUMNS.indexOf(field.csv!)]).toContain(marker(name, field));
  });

  it("writes no field the list keeps out of the export", () => {
    const line = row(recordOf(list, () => false));
    const leaked = fields
      .filter(([name, field]) => !field.csv && line.includes(marker(name, field)))
      .map(([name]) => name);
    expect(leaked, "fields without `csv` in the list that the row builder writes").toEqual([]);
  });
});

describe("the CSV columns", () => {
  it("are each filled by some field", () => {
    const filled = new Set(COLLECTIONS.flatMap(([, list]) => Object.values(list).map((field) => field.csv)));
    expect(CSV_COLUMNS.filter((column) => !filled.has(column))).toEqual([]);
  });
});
