import { sql } from "kysely";
import type { Db } from "./schema";

// The tables' "3 records" badge: how many records each person on a page has across the three
// collections. One statement for the whole page, each branch an index lookup by email.

/** The statement, unexecuted (its plan is checked: timeline-plans.test.ts). `emails` must not be empty. */
export function personCountsQuery(emails: readonly string[]) {
  const list = sql.join(emails.map((email) => sql`${email}`));
  return sql<{ email: string; records: number | string }>`
    select email, count(*) as records from (
      select email from leads where email in (${list})
      union all select email from contacts where email in (${list})
      union all select email from newsletter where email in (${list})
    ) as mine
    group by email
    having count(*) > 1`;
}

/** The number of records of each of `emails` (distinct, stored form), for those with more than one. */
export async function personRecordCounts(db: Db, emails: readonly string[]): Promise<Record<string, number>> {
  if (emails.length === 0) return {};
  const { rows } = await personCountsQuery(emails).execute(db);
  const counts: Record<string, number> = {};
  // PostgreSQL returns count(*) as a bigint string, SQLite as a number.
  for (const row of rows) counts[row.email] = Number(row.records);
  return counts;
}
