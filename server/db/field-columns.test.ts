import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { CONTACT_FIELDS } from "../../src/domain/contact-fields";
import type { FieldList } from "../../src/domain/fields";
import { LEAD_FIELDS } from "../../src/domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../src/domain/newsletter-fields";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../src/domain/records";
import { LEAD_TYPES } from "../../src/domain/status";
import { testDatabases, type OpenDatabase } from "../test-support/databases";
import type { ContactsTable, LeadsTable, NewsletterTable } from "./schema";

// The record tables hold the collections' field lists: a column per field (but those marked `sql:
// false`), booleans as 0/1 integers, plus the retention bookkeeping and, where there is a phone, its
// E.164 form for search. The row types are checked when the project is type-checked, the tables the
// migrations made on each database at run time: a field added to a list without a migration fails
// here, naming the column.

/** The columns every record table has besides its fields. */
const BOOKKEEPING = ["statusChangedAt"] as const;

/** The column the tables with a phone have besides their fields and bookkeeping (migration 0013). */
const PHONE_SEARCH = ["phoneE164"] as const;

/** The columns the tables the spam score holds back have besides (migrations 0015, 0023): they are the ones with a spam flag. */
const SPAM_CONTENT = ["contentHash", "sourceHash"] as const;

/** A table's row as the field list says it must be: R is the list's record type. */
type RowOf<L extends FieldList, R extends { [K in keyof L]: unknown }> = {
  [K in keyof L & keyof R as L[K] extends { sql: false } ? never : K]: L[K] extends { kind: "boolean" }
    ? number | Extract<R[K], null>
    : R[K];
};

type Fields<T> = Omit<T, (typeof BOOKKEEPING)[number] | (typeof PHONE_SEARCH)[number] | (typeof SPAM_CONTENT)[number]>;

describe("the SQL row types", () => {
  it("have a column of the field's type for every field of the list, and nothing else", () => {
    expectTypeOf<Fields<LeadsTable>>().toEqualTypeOf<RowOf<typeof LEAD_FIELDS, LeadRecord>>();
    expectTypeOf<Fields<ContactsTable>>().toEqualTypeOf<RowOf<typeof CONTACT_FIELDS, ContactRecord>>();
    expectTypeOf<Fields<NewsletterTable>>().toEqualTypeOf<RowOf<typeof NEWSLETTER_FIELDS, NewsletterRecord>>();
    expectTypeOf<Pick<LeadsTable, (typeof BOOKKEEPING)[number]>>().toEqualTypeOf<{ statusChangedAt?: string | null }>();
    expectTypeOf<Pick<LeadsTable, (typeof PHONE_SEARCH)[number]>>().toEqualTypeOf<{ phoneE164: string | null }>();
    expectTypeOf<Pick<ContactsTable, (typeof PHONE_SEARCH)[number]>>().toEqualTypeOf<{ phoneE164: string | null }>();
    expectTypeOf<NewsletterTable>().not.toHaveProperty("phoneE164");
    expectTypeOf<Pick<ContactsTable, (typeof SPAM_CONTENT)[number]>>().toEqualTypeOf<{
      contentHash: string | null;
      sourceHash: string | null;
    }>();
    expectTypeOf<NewsletterTable>().not.toHaveProperty("contentHash");
    expectTypeOf<NewsletterTable>().not.toHaveProperty("sourceHash");
  });
});

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A column as the test compares it: name, SQL type family, and whether it takes null. */
const column = (name: string, type: string, nullable: boolean) => `${name} ${type}${nullable ? " null" : " not null"}`;

/** A field's column: text but for booleans; nullable where the record may hold null (ids aside, see below). */
function expectedColumns(list: FieldList, variants: readonly string[]): string[] {
  const fields = Object.entries(list).filter(([, field]) => field.sql !== false);
  const hasPhone = fields.some(([, field]) => field.kind === "phone");
  const hasSpam = fields.some(([name]) => name === "spam");
  return [
    ...fields.map(([name, field]) => {
      const nullable =
        field.nullable === true ||
        (field.variants !== undefined && variants.some((variant) => !field.variants?.[variant]));
      return column(snake(name), field.kind === "boolean" || field.kind === "score" ? "integer" : "text", nullable);
    }),
    ...BOOKKEEPING.map((name) => column(snake(name), "text", true)),
    ...(hasPhone ? PHONE_SEARCH.map((name) => column(snake(name), "text", true)) : []),
    ...(hasSpam ? SPAM_CONTENT.map((name) => column(snake(name), "text", true)) : []),
  ].sort();
}

/** SQLite says integer, PostgreSQL int4. SQLite lets a text primary key hold null, so ids are left out of that question. */
const actualColumn = ({ name, dataType, isNullable }: { name: string; dataType: string; isNullable: boolean }) =>
  column(name, /^int/i.test(dataType) ? "integer" : dataType.toLowerCase(), name === "id" ? false : isNullable);

/**
 * The table's columns. On PostgreSQL from the suite's own schema: Kysely's introspection reads every
 * schema's catalog, and fails when another suite running in parallel drops its schema meanwhile.
 */
async function columnsOf(
  open: OpenDatabase,
  table: string,
): Promise<{ name: string; dataType: string; isNullable: boolean }[]> {
  if (open.schema === undefined)
    return (await open.db.introspection.getTables()).find((candidate) => candidate.name === table)?.columns ?? [];
  const { rows } = await sql<{ name: string; dataType: string; isNullable: boolean }>`
    select column_name as name, udt_name as "dataType", is_nullable = 'YES' as "isNullable"
    from information_schema.columns where table_schema = ${open.schema} and table_name = ${table}`.execute(open.db);
  return rows;
}

const TABLES: [string, FieldList, readonly string[]][] = [
  ["leads", LEAD_FIELDS, LEAD_TYPES],
  ["contacts", CONTACT_FIELDS, []],
  ["newsletter", NEWSLETTER_FIELDS, []],
];

describe.each(testDatabases)("the record tables ($name)", (database) => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await database.open();
  });
  afterAll(() => open.close());

  it.each(TABLES)(
    "%s has a column of the right type for each field of its list, and no other",
    async (table, list, variants) => {
      const columns = (await columnsOf(open, table)).map(actualColumn).sort();
      const fix = "add a migration (server/db/migrations/, listed in server/db/migrate.ts)";
      expect(columns, `${table} as the migrations made it, against its field list: ${fix}`).toEqual(
        expectedColumns(list, variants),
      );
    },
  );
});
