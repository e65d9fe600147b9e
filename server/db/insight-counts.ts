import { sql, type RawBuilder } from "kysely";
import {
  daysBetween,
  dayMs,
  dayOf,
  funnelFrom,
  mondayOf,
  perDayFrom,
  responseRows,
  timesOf,
  TOP_SOURCES,
  type Insights,
  type ResponseTimes,
} from "../../src/domain/insights";
import type { Db } from "./schema";

// The Insights tab on SQLite (docs/decisions/0032-insight-counts.md). Counts are sums over insight_counts,
// which triggers keep per day (migration 0016): a range costs its days times the combinations each day
// holds, however many records arrived. Response times are a distribution, so they are read from the
// answered records themselves, through the partial covering index of migration 0016, grouped by day and
// owner with the times concatenated: one row per day and owner leaves the database, not one per record.

const DAY_MS = 86_400_000;

interface Range {
  from: string;
  to: string;
  /** undefined: anyone's; null: nobody's; else a staff email. */
  owner?: string | null;
}

const num = (value: unknown) => Number(value ?? 0);

/** What insight_counts keeps for an absent source or medium (migration 0016). */
const ABSENT = "\u0001";
const present = (value: string) => (value === ABSENT ? null : value);

/** The rows of one facet for days from..to (both YYYY-MM-DD, included), with the owner filter. */
function facet(
  name: "source" | "status" | "org",
  from: string,
  to: string,
  owner: string | null | undefined,
): RawBuilder<unknown> {
  const parts = [sql`facet = ${name}`, sql`day >= ${from}`, sql`day <= ${to}`];
  // The newsletter has no owners: with an owner filter it is left out ('' is nobody's, and the newsletter's).
  if (owner === null) parts.push(sql`owner = ''`, sql`kind <> 'newsletter'`);
  else if (owner !== undefined) parts.push(sql`owner = ${owner}`);
  return sql.join(parts, sql` and `);
}

/** Every statement for a range, by name: what readInsightCounts runs (and the query-plan test reads). */
export function insightCountQueries({ from, to, owner }: Range) {
  const days = daysBetween(from, to).length;
  const previousFrom = dayOf((dayMs(from) ?? 0) - days * DAY_MS);
  const previousTo = dayOf((dayMs(from) ?? 0) - DAY_MS);
  const start = `${from}T00:00:00.000Z`;
  const end = `${dayOf((dayMs(to) ?? 0) + DAY_MS)}T00:00:00.000Z`;
  const answered = (table: "leads" | "contacts") => {
    const parts = [
      sql`created_at >= ${start}`,
      sql`created_at < ${end}`,
      sql`spam = 0`,
      sql`first_response_at is not null`,
    ];
    if (owner !== undefined) parts.push(owner === null ? sql`owner is null` : sql`owner = ${owner}`);
    // Named: with spam in the condition the planner would rather skip-scan the status index and read every row.
    return sql`select substr(created_at, 1, 10) as day, owner, group_concat((julianday(first_response_at) - julianday(created_at)) * 86400000.0) as ms
      from ${sql.table(table)} indexed by ${sql.raw(`${table}_answered_idx`)} where ${sql.join(parts, sql` and `)} group by substr(created_at, 1, 10), owner`;
  };
  return {
    perDay: sql<{
      day: string;
      kind: string;
      n: unknown;
    }>`select day, kind, sum(n) as n from insight_counts where ${facet("source", from, to, owner)} group by day, kind`,
    previousTotal: sql<{
      n: unknown;
    }>`select sum(n) as n from insight_counts where ${facet("source", previousFrom, previousTo, owner)}`,
    bySource: sql<{ a: string; b: string; n: unknown }>`
      select a, b, sum(n) as n from insight_counts where ${facet("source", from, to, owner)} group by a, b having sum(n) > 0
      order by sum(n) desc, replace(a, char(1), ''), replace(b, char(1), '') limit ${TOP_SOURCES}`,
    funnel: sql<{
      a: string;
      b: string;
      n: unknown;
    }>`select a, b, sum(n) as n from insight_counts where ${facet("status", from, to, owner)} group by a, b having sum(n) > 0`,
    organizations: sql<{
      a: string;
      b: string;
      n: unknown;
    }>`select a, b, sum(n) as n from insight_counts where ${facet("org", from, to, owner)} group by a, b having sum(n) > 0 order by a, b`,
    answered: sql<{
      day: string;
      owner: string | null;
      ms: string;
    }>`${answered("leads")} union all ${answered("contacts")}`,
  };
}

/** Response times by the week records arrived in and by owner, from rows of (day, owner, "ms,ms,..."). */
function responseTimes(
  rows: { day: string; owner: string | null; ms: string }[],
): Pick<Insights, "responseByWeek" | "responseByOwner"> {
  const byWeek = new Map<string, number[]>();
  const byOwner = new Map<string | null, number[]>();
  const into = <K>(groups: Map<K, number[]>, key: K) => {
    const list = groups.get(key) ?? [];
    groups.set(key, list);
    return list;
  };
  for (const row of rows) {
    const week = into(byWeek, mondayOf(row.day));
    const owner = into(byOwner, row.owner);
    for (const text of row.ms.split(",")) {
      const ms = Number(text);
      week.push(ms);
      owner.push(ms);
    }
  }
  const summarise = <K>(groups: Map<K, number[]>) =>
    new Map<K, ResponseTimes>([...groups].map(([key, times]) => [key, timesOf(times)]));
  return responseRows(summarise(byWeek), summarise(byOwner));
}

export async function readInsightCounts(db: Db, range: Range): Promise<Insights> {
  const { from, to, owner } = range;
  const queries = insightCountQueries(range);
  const [perDay, previous, sources, funnel, organizations, answered] = await Promise.all([
    queries.perDay.execute(db),
    queries.previousTotal.execute(db),
    queries.bySource.execute(db),
    queries.funnel.execute(db),
    queries.organizations.execute(db),
    queries.answered.execute(db),
  ]);
  return {
    from,
    to,
    owner: owner === undefined ? null : (owner ?? "none"),
    perDay: perDayFrom(
      daysBetween(from, to),
      perDay.rows.map((row) => ({
        day: row.day,
        kind: row.kind,
        count: num(row.n),
      })),
    ),
    previousTotal: num(previous.rows[0]?.n),
    bySource: sources.rows.map((row) => ({
      source: present(row.a),
      medium: present(row.b),
      count: num(row.n),
    })),
    funnel: funnelFrom(
      funnel.rows.map((row) => ({
        source: present(row.a),
        status: row.b,
        count: num(row.n),
      })),
    ),
    ...responseTimes(answered.rows),
    organizations: organizations.rows.map((row) => ({
      organizationType: row.a,
      propertyCount: row.b,
      count: num(row.n),
    })),
  };
}
