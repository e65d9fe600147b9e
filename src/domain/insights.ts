// The Insights tab's data: aggregates the server computes over a date range (and an owner filter),
// spam left out. Shared by the route (server/routes/admin-insights.ts), the port and the charts.

/** The range the tab opens with: the last 90 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 90;
/** The longest range one request may ask for. */
export const INSIGHTS_MAX_DAYS = 366;

/** The funnel's stages, in order. A record counts towards every stage up to its status. */
export const FUNNEL_STAGES = ["new", "contacted", "qualified", "closed"] as const;

export interface InsightsQuery {
  /** The first day, YYYY-MM-DD (UTC). */
  from: string;
  /** The last day, YYYY-MM-DD (UTC), included. */
  to: string;
  /**
   * "me", "none" (unassigned) or a staff email, as for the lists: only leads and contacts have owners,
   * so with it the newsletter is left out.
   */
  owner?: string;
}

/** One day's new records, by kind. */
export interface DayCount {
  day: string;
  signup: number;
  demo: number;
  contact: number;
  newsletter: number;
}

/** Records by their first touch; null where none was kept (a form sent without JavaScript, older records). */
export interface SourceCount {
  source: string | null;
  medium: string | null;
  count: number;
}

/** Leads and contacts of one source by their status now. */
export interface FunnelRow {
  source: string | null;
  new: number;
  contacted: number;
  qualified: number;
  closed: number;
}

/** First-response times (ms from arrival to the first status change or note) of a group: median and p90. */
export interface ResponseTimes {
  count: number;
  medianMs: number | null;
  p90Ms: number | null;
}

export interface Insights {
  from: string;
  to: string;
  owner: string | null;
  /** Every day of the range, oldest first, zeros included. */
  perDay: DayCount[];
  /** How many records the same number of days just before `from` brought: the summaries compare with it. */
  previousTotal: number;
  bySource: SourceCount[];
  funnel: FunnelRow[];
  /** Leads and contacts that arrived in the range, by the week (starting Monday, UTC) they arrived in. */
  responseByWeek: (ResponseTimes & { week: string })[];
  /** The same by owner (null: nobody's). */
  responseByOwner: (ResponseTimes & { owner: string | null })[];
  /** Leads by organisation type and property count band (the signup and demo forms have bands of their own). */
  organizations: { organizationType: string; propertyCount: string; count: number }[];
  /**
   * The parts this back end cannot work out, left empty: Firestore's aggregation queries count records
   * matching fixed values, so they cannot group by an open-ended value (a source) or take a median.
   */
  unavailable?: UnavailableInsight[];
}

export type UnavailableInsight = "bySource" | "funnel" | "responseByWeek" | "responseByOwner";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that is a real day, as ms since the epoch; null otherwise. */
export function dayMs(value: string): number | null {
  if (!DAY.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? null : ms;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const start = dayMs(from);
  const end = dayMs(to);
  if (start === null || end === null) return [];
  const days: string[] = [];
  for (let at = start; at <= end; at += DAY_MS) days.push(dayOf(at));
  return days;
}

/** The default range, ending on the day of `now` (UTC). */
export function defaultRange(now: Date): { from: string; to: string } {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  return { from: dayOf(today - (INSIGHTS_DEFAULT_DAYS - 1) * DAY_MS), to: dayOf(today) };
}

/** The range's checks, field by field: a real day each, from not after to, at most INSIGHTS_MAX_DAYS. */
export function rangeErrors(from: string, to: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const start = dayMs(from);
  const end = dayMs(to);
  if (start === null) errors.from = "Use a date as YYYY-MM-DD";
  if (end === null) errors.to = "Use a date as YYYY-MM-DD";
  if (start !== null && end !== null) {
    if (start > end) errors.to = "Must not be before from";
    else if ((end - start) / DAY_MS + 1 > INSIGHTS_MAX_DAYS) errors.to = `At most ${INSIGHTS_MAX_DAYS} days after from`;
  }
  return errors;
}

/** "Leads up 23% on the previous 30 days", or how it stands when there is nothing to compare with. */
export function changeSummary(what: string, total: number, previous: number, days: number): string {
  const span = days === 1 ? "the previous day" : `the previous ${days} days`;
  if (previous === 0) return total === 0 ? `No ${what} in this range or ${span}` : `${total} ${what}, none in ${span}`;
  const change = Math.round(((total - previous) / previous) * 100);
  if (change === 0) return `${capitalise(what)} level with ${span}`;
  return `${capitalise(what)} ${change > 0 ? "up" : "down"} ${Math.abs(change)}% on ${span}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The top of the source tables: at most this many sources (the most records first). */
export const TOP_SOURCES = 20;

/** Every day of `days` with its counts, zeros included, from rows of (day, kind, count). */
export function perDayFrom(days: string[], rows: Iterable<{ day: string; kind: string; count: number }>): DayCount[] {
  const byDay = new Map(days.map((day) => [day, { day, signup: 0, demo: 0, contact: 0, newsletter: 0 }]));
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (day && (row.kind === "signup" || row.kind === "demo" || row.kind === "contact" || row.kind === "newsletter"))
      day[row.kind] += row.count;
  }
  return [...byDay.values()];
}

/** The funnel from rows of (source, status, count): a row per source, the largest first, at most TOP_SOURCES. */
export function funnelFrom(rows: Iterable<{ source: string | null; status: string; count: number }>): FunnelRow[] {
  const bySource = new Map<string | null, FunnelRow>();
  for (const row of rows) {
    const entry = bySource.get(row.source) ?? { source: row.source, new: 0, contacted: 0, qualified: 0, closed: 0 };
    if ((FUNNEL_STAGES as readonly string[]).includes(row.status))
      entry[row.status as (typeof FUNNEL_STAGES)[number]] += row.count;
    bySource.set(row.source, entry);
  }
  const size = (row: FunnelRow) => row.new + row.contacted + row.qualified + row.closed;
  return [...bySource.values()]
    .sort((a, b) => size(b) - size(a) || String(a.source).localeCompare(String(b.source)))
    .slice(0, TOP_SOURCES);
}

/**
 * The median (the mean of the middle two when the count is even, as the count card's) and the p90 (the
 * nearest rank, ⌈0.9 n⌉) of response times in ms, given the count and a way to read the k-th smallest (1-based).
 */
export function timesAt(count: number, at: (rank: number) => number | undefined): ResponseTimes {
  const low = at(Math.floor((count + 1) / 2));
  const high = at(Math.floor((count + 2) / 2));
  const p90 = at(Math.floor((9 * count + 9) / 10));
  return {
    count,
    medianMs: low === undefined || high === undefined ? null : Math.round((low + high) / 2),
    p90Ms: p90 === undefined ? null : Math.round(p90),
  };
}

/** The same over a list of times, in any order. */
export function timesOf(values: ArrayLike<number>): ResponseTimes {
  const sorted = Float64Array.from(values).sort();
  return timesAt(sorted.length, (rank) => (rank >= 1 && rank <= sorted.length ? sorted[rank - 1] : undefined));
}

/** The Monday (UTC) of a day's week, YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const ms = dayMs(day.slice(0, 10)) ?? 0;
  return dayOf(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/** Response times grouped by week and by owner, in the order the tab shows them. */
export function responseRows(
  byWeek: Map<string, ResponseTimes>,
  byOwner: Map<string | null, ResponseTimes>,
): Pick<Insights, "responseByWeek" | "responseByOwner"> {
  return {
    responseByWeek: [...byWeek]
      .map(([week, times]) => ({ week, ...times }))
      .sort((a, b) => a.week.localeCompare(b.week)),
    responseByOwner: [...byOwner]
      .map(([owner, times]) => ({ owner, ...times }))
      .sort((a, b) => b.count - a.count || String(a.owner).localeCompare(String(b.owner))),
  };
}
