import {
  DEMO_ORGANIZATION_TYPES,
  DEMO_PROPERTY_COUNTS,
  SIGNUP_ORGANIZATION_TYPES,
  SIGNUP_PROPERTY_COUNTS,
} from "../../../domain/options";
import { changeSummary, FUNNEL_STAGES, type Insights, type UnavailableInsight } from "../../../domain/insights";
import { formatDuration } from "../records/lead-age";

// What each Insights chart says in words and in a table: pure, so it is tested without a browser. The
// drawing itself (insight-plots.ts) takes the same rows.

export interface InsightTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface InsightChart {
  id: "per-day" | "by-source" | "funnel" | "response-week" | "response-owner" | "organizations";
  title: string;
  /** One sentence: what the chart shows at a glance. */
  summary: string;
  table: InsightTable;
  /** Nothing to draw: the chart says so instead. */
  empty: boolean;
  /** The back end cannot work this chart out (Firebase): the summary says why, and there is no table. */
  unavailable: boolean;
}

/** Why a chart is missing on a back end that cannot work it out (Insights.unavailable). */
export const UNAVAILABLE_NOTE =
  "Needs the Erf server: Firebase's aggregation queries count records with given values, so they cannot group by source or work out a median.";

const CHART_PART: Partial<Record<InsightChart["id"], UnavailableInsight>> = {
  "by-source": "bySource",
  funnel: "funnel",
  "response-week": "responseByWeek",
  "response-owner": "responseByOwner",
};

const KINDS = [
  ["signup", "Signups"],
  ["demo", "Demo requests"],
  ["contact", "Contact messages"],
  ["newsletter", "Newsletter"],
] as const;

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
export const sourceLabel = (source: string | null) => source ?? "(none)";
const touchLabel = (source: string | null, medium: string | null) => `${sourceLabel(source)} / ${medium ?? "(none)"}`;
const duration = (ms: number | null) => (ms === null ? "N/A" : formatDuration(ms));
const ORG_LABELS = new Map<string, string>(
  [...SIGNUP_ORGANIZATION_TYPES, ...DEMO_ORGANIZATION_TYPES].map((option) => [option.value, option.label]),
);
const BAND_LABELS = new Map<string, string>(
  [...SIGNUP_PROPERTY_COUNTS, ...DEMO_PROPERTY_COUNTS].map((option) => [option.value, option.label]),
);
export const organizationLabel = (value: string) => ORG_LABELS.get(value) ?? value;
export const bandLabel = (value: string) => BAND_LABELS.get(value) ?? value;

export function insightCharts(data: Insights): InsightChart[] {
  const missing = new Set(data.unavailable ?? []);
  return chartsOf(data).map((chart) => {
    const part = CHART_PART[chart.id];
    return part && missing.has(part)
      ? {
          ...chart,
          summary: UNAVAILABLE_NOTE,
          table: { columns: chart.table.columns, rows: [] },
          empty: true,
          unavailable: true,
        }
      : chart;
  });
}

function chartsOf(data: Insights): InsightChart[] {
  const total = data.perDay.reduce((sum, day) => sum + day.signup + day.demo + day.contact + day.newsletter, 0);
  const days = data.perDay.length;
  const sources = data.bySource.reduce((sum, row) => sum + row.count, 0);
  const top = data.bySource[0];
  const worked = data.funnel.reduce((sum, row) => sum + row.new + row.contacted + row.qualified + row.closed, 0);
  const beyondNew = data.funnel.reduce((sum, row) => sum + row.contacted + row.qualified + row.closed, 0);
  const won = data.funnel.reduce((sum, row) => sum + row.qualified + row.closed, 0);
  const weeks = data.responseByWeek.filter((week) => week.count > 0);
  const latest = weeks.at(-1);
  const answered = data.responseByOwner.reduce((sum, row) => sum + row.count, 0);
  const fastest = [...data.responseByOwner]
    .filter((row) => row.medianMs !== null)
    .sort((a, b) => (a.medianMs ?? 0) - (b.medianMs ?? 0))[0];
  const biggest = [...data.organizations].sort((a, b) => b.count - a.count)[0];
  return [
    {
      id: "per-day",
      title: "New records per day, by type",
      summary: changeSummary("records", total, data.previousTotal, days),
      table: {
        columns: ["Day", ...KINDS.map(([, label]) => label), "Total"],
        rows: data.perDay.map((day) => [
          day.day,
          ...KINDS.map(([key]) => day[key]),
          day.signup + day.demo + day.contact + day.newsletter,
        ]),
      },
      empty: total === 0,
      unavailable: false,
    },
    {
      id: "by-source",
      title: "Records by source and medium",
      summary: top
        ? `Most came from ${touchLabel(top.source, top.medium)}: ${top.count} of ${sources} (${share(top.count, sources)}%)`
        : "No records in this range",
      table: {
        columns: ["Source", "Medium", "Records"],
        rows: data.bySource.map((row) => [sourceLabel(row.source), row.medium ?? "(none)", row.count]),
      },
      empty: sources === 0,
      unavailable: false,
    },
    {
      id: "funnel",
      title: "Leads and contacts by status, per source",
      summary:
        worked === 0
          ? "No leads or contacts in this range"
          : `${share(beyondNew, worked)}% of ${worked} leads and contacts are past new; ${share(won, worked)}% qualified or closed`,
      table: {
        columns: ["Source", ...FUNNEL_STAGES.map((stage) => stage.charAt(0).toUpperCase() + stage.slice(1)), "Total"],
        rows: data.funnel.map((row) => [
          sourceLabel(row.source),
          ...FUNNEL_STAGES.map((stage) => row[stage]),
          FUNNEL_STAGES.reduce((sum, stage) => sum + row[stage], 0),
        ]),
      },
      empty: worked === 0,
      unavailable: false,
    },
    {
      id: "response-week",
      title: "First response per week (median and p90)",
      summary: latest
        ? `Week of ${latest.week}: median ${duration(latest.medianMs)}, p90 ${duration(latest.p90Ms)} over ${latest.count} answered`
        : "No first responses in this range",
      table: {
        columns: ["Week of", "Answered", "Median", "p90"],
        rows: data.responseByWeek.map((week) => [week.week, week.count, duration(week.medianMs), duration(week.p90Ms)]),
      },
      empty: weeks.length === 0,
      unavailable: false,
    },
    {
      id: "response-owner",
      title: "First response per owner (median and p90)",
      summary: fastest
        ? `${answered} answered; fastest median: ${fastest.owner ?? "unassigned"}, ${duration(fastest.medianMs)}`
        : "No first responses in this range",
      table: {
        columns: ["Owner", "Answered", "Median", "p90"],
        rows: data.responseByOwner.map((row) => [
          row.owner ?? "Unassigned",
          row.count,
          duration(row.medianMs),
          duration(row.p90Ms),
        ]),
      },
      empty: answered === 0,
      unavailable: false,
    },
    {
      id: "organizations",
      title: "Leads by organisation type and property count",
      summary: biggest
        ? `Most leads: ${organizationLabel(biggest.organizationType)}, ${bandLabel(biggest.propertyCount)} (${biggest.count})`
        : "No leads in this range",
      table: {
        columns: ["Organisation type", "Properties", "Leads"],
        rows: data.organizations.map((row) => [
          organizationLabel(row.organizationType),
          bandLabel(row.propertyCount),
          row.count,
        ]),
      },
      empty: data.organizations.length === 0,
      unavailable: false,
    },
  ];
}
