import { CompiledQuery, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Collection } from "../../src/domain/status";
import { isPostgres } from "./connect";
import { listQuery, listRecords, type ListOptions } from "./record-lists";
import type { Db } from "./schema";
import { describeStorage } from "../test-support/storage-suite";

// At 100,000 rows a page must come from an index walk that stops after `limit` rows: no full scan,
// no sort. The plans are checked (not timings, which vary by machine).

const ROWS = 100_000;

async function seed(db: Db) {
  // One statement per table, generated in SQL: both databases run this recursive CTE the same way.
  const numbers = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ROWS)})`;
  // Twenty shared timestamps, so keyset ties on created_at are common.
  const createdAt = sql`'2025-01-' || (10 + i % 20) || 'T12:00:00.000Z'`;
  const status = sql`case i % 4 when 0 then 'new' when 1 then 'contacted' when 2 then 'qualified' else 'closed' end`;
  await sql`${numbers} insert into contacts (id, first_name, last_name, email, phone, message, company_name, status, bot_check, created_at)
    select 'c' || i, 'First' || i, 'Last' || i, 'person' || i || '@example.com', null, 'Hello', null, ${status}, 'skipped', ${createdAt} from n`.execute(
    db,
  );
  await sql`${numbers} insert into leads (id, type, first_name, last_name, name, email, phone, company_name, job_title, organization_type,
      property_count, message, challenges, marketing_opt_in, terms_accepted_at, status, bot_check, created_at)
    select 'l' || i, case i % 2 when 0 then 'signup' else 'demo' end, 'First' || i, 'Last' || i, 'First' || i || ' Last' || i,
      'lead' || i || '@example.com', null, 'Company ' || i, null, 'other', '1-5', null, null, null, null, ${status}, 'skipped', ${createdAt} from n`.execute(
    db,
  );
  await sql`${numbers} insert into newsletter (id, email, status, bot_check, created_at)
    select 'n' || i, 'reader' || i || '@example.com', case i % 2 when 0 then 'subscribed' else 'unsubscribed' end, 'skipped', ${createdAt} from n`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

async function plan(db: Db, collection: Collection, options: ListOptions): Promise<string> {
  const { sql: text, parameters } = listQuery(db, collection, options).compile();
  const prefix = isPostgres(db) ? "explain (costs off) " : "explain query plan ";
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + text, [...parameters]));
  return result.rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
}

const after = { createdAt: "2025-01-20T12:00:00.000Z", id: "c5000" };
const CASES: [string, Collection, ListOptions][] = [
  ["the first page", "contacts", { filters: {}, after: null, limit: 101 }],
  ["a deep page", "contacts", { filters: {}, after, limit: 101 }],
  ["a status filter", "contacts", { filters: { status: "qualified" }, after, limit: 101 }],
  ["a lead type filter", "leads", { filters: { type: "demo" }, after, limit: 101 }],
  ["type and status", "leads", { filters: { type: "signup", status: "new" }, after, limit: 101 }],
  ["a newsletter status", "newsletter", { filters: { status: "unsubscribed" }, after: null, limit: 101 }],
  // Four digits: read as a phone number too (src/domain/phone.ts), so the phone columns join the OR.
  ["a search", "leads", { filters: { q: "9999" }, after: null, limit: 101 }],
  ["a contact's phone", "contacts", { filters: { q: "0101", status: "new" }, after, limit: 101 }],
  ["an owner", "leads", { filters: { owner: "staff@erf.co.za" }, after, limit: 101 }],
  ["unassigned records", "contacts", { filters: { owner: null, status: "new" }, after: null, limit: 101 }],
  ["a source", "leads", { filters: { utmSource: "newsletter" }, after, limit: 101 }],
  ["a medium", "contacts", { filters: { utmMedium: "email" }, after: null, limit: 101 }],
  ["a campaign", "newsletter", { filters: { utmCampaign: "nov" }, after, limit: 101 }],
];

describeStorage(
  "list queries at 100,000 rows",
  (open) => {
    beforeAll(async () => {
      await seed(open.db);
    }, 60_000);

    it.each(CASES)("serves %s from an index without sorting", async (_label, collection, options) => {
      const text = await plan(open.db, collection, options);

      if (isPostgres(open.db)) {
        expect(text).toMatch(/Index (Only )?Scan Backward using \w+_created_at_id_idx/);
        expect(text).not.toMatch(/Sort|Seq Scan/);
      } else {
        expect(text).toMatch(/USING (COVERING )?INDEX \w+_created_at_id_idx/);
        expect(text).not.toMatch(/TEMP B-TREE/);
      }
    });

    it("pages through rows that share a created_at in order", async () => {
      const first = await listRecords(open.db, "contacts", { filters: {}, after: null, limit: 3 });
      const last = first.at(-1)!;
      const second = await listRecords(open.db, "contacts", {
        filters: {},
        after: { createdAt: last.createdAt, id: last.id },
        limit: 3,
      });
      const all = await listRecords(open.db, "contacts", { filters: {}, after: null, limit: 6 });
      expect([...first, ...second].map((record) => record.id)).toEqual(all.map((record) => record.id));
    });
  },
  { clear: "once" },
);
