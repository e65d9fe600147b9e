import { sql, type RawBuilder } from "kysely";
import {
  daysBetween,
  dayMs,
  dayOf,
  funnelFrom,
  perDayFrom,
  responseRows,
  timesAt,
  TOP_SOURCES,
  type DayCount,
  type FunnelRow,
  type Insights,
  type ResponseTimes,
  type SourceCount,
} from "../../src/domain/insights";
import { isPostgres } from "./connect";
import { insightCountQueries, readInsightCounts } from "./insight-counts";
import type { Db } from "./schema";

// The Insights tab's aggregates (src/domain/insights.ts), spam left out. On SQLite the counts come from
// insight_counts, kept per day by triggers (migration 0016, insight-counts.ts); on PostgreSQL from a
// handful of grouped statements over each table's created_at range. Nothing reads a record one by one.

const DAY_MS = 86_400_000;
export { TOP_SOURCES };

export interface InsightsRange {
  from: string;
  to: string;
  /** undefined: anyone's; null: nobody's; else a staff email. The newsletter has no owner: left out with it. */
  owner?: string | null;
}

/** The created_at bounds of a range of days: [from 00:00, the day after `to` 00:00). */
const bounds = (from: string, to: string) => ({
  start: `${from}T00:00:00.000Z`,
  end: `${dayOf((dayMs(to) ?? 0) + DAY_MS)}T00:00:00.000Z`,
});

const num = (value: unknown) => Number(value ?? 0);

type Owned = "leads" | "contacts";
type Table = Owned | "newsletter";

/** The WHERE of one table: the range, spam left out, and the owner filter where the table has owners. */
function where(table: Table, start: string, end: string, owner: string | null | undefined): RawBuilder<unknown> {
  const parts = [sql`created_at >= ${start}`, sql`created_at < ${end}`];
  if (table !== "newsletter") parts.push(sql`spam = 0`);
  if (owner !== undefined && table !== "newsletter")
    parts.push(owner === null ? sql`owner is null` : sql`owner = ${owner}`);
  return sql.join(parts, sql` and `);
}

/** The tables a query reads: the newsletter only without an owner filter. */
const tablesFor = (owner: string | null | undefined, withNewsletter: boolean): Table[] =>
  owner === undefined && withNewsletter ? ["leads", "contacts", "newsletter"] : ["leads", "contacts"];

/** Milliseconds from arrival to the first response, as PostgreSQL reads ISO text. */
const responseMs = sql`extract(epoch from (first_response_at::timestamptz - created_at::timestamptz)) * 1000`;

/** The Monday (UTC) of the week a record arrived in, as YYYY-MM-DD. */
const weekOf = sql`to_char(date_trunc('week', created_at::timestamptz at time zone 'UTC'), 'YYYY-MM-DD')`;

const perDayQueries = (start: string, end: string, owner: string | null | undefined) => ({
  leadsPerDay: sql<{
    day: string;
    type: string;
    n: unknown;
  }>`select substr(created_at, 1, 10) as day, type, count(*) as n from leads where ${where("leads", start, end, owner)} group by substr(created_at, 1, 10), type`,
  contactsPerDay: sql<{
    day: string;
    n: unknown;
  }>`select substr(created_at, 1, 10) as day, count(*) as n from contacts where ${where("contacts", start, end, owner)} group by substr(created_at, 1, 10)`,
  ...(owner === undefined && {
    newsletterPerDay: sql<{
      day: string;
      n: unknown;
    }>`select substr(created_at, 1, 10) as day, count(*) as n from newsletter where ${where("newsletter", start, end, owner)} group by substr(created_at, 1, 10)`,
  }),
});

async function perDay(
  db: Db,
  start: string,
  end: string,
  owner: string | null | undefined,
  days: string[],
): Promise<DayCount[]> {
  const queries = perDayQueries(start, end, owner);
  const [leads, contacts, newsletter] = await Promise.all([
    queries.leadsPerDay.execute(db),
    queries.contactsPerDay.execute(db),
    queries.newsletterPerDay
      ? queries.newsletterPerDay.execute(db)
      : Promise.resolve({ rows: [] as { day: string; n: unknown }[] }),
  ]);
  return perDayFrom(days, [
    ...leads.rows.map((row) => ({ day: row.day, kind: row.type, count: num(row.n) })),
    ...contacts.rows.map((row) => ({ day: row.day, kind: "contact", count: num(row.n) })),
    ...newsletter.rows.map((row) => ({ day: row.day, kind: "newsletter", count: num(row.n) })),
  ]);
}

const totalQueries = (start: string, end: string, owner: string | null | undefined) =>
  tablesFor(owner, true).map(
    (table) =>
      sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)} where ${where(table, start, end, owner)}`,
  );

async function total(db: Db, start: string, end: string, owner: string | null | undefined): Promise<number> {
  const counts = await Promise.all(totalQueries(start, end, owner).map((query) => query.execute(db)));
  return counts.reduce((sum, { rows }) => sum + num(rows[0]?.n), 0);
}

function bySourceQuery(start: string, end: string, owner: string | null | undefined) {
  const union = sql.join(
    tablesFor(owner, true).map(
      (table) => sql`select utm_source, utm_medium from ${sql.table(table)} where ${where(table, start, end, owner)}`,
    ),
    sql` union all `,
  );
  return sql<{ source: string | null; medium: string | null; n: unknown }>`
    select utm_source as source, utm_medium as medium, count(*) as n from (${union}) as touched
    group by utm_source, utm_medium order by count(*) desc, coalesce(utm_source, ''), coalesce(utm_medium, '') limit ${TOP_SOURCES}`;
}

async function bySource(db: Db, start: string, end: string, owner: string | null | undefined): Promise<SourceCount[]> {
  const { rows } = await bySourceQuery(start, end, owner).execute(db);
  return rows.map((row) => ({ source: row.source, medium: row.medium, count: num(row.n) }));
}

function funnelQuery(start: string, end: string, owner: string | null | undefined) {
  const union = sql.join(
    (["leads", "contacts"] as const).map(
      (table) => sql`select utm_source, status from ${sql.table(table)} where ${where(table, start, end, owner)}`,
    ),
    sql` union all `,
  );
  return sql<{ source: string | null; status: string; n: unknown }>`
    select utm_source as source, status, count(*) as n from (${union}) as worked group by utm_source, status`;
}

async function funnel(db: Db, start: string, end: string, owner: string | null | undefined): Promise<FunnelRow[]> {
  const { rows } = await funnelQuery(start, end, owner).execute(db);
  return funnelFrom(rows.map((row) => ({ source: row.source, status: row.status, count: num(row.n) })));
}

/**
 * First-response times grouped by `groupBy` (a week, or the owner): the median (the mean of the middle two
 * when the count is even, as the count card's) and the p90 (the nearest rank, ⌈0.9 n⌉). Window functions
 * rank each group's times; only the rows at those ranks leave the database.
 */
function responseQuery(start: string, end: string, owner: string | null | undefined, groupBy: "week" | "owner") {
  const group = groupBy === "week" ? weekOf : sql`owner`;
  const union = sql.join(
    (["leads", "contacts"] as const).map(
      (table) =>
        sql`select ${group} as grp, ${responseMs} as ms from ${sql.table(table)} where ${where(table, start, end, owner)} and first_response_at is not null`,
    ),
    sql` union all `,
  );
  return sql<{ grp: string | null; n: unknown; total: unknown; ms: unknown }>`
    select grp, n, total, ms from (
      select grp, ms, row_number() over (partition by grp order by ms) as n, count(*) over (partition by grp) as total from (${union}) as answered
    ) as ranked
    where n in ((total + 1) / 2, (total + 2) / 2, (9 * total + 9) / 10)`;
}

async function responseTimes(
  db: Db,
  start: string,
  end: string,
  owner: string | null | undefined,
  groupBy: "week" | "owner",
): Promise<Map<string | null, ResponseTimes>> {
  const { rows } = await responseQuery(start, end, owner, groupBy).execute(db);
  const groups = new Map<string | null, { total: number; at: Map<number, number> }>();
  for (const row of rows) {
    const entry = groups.get(row.grp) ?? { total: num(row.total), at: new Map<number, number>() };
    entry.at.set(num(row.n), Number(row.ms));
    groups.set(row.grp, entry);
  }
  const times = new Map<string | null, ResponseTimes>();
  for (const [key, { total: count, at }] of groups)
    times.set(
      key,
      timesAt(count, (rank) => at.get(rank)),
    );
  return times;
}

const organizationsQuery = (start: string, end: string, owner: string | null | undefined) =>
  sql<{ organizationType: string; propertyCount: string; n: unknown }>`
    select organization_type as "organizationType", property_count as "propertyCount", count(*) as n from leads
    where ${where("leads", start, end, owner)} group by organization_type, property_count order by organization_type, property_count`;

async function organizations(db: Db, start: string, end: string, owner: string | null | undefined) {
  const { rows } = await organizationsQuery(start, end, owner).execute(db);
  return rows.map((row) => ({
    organizationType: row.organizationType,
    propertyCount: row.propertyCount,
    count: num(row.n),
  }));
}

/** Every statement readInsights runs for a range, by name: for the query-plan test. */
export function insightsQueries(db: Db, range: InsightsRange): Record<string, RawBuilder<unknown>> {
  if (!isPostgres(db)) return insightCountQueries(range);
  const { from, to, owner } = range;
  const { start, end } = bounds(from, to);
  return {
    ...perDayQueries(start, end, owner),
    ...Object.fromEntries(totalQueries(start, end, owner).map((query, index) => [`total${index}`, query])),
    bySource: bySourceQuery(start, end, owner),
    funnel: funnelQuery(start, end, owner),
    responseByWeek: responseQuery(start, end, owner, "week"),
    responseByOwner: responseQuery(start, end, owner, "owner"),
    organizations: organizationsQuery(start, end, owner),
  };
}

/** Everything the Insights tab shows for a range (checked by the caller: src/domain/insights.ts rangeErrors). */
export async function readInsights(db: Db, range: InsightsRange): Promise<Insights> {
  if (!isPostgres(db)) return readInsightCounts(db, range);
  const { from, to, owner } = range;
  const days = daysBetween(from, to);
  const { start, end } = bounds(from, to);
  const previousStart = `${dayOf((dayMs(from) ?? 0) - days.length * DAY_MS)}T00:00:00.000Z`;
  const [perDayCounts, previousTotal, sources, funnelRows, byWeek, byOwner, orgs] = await Promise.all([
    perDay(db, start, end, owner, days),
    total(db, previousStart, start, owner),
    bySource(db, start, end, owner),
    funnel(db, start, end, owner),
    responseTimes(db, start, end, owner, "week"),
    responseTimes(db, start, end, owner, "owner"),
    organizations(db, start, end, owner),
  ]);
  return {
    from,
    to,
    owner: owner === undefined ? null : (owner ?? "none"),
    perDay: perDayCounts,
    previousTotal,
    bySource: sources,
    funnel: funnelRows,
    ...responseRows(new Map([...byWeek].map(([week, times]) => [String(week), times])), byOwner),
    organizations: orgs,
  };
}
