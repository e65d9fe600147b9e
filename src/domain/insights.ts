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
}

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
