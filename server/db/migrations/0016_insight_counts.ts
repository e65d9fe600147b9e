import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// SQLite: the Insights tab's counts kept per day as records are written (docs/decisions/0032-insight-counts.md).
//
// insight_counts holds, for each day and each combination of what the charts group by, how many records
// that are not spam arrived that day. Triggers on leads, contacts and newsletter keep it: an insert adds
// one, a delete takes one away, and an update of a counted column (status, owner, spam, ...) moves the
// record from its old combination to its new one. Rows whose count falls to 0 stay; readers sum with
// HAVING sum(n) > 0. So a range's counts cost the number of combinations in it, not the number of records.
//
// Three facets, each its own pair of columns (a, b):
// - 'source': a = utm_source, b = utm_medium (every kind: the per-day counts, totals and sources);
// - 'status': a = utm_source, b = status (leads and contacts: the funnel);
// - 'org': a = organization_type, b = property_count (leads).
// owner is '' for nobody (and for the newsletter, which has no owners). An absent source or medium is
// char(1), which no stored tag can hold (they refuse control characters), so '' and null stay apart.
//
// PostgreSQL reads the tables themselves (server/db/insights.ts): there an upsert on a shared counter row
// would hold every concurrent submission of the same day and source on that row's lock until commit.
// A response time is a distribution, not a count: it is read from the tables on both databases, here
// through a partial covering index of the answered records.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

interface Facet {
  facet: "source" | "status" | "org";
  a: string;
  b: string;
}

interface CountedTable {
  table: "leads" | "contacts" | "newsletter";
  /** The record's kind, as a column or a literal. */
  kind: string;
  owner: string | null;
  spam: boolean;
  facets: Facet[];
  /** The columns whose change moves a record between combinations. */
  columns: string[];
}

const ABSENT = "char(1)";
const SOURCE: Facet = { facet: "source", a: "utm_source", b: "utm_medium" };
const STATUS: Facet = { facet: "status", a: "utm_source", b: "status" };
const ORG: Facet = {
  facet: "org",
  a: "organization_type",
  b: "property_count",
};

const COUNTED: CountedTable[] = [
  {
    table: "leads",
    kind: "type",
    owner: "owner",
    spam: true,
    facets: [SOURCE, STATUS, ORG],
    columns: [
      "type",
      "created_at",
      "owner",
      "spam",
      "status",
      "utm_source",
      "utm_medium",
      "organization_type",
      "property_count",
    ],
  },
  {
    table: "contacts",
    kind: "'contact'",
    owner: "owner",
    spam: true,
    facets: [SOURCE, STATUS],
    columns: ["created_at", "owner", "spam", "status", "utm_source", "utm_medium"],
  },
  {
    table: "newsletter",
    kind: "'newsletter'",
    owner: null,
    spam: false,
    facets: [SOURCE],
    columns: ["created_at", "utm_source", "utm_medium"],
  },
];

/** A column of `row` (new, old or a table alias) as the counts key it. */
const keyed = (row: string, column: string, nullable: boolean) =>
  nullable ? `coalesce(${row}.${column}, ${ABSENT})` : `${row}.${column}`;
const kindOf = (row: string, kind: string) => (kind.startsWith("'") ? kind : `${row}.${kind}`);
const ownerOf = (row: string, owner: string | null) => (owner === null ? "''" : `coalesce(${row}.${owner}, '')`);
/** utm_* may be absent; status, organization_type and property_count never are. */
const nullable = (column: string) => column.startsWith("utm_");

function values(row: string, counted: CountedTable, facet: Facet) {
  return `'${facet.facet}', substr(${row}.created_at, 1, 10), ${kindOf(row, counted.kind)}, ${ownerOf(row, counted.owner)}, ${keyed(row, facet.a, nullable(facet.a))}, ${keyed(row, facet.b, nullable(facet.b))}`;
}

const counted = (row: string, table: CountedTable) => (table.spam ? `${row}.spam = 0` : "1 = 1");

function add(table: CountedTable, facet: Facet) {
  return `insert into insight_counts (facet, day, kind, owner, a, b, n) select ${values("new", table, facet)}, 1 where ${counted("new", table)}
    on conflict (facet, day, kind, owner, a, b) do update set n = n + 1;`;
}

function remove(table: CountedTable, facet: Facet) {
  const key = [
    `facet = '${facet.facet}'`,
    "day = substr(old.created_at, 1, 10)",
    `kind = ${kindOf("old", table.kind)}`,
    `owner = ${ownerOf("old", table.owner)}`,
    `a = ${keyed("old", facet.a, nullable(facet.a))}`,
    `b = ${keyed("old", facet.b, nullable(facet.b))}`,
  ];
  return `update insight_counts set n = n - 1 where ${counted("old", table)} and ${key.join(" and ")};`;
}

function backfill(table: CountedTable, facet: Facet) {
  const row = table.table;
  const select = values(row, table, facet);
  return `insert into insight_counts (facet, day, kind, owner, a, b, n) select ${select}, count(*) from ${row} where ${counted(row, table)} group by 1, 2, 3, 4, 5, 6`;
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`
    create table insight_counts (
      facet text not null check (facet in ('source', 'status', 'org')),
      day text not null,
      kind text not null check (kind in ('signup', 'demo', 'contact', 'newsletter')),
      owner text not null,
      a text not null,
      b text not null,
      n integer not null,
      primary key (facet, day, kind, owner, a, b)
    ) without rowid`.execute(db);
  for (const table of COUNTED) {
    for (const facet of table.facets) await sql.raw(backfill(table, facet)).execute(db);
    await sql
      .raw(
        `create trigger ${table.table}_insight_insert after insert on ${table.table} begin ${table.facets.map((facet) => add(table, facet)).join(" ")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table.table}_insight_delete after delete on ${table.table} begin ${table.facets.map((facet) => remove(table, facet)).join(" ")} end`,
      )
      .execute(db);
    const changed = table.columns.map((column) => `old.${column} is not new.${column}`).join(" or ");
    await sql
      .raw(
        `create trigger ${table.table}_insight_update after update on ${table.table} when ${changed} begin ${table.facets.map((facet) => remove(table, facet)).join(" ")} ${table.facets.map((facet) => add(table, facet)).join(" ")} end`,
      )
      .execute(db);
  }
  // The response times' read: answered records by arrival, with what it groups and filters by.
  for (const table of ["leads", "contacts"]) {
    await sql
      .raw(
        `create index ${table}_answered_idx on ${table} (created_at, spam, owner, first_response_at) where first_response_at is not null`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of ["leads", "contacts"]) await sql.raw(`drop index ${table}_answered_idx`).execute(db);
  for (const { table } of COUNTED) {
    for (const event of ["insert", "delete", "update"])
      await sql.raw(`drop trigger ${table}_insight_${event}`).execute(db);
  }
  await sql`drop table insight_counts`.execute(db);
}
