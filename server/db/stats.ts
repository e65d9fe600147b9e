import { sql } from "kysely";
import type { DashboardStats } from "../../src/domain/admin";
import { isPostgres } from "./connect";
import type { Db } from "./schema";

/** The speed-to-lead card looks at the records that arrived in this last stretch. */
export const FIRST_RESPONSE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The median of (firstResponseAt - createdAt), in ms, over the leads and contacts created since
 * `since` that have a first response; null when none has. Both timestamps are ISO text: PostgreSQL
 * reads them as timestamptz, SQLite as Julian days. One statement; the window is a range of each
 * table's created_at index.
 */
export async function medianFirstResponseMs(db: Db, since: string): Promise<number | null> {
  const ms = isPostgres(db)
    ? sql`extract(epoch from (first_response_at::timestamptz - created_at::timestamptz)) * 1000`
    : sql`(julianday(first_response_at) - julianday(created_at)) * 86400000.0`;
  const { rows } = await sql<{ median: number | string | null }>`
    select avg(ms) as median from (
      select ms, row_number() over (order by ms) as n, count(*) over () as total from (
        select ${ms} as ms from leads where created_at >= ${since} and first_response_at is not null and spam = 0
        union all
        select ${ms} as ms from contacts where created_at >= ${since} and first_response_at is not null and spam = 0
      ) as answered
    ) as ranked
    where n in ((total + 1) / 2, (total + 2) / 2)`.execute(db);
  const median = rows[0]?.median;
  // PostgreSQL returns avg of numeric as a string.
  return median === null || median === undefined ? null : Math.round(Number(median));
}

/** The dashboard's count cards and tab totals, in three aggregate queries, and the median first response; spam left out. */
export async function dashboardStats(db: Db, now: Date): Promise<DashboardStats> {
  const [leads, contacts, newsletter, medianResponse] = await Promise.all([
    // Spam (the Spam view) is counted nowhere.
    db
      .selectFrom("leads")
      .where("spam", "=", 0)
      .select((eb) => [
        eb.fn.countAll().as("total"),
        eb.fn.countAll().filterWhere("status", "=", "new").as("fresh"),
        eb.fn.countAll().filterWhere("type", "=", "signup").as("signups"),
        eb.fn.countAll().filterWhere("type", "=", "demo").as("demos"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("contacts")
      .where("spam", "=", 0)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter")
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    medianFirstResponseMs(db, new Date(now.getTime() - FIRST_RESPONSE_WINDOW_MS).toISOString()),
  ]);
  // PostgreSQL returns count(*) as a bigint string, SQLite as a number.
  const totalLeads = Number(leads.total);
  const totalNewsletter = Number(newsletter.total);
  return {
    totalLeads,
    newLeads: Number(leads.fresh),
    signups: Number(leads.signups),
    demoRequests: Number(leads.demos),
    newsletter: totalNewsletter,
    tabs: { leads: totalLeads, contacts: Number(contacts.total), newsletter: totalNewsletter },
    medianFirstResponseMs: medianResponse,
  };
}
