import { CompiledQuery, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { isPostgres } from "./connect";
import { personByIdQuery } from "./people";
import { personCountsQuery } from "./person-counts";
import { recordConsentQuery } from "./record-detail";
import type { Db } from "./schema";
import { personQueries } from "./timeline";
import { describeStorage } from "../test-support/storage-suite";

// The record panel's reads (a person by id, their records, timeline sources, a record's consent) and
// the lists' person counts must each be index lookups by id or email, never a scan of a whole table,
// however many rows the tables hold. The plans are checked on both databases (not timings).

const ROWS = 20_000;
const TABLES = ["leads", "contacts", "newsletter", "consents", "outbox", "notes", "workspace_events", "people"];

async function seed(db: Db) {
  const n = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ROWS)})`;
  const at = sql`'2025-01-' || (10 + i % 20) || 'T12:00:00.000Z'`;
  const email = sql`'person' || i || '@example.com'`;
  await sql`${n} insert into contacts (id, first_name, last_name, email, message, status, bot_check, created_at)
    select 'c' || i, 'F', 'L', ${email}, 'Hello', 'new', 'skipped', ${at} from n`.execute(db);
  await sql`${n} insert into leads (id, type, first_name, last_name, name, email, company_name, organization_type, property_count, status, bot_check, created_at)
    select 'l' || i, 'signup', 'F', 'L', 'F L', ${email}, 'Co', 'other', '1-5', 'new', 'skipped', ${at} from n`.execute(
    db,
  );
  await sql`${n} insert into newsletter (id, email, status, bot_check, created_at) select 'n' || i, ${email}, 'subscribed', 'skipped', ${at} from n`.execute(
    db,
  );
  await sql`${n} insert into consents (id, email, purpose, channel, action, record_collection, record_id, created_at)
    select 'k' || i, ${email}, 'newsletter', 'email', 'given', 'newsletter', 'n' || i, ${at} from n`.execute(db);
  await sql`${n} insert into outbox (id, kind, state, subject_email, record_collection, record_id, attempts, created_at, sent_at)
    select 'o' || i, 'lead-alert', 'sent', ${email}, 'leads', 'l' || i, 1, ${at}, ${at} from n`.execute(db);
  await sql`${n} insert into notes (id, collection, record_id, email, body, author, created_at)
    select 'x' || i, 'leads', 'l' || i, ${email}, 'Called', 'staff@erf.co.za', ${at} from n`.execute(db);
  await sql`${n} insert into workspace_events (id, email, collection, record_id, kind, actor, details, at)
    select 'e' || i, ${email}, 'leads', 'l' || i, 'status-changed', 'staff@erf.co.za', '{}', ${at} from n`.execute(db);
  await sql`${n} insert into people (id, email, created_at) select 'p' || i, ${email}, ${at} from n`.execute(db);
  await sql`analyze`.execute(db);
}

async function plan(db: Db, { sql: text, parameters }: CompiledQuery): Promise<string> {
  const prefix = isPostgres(db) ? "explain (costs off) " : "explain query plan ";
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + text, [...parameters]));
  return result.rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
}

/** A plan that reads `table` through an index, and no table of ours by a full scan. */
function expectIndexed(db: Db, text: string, table: string) {
  if (isPostgres(db)) {
    expect(text).toMatch(
      new RegExp(`Index (Only )?Scan (Backward )?using \\w+ on ${table}|Bitmap Index Scan on ${table}_`),
    );
    expect(text).not.toMatch(/Seq Scan/);
  } else {
    expect(text).toMatch(new RegExp(`SEARCH ${table} USING (COVERING |INTEGER PRIMARY KEY |PRIMARY KEY )?INDEX`));
    expect(text).not.toMatch(new RegExp(`SCAN (${TABLES.join("|")})\\b(?! USING)`));
  }
}

const EMAIL = "person4242@example.com";

describeStorage(
  `person and timeline reads at ${ROWS.toLocaleString("en")} rows a table`,
  (open) => {
    beforeAll(async () => {
      await seed(open.db);
    }, 60_000);

    it("finds a person by id through its primary key", async () => {
      const text = await plan(open.db, personByIdQuery(open.db, "p4242").compile());
      expectIndexed(open.db, text, "people");
    });

    it.each([
      ["leads", "leads"],
      ["contacts", "contacts"],
      ["newsletter", "newsletter"],
      ["events", "workspace_events"],
      ["notes", "notes"],
      ["consents", "consents"],
    ] as const)("reads the person's %s by email from an index", async (name, table) => {
      const text = await plan(open.db, personQueries(open.db, EMAIL)[name].compile());
      expectIndexed(open.db, text, table);
    });

    it("reads a record's consent by email from an index", async () => {
      expectIndexed(
        open.db,
        await plan(open.db, recordConsentQuery(open.db, "newsletter", "n4242", EMAIL).compile()),
        "consents",
      );
    });

    it("counts a page's people across the three tables by index lookups", async () => {
      const emails = Array.from({ length: 100 }, (_, i) => `person${i * 37 + 1}@example.com`);
      const text = await plan(open.db, personCountsQuery(emails).compile(open.db));
      for (const table of ["leads", "contacts", "newsletter"]) expectIndexed(open.db, text, table);
    });
  },
  { clear: "once" },
);
