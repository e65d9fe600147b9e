import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS } from "../../../domain/contact-fields";
import type { FieldList } from "../../../domain/fields";
import { LEAD_FIELDS } from "../../../domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../../domain/newsletter-fields";
import { contactColumns, leadColumns, newsletterColumns } from "./columns";
import type { Column } from "./record-table";

// The tables show the fields their lists mark `dashboard`, under those headers, plus the status
// control; a field newly marked (or unmarked) fails here until columns.tsx shows it (or stops).

const context = { setStatus: async () => {}, now: 0 };
const TABLES: [string, FieldList, Column<never>[]][] = [
  ["leads", LEAD_FIELDS, leadColumns(context) as Column<never>[]],
  ["contacts", CONTACT_FIELDS, contactColumns(context) as Column<never>[]],
  ["newsletter", NEWSLETTER_FIELDS, newsletterColumns(context) as Column<never>[]],
];

/** Not a field: the status control every table ends with. */
const ACTIONS = "Actions";

describe.each(TABLES)("the %s table", (_collection, list, columns) => {
  it("has a column for each header the field list marks `dashboard`, and no other", () => {
    const marked = [...new Set(Object.values(list).flatMap((field) => field.dashboard ?? []))].sort();
    const shown = columns
      .map((column) => column.header)
      .filter((header) => header !== ACTIONS)
      .sort();
    expect(shown).toEqual(marked);
  });

  it("ends with the status control", () => {
    expect(columns.at(-1)?.header).toBe(ACTIONS);
  });
});
