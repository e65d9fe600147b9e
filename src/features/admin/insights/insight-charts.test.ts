import { describe, expect, it } from "vitest";
import { changeSummary, defaultRange, rangeErrors, type Insights } from "../../../domain/insights";
import { insightCharts, UNAVAILABLE_NOTE } from "./insight-charts";

const DATA: Insights = {
  from: "2026-11-01",
  to: "2026-11-03",
  owner: null,
  perDay: [
    { day: "2026-11-01", signup: 2, demo: 1, contact: 0, newsletter: 1 },
    { day: "2026-11-02", signup: 0, demo: 0, contact: 3, newsletter: 0 },
    { day: "2026-11-03", signup: 1, demo: 0, contact: 0, newsletter: 0 },
  ],
  previousTotal: 8,
  bySource: [
    { source: "newsletter", medium: "email", count: 6 },
    { source: null, medium: null, count: 2 },
  ],
  funnel: [
    { source: "newsletter", new: 2, contacted: 2, qualified: 1, closed: 0 },
    { source: null, new: 2, contacted: 0, qualified: 0, closed: 0 },
  ],
  responseByWeek: [{ week: "2026-10-26", count: 3, medianMs: 12 * 60_000, p90Ms: 65 * 60_000 }],
  responseByOwner: [
    { owner: "ama@erf.test", count: 2, medianMs: 30 * 60_000, p90Ms: 60 * 60_000 },
    { owner: null, count: 1, medianMs: 5 * 60_000, p90Ms: 5 * 60_000 },
  ],
  organizations: [
    { organizationType: "landlord", propertyCount: "1-5", count: 2 },
    { organizationType: "investor", propertyCount: "51-200", count: 1 },
  ],
};

describe("the Insights charts in words and tables", () => {
  it("sums up each chart and tables its numbers", () => {
    const charts = Object.fromEntries(insightCharts(DATA).map((chart) => [chart.id, chart]));
    expect(charts["per-day"]!.summary).toBe("Records level with the previous 3 days");
    expect(charts["per-day"]!.table.rows[0]).toEqual(["2026-11-01", 2, 1, 0, 1, 4]);
    expect(charts["by-source"]!.summary).toBe("Most came from newsletter / email: 6 of 8 (75%)");
    expect(charts["by-source"]!.table.rows[1]).toEqual(["(none)", "(none)", 2]);
    expect(charts.funnel!.summary).toBe("43% of 7 leads and contacts are past new; 14% qualified or closed");
    expect(charts["response-week"]!.summary).toContain(
      "Week of 2026-10-26: median 12 min, p90 1 h 5 min over 3 answered",
    );
    expect(charts["response-owner"]!.summary).toBe("3 answered; fastest median: unassigned, 5 min");
    expect(charts.organizations!.summary).toBe("Most leads: Individual Landlord, 1-5 properties (2)");
    expect(Object.values(charts).every((chart) => !chart.empty)).toBe(true);
  });

  it("says so when a range holds nothing", () => {
    const empty: Insights = {
      ...DATA,
      perDay: DATA.perDay.map((day) => ({ ...day, signup: 0, demo: 0, contact: 0, newsletter: 0 })),
      previousTotal: 0,
      bySource: [],
      funnel: [],
      responseByWeek: [],
      responseByOwner: [],
      organizations: [],
    };
    const charts = insightCharts(empty);
    expect(charts.every((chart) => chart.empty)).toBe(true);
    expect(charts[0]!.summary).toBe("No records in this range or the previous 3 days");
  });

  it("marks what the back end cannot work out (Firebase) with a note, and no table", () => {
    const charts = insightCharts({
      ...DATA,
      bySource: [],
      funnel: [],
      responseByWeek: [],
      responseByOwner: [],
      unavailable: ["bySource", "funnel", "responseByWeek", "responseByOwner"],
    });
    const missing = charts.filter((chart) => chart.unavailable).map((chart) => chart.id);
    expect(missing).toEqual(["by-source", "funnel", "response-week", "response-owner"]);
    for (const chart of charts.filter((each) => each.unavailable)) {
      expect(chart.summary).toBe(UNAVAILABLE_NOTE);
      expect(chart.table.rows).toEqual([]);
    }
    expect(charts.find((chart) => chart.id === "per-day")).toMatchObject({ unavailable: false, empty: false });
    expect(insightCharts(DATA).some((chart) => chart.unavailable)).toBe(false);
  });

  it("compares with the previous range, and checks a range field by field", () => {
    expect(changeSummary("leads", 123, 100, 30)).toBe("Leads up 23% on the previous 30 days");
    expect(changeSummary("leads", 50, 100, 30)).toBe("Leads down 50% on the previous 30 days");
    expect(changeSummary("leads", 5, 0, 1)).toBe("5 leads, none in the previous day");
    expect(defaultRange(new Date("2026-11-24T15:00:00Z"))).toEqual({ from: "2026-08-27", to: "2026-11-24" });
    expect(rangeErrors("2026-11-01", "2026-11-30")).toEqual({});
    expect(rangeErrors("2026-02-30", "2026-03-01")).toEqual({ from: "Use a date as YYYY-MM-DD" });
    expect(rangeErrors("2026-03-02", "2026-03-01")).toEqual({ to: "Must not be before from" });
  });
});
