import * as Plot from "@observablehq/plot";
import { FUNNEL_STAGES, type Insights } from "../../../domain/insights";
import { bandLabel, organizationLabel, sourceLabel, type InsightChart } from "./insight-charts";

// The Insights charts, drawn with Observable Plot (decision 0031) as SVG. Loaded with the tab only (a
// dynamic import), never with a public page. Each chart is labelled with its title and described by its
// summary; its numbers are in the table beside it.

const KIND_LABELS = {
  signup: "Signups",
  demo: "Demo requests",
  contact: "Contact messages",
  newsletter: "Newsletter",
} as const;
const MINUTE = 60_000;
const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

type Draw = (data: Insights, width: number) => SVGSVGElement | HTMLElement;

const DRAW: Record<InsightChart["id"], Draw> = {
  "per-day": (data, width) =>
    Plot.plot({
      width,
      height: 260,
      x: { type: "utc", label: null },
      y: { label: "Records", grid: true },
      color: { legend: true, domain: Object.values(KIND_LABELS) },
      marks: [
        Plot.rectY(
          data.perDay.flatMap((day) =>
            (Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((kind) => ({
              day: utcDay(day.day),
              kind: KIND_LABELS[kind],
              count: day[kind],
            })),
          ),
          { x: "day", y: "count", fill: "kind", interval: "day", tip: true },
        ),
        Plot.ruleY([0]),
      ],
    }),
  "by-source": (data, width) =>
    Plot.plot({
      width,
      marginLeft: 160,
      height: Math.max(80, data.bySource.length * 26 + 40),
      x: { label: "Records", grid: true },
      y: { label: null },
      marks: [
        Plot.barX(data.bySource, {
          y: (row) => `${sourceLabel(row.source)} / ${row.medium ?? "(none)"}`,
          x: "count",
          fill: "#1d4ed8",
          sort: { y: "-x" },
          tip: true,
        }),
        Plot.ruleX([0]),
      ],
    }),
  funnel: (data, width) =>
    Plot.plot({
      width,
      marginLeft: 110,
      height: Math.max(80, data.funnel.length * 28 + 60),
      x: { label: "Leads and contacts", grid: true },
      y: { label: null },
      color: { legend: true, domain: [...FUNNEL_STAGES] },
      marks: [
        Plot.barX(
          data.funnel.flatMap((row) =>
            FUNNEL_STAGES.map((stage) => ({ source: sourceLabel(row.source), stage, count: row[stage] })),
          ),
          { y: "source", x: "count", fill: "stage", tip: true },
        ),
        Plot.ruleX([0]),
      ],
    }),
  "response-week": (data, width) => {
    const points = data.responseByWeek.flatMap((week) => [
      { week: utcDay(week.week), which: "median", minutes: week.medianMs === null ? null : week.medianMs / MINUTE },
      { week: utcDay(week.week), which: "p90", minutes: week.p90Ms === null ? null : week.p90Ms / MINUTE },
    ]);
    return Plot.plot({
      width,
      height: 240,
      x: { type: "utc", label: null },
      y: { label: "Minutes", grid: true },
      color: { legend: true, domain: ["median", "p90"] },
      marks: [
        Plot.lineY(points, { x: "week", y: "minutes", stroke: "which", marker: "circle", tip: true }),
        Plot.ruleY([0]),
      ],
    });
  },
  "response-owner": (data, width) => {
    const points = data.responseByOwner.flatMap((row) => [
      {
        owner: row.owner ?? "Unassigned",
        which: "median",
        minutes: row.medianMs === null ? null : row.medianMs / MINUTE,
      },
      { owner: row.owner ?? "Unassigned", which: "p90", minutes: row.p90Ms === null ? null : row.p90Ms / MINUTE },
    ]);
    return Plot.plot({
      width,
      marginLeft: 170,
      height: Math.max(80, data.responseByOwner.length * 30 + 60),
      x: { label: "Minutes", grid: true },
      y: { label: null },
      color: { legend: true, domain: ["median", "p90"] },
      marks: [Plot.dot(points, { y: "owner", x: "minutes", fill: "which", r: 5, tip: true }), Plot.ruleX([0])],
    });
  },
  organizations: (data, width) =>
    Plot.plot({
      width,
      marginLeft: 200,
      height: Math.max(100, new Set(data.organizations.map((row) => row.organizationType)).size * 34 + 60),
      x: { label: "Properties", domain: [...new Set(data.organizations.map((row) => bandLabel(row.propertyCount)))] },
      y: { label: null },
      color: { scheme: "blues", legend: true, label: "Leads" },
      marks: [
        Plot.cell(data.organizations, {
          x: (row) => bandLabel(row.propertyCount),
          y: (row) => organizationLabel(row.organizationType),
          fill: "count",
          inset: 1,
        }),
        Plot.text(data.organizations, {
          x: (row) => bandLabel(row.propertyCount),
          y: (row) => organizationLabel(row.organizationType),
          text: "count",
          fill: "black",
        }),
      ],
    }),
};

/**
 * The chart's figure (an SVG, or a figure holding its legend and SVG), for the tab to place in its image
 * box, which names and describes it. Plot labels its parts (`aria-label="bar"`) on elements that may not
 * carry one; inside an image those would only be noise, so they are taken off and the figure hidden.
 */
export function drawChart(chart: InsightChart, data: Insights, width: number): Element {
  const figure = DRAW[chart.id](data, width);
  for (const part of [figure, ...figure.querySelectorAll("[aria-label], [aria-description]")]) {
    part.removeAttribute("aria-label");
    part.removeAttribute("aria-description");
  }
  figure.setAttribute("aria-hidden", "true");
  return figure;
}
