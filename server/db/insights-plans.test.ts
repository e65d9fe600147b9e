import { CompiledQuery, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { isPostgres } from "./connect";
import { insightsQueries } from "./insights";
import type { Db } from "./schema";
import { describeStorage } from "../test-support/storage-suite";

// The Insights tab's statements read each table through an index on created_at (or on owner and
// created_at with the owner filter): a 30-day range of a year of records reads that month, never the
// whole table. On SQLite the counts come from insight_counts, read by its primary key (facet, then day):
// that month's combinations only. The plans are checked on both databases (timings are bench:insights's).

const ROWS = 20_000;

async function seed(db: Db) {
  const n = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ROWS)})`;
  // Spread over 2025: about 55 records a day in each table.
  const at = isPostgres(db)
    ? sql`to_char(timestamp '2025-01-01' + (i * interval '1577 seconds'), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2025-01-01', '+' || (i * 1577) || ' seconds')`;
  const email = sql`'person' || i || '@example.com'`;
  const owner = sql`case when i % 3 = 0 then null else 'staff' || (i % 3) || '@erf.co.za' end`;
  await sql`${n} insert into contacts (id, first_name, last_name, email, message, status, owner, bot_check, created_at)
    select 'c' || i, 'F', 'L', ${email}, 'Hello', 'new', ${owner}, 'skipped', ${at} from n`.execute(db);
  await sql`${n} insert into leads (id, type, first_name, last_name, name, email, company_name, organization_type, property_count, status, owner, bot_check, created_at)
    select 'l' || i, 'signup', 'F', 'L', 'F L', ${email}, 'Co', 'other', '1-5', 'new', ${owner}, 'skipped', ${at} from n`.execute(
    db,
  );
  await sql`${n} insert into newsletter (id, email, status, bot_check, created_at) select 'n' || i, ${email}, 'subscribed', 'skipped', ${at} from n`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

async function plan(db: Db, { sql: text, parameters }: CompiledQuery): Promise<string> {
  const prefix = isPostgres(db) ? "explain (costs off) " : "explain query plan ";
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + text, [...parameters]));
  return result.rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
}

/** Each record table the statement names is read through an index, none by a full scan. */
function expectIndexed(db: Db, text: string, tables: string[]) {
  for (const table of tables) {
    if (isPostgres(db))
      expect(text).toMatch(
        new RegExp(`Index (Only )?Scan (Backward )?using \\w+ on ${table}|Bitmap Index Scan on ${table}_`),
      );
    else if (table === "insight_counts")
      expect(text).toMatch(/SEARCH insight_counts USING PRIMARY KEY \(facet=\? AND day>\? AND day<\?\)/);
    else expect(text).toMatch(new RegExp(`SEARCH ${table} USING (COVERING )?INDEX`));
  }
  if (isPostgres(db)) expect(text).not.toMatch(/Seq Scan on (leads|contacts|newsletter)/);
  else expect(text).not.toMatch(/SCAN (leads|contacts|newsletter|insight_counts)\b(?! USING)/);
}

const tablesOf = (text: string) =>
  ["leads", "contacts", "newsletter", "insight_counts"].filter((table) =>
    new RegExp(`\\b(from|join) "?${table}\\b`).test(text),
  );

describeStorage(
  `insights statements at ${ROWS.toLocaleString("en")} rows a table`,
  (open) => {
    beforeAll(async () => {
      await seed(open.db);
    }, 60_000);

    it.each([
      ["anyone's", undefined],
      ["one owner's", "staff1@erf.co.za"],
      ["nobody's", null],
    ] as const)("reads a month of %s records through indexes, in every statement", async (_, owner) => {
      const queries = insightsQueries(open.db, {
        from: "2025-06-01",
        to: "2025-06-30",
        ...(owner !== undefined && { owner }),
      });
      expect(Object.keys(queries).length).toBeGreaterThanOrEqual(
        isPostgres(open.db) ? (owner === undefined ? 11 : 9) : 6,
      );
      for (const [name, query] of Object.entries(queries)) {
        const compiled = query.compile(open.db);
        const tables = tablesOf(compiled.sql);
        expect(tables.length, name).toBeGreaterThan(0);
        const text = await plan(open.db, compiled);
        try {
          expectIndexed(open.db, text, tables);
        } catch (error) {
          throw new Error(`${name}:\n${text}\n${String(error)}`);
        }
      }
    });
  },
  { clear: "once" },
);
