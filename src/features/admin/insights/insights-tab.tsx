import { BarChart3 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { defaultRange, rangeErrors, type Insights, type InsightsQuery } from "../../../domain/insights";
import { adminErrorText } from "../common/admin-error";
import { useOwnerName } from "../common/owner-names";
import { ownerChoices } from "../records/filter-bar";
import { insightCharts, type InsightChart } from "./insight-charts";

interface InsightsTabProps {
  read: (query: InsightsQuery) => Promise<Insights>;
  /** Every staff email, for the owner filter. */
  staff: readonly string[];
}

type Load = { state: "loading" } | { state: "ready"; data: Insights } | { state: "failed"; message: string };

type Plots = typeof import("./insight-plots");

/** One chart: its title, its summary, the drawing (once the chart library has loaded), and its table. */
function ChartCard({ chart, data, plots }: { chart: InsightChart; data: Insights; plots: Plots | null }) {
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const summaryId = useId();
  useEffect(() => {
    const target = box.current;
    if (!target || !plots || chart.empty) return;
    const draw = () =>
      target.replaceChildren(plots.drawChart(chart, data, Math.max(280, Math.floor(target.clientWidth))));
    draw();
    const resized = new ResizeObserver(() => draw());
    resized.observe(target);
    return () => resized.disconnect();
  }, [chart, data, plots]);
  return (
    <section
      aria-labelledby={headingId}
      data-chart={chart.id}
      data-unavailable={chart.unavailable || undefined}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {chart.title}
      </h2>
      <p id={summaryId} className="mt-1 text-sm text-slate-700" data-summary>
        {chart.summary}
      </p>
      {chart.unavailable ? null : chart.empty ? (
        <p className="mt-3 text-sm text-slate-600">Nothing to draw for this range.</p>
      ) : (
        // One image to assistive tech, named by the title and described by the summary; the table below
        // holds every number.
        <div
          ref={box}
          role="img"
          aria-labelledby={headingId}
          aria-describedby={summaryId}
          className="mt-3 min-h-24 overflow-hidden text-slate-900"
        >
          {plots ? null : <p className="text-sm text-slate-600">Drawing the chart…</p>}
        </div>
      )}
      {!chart.unavailable && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-800 underline underline-offset-2">
            Show the data table
          </summary>
          {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
          <div className="mt-2 max-h-80 overflow-auto" role="region" aria-label={`${chart.title}: data`} tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{chart.title}</caption>
              <thead>
                <tr>
                  {chart.table.columns.map((column) => (
                    <th key={column} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.table.rows.map((row, index) => (
                  <tr key={index} className="border-b border-slate-100">
                    {row.map((cell, column) => (
                      <td key={column} className={`px-2 py-1 ${typeof cell === "number" ? "tabular-nums" : ""}`}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

/**
 * The Insights tab: a date range (the last 90 days to start) and an owner, then each chart with its
 * summary and table. The numbers come from the server; the chart library loads with the tab.
 */
export function InsightsTab({ read, staff }: InsightsTabProps) {
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [owner, setOwner] = useState("");
  const [draft, setDraft] = useState(range);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [plots, setPlots] = useState<Plots | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ownerName = useOwnerName();
  const errors = rangeErrors(draft.from, draft.to);

  useEffect(() => {
    let live = true;
    import("./insight-plots").then(
      (module) => live && setPlots(module),
      (error: unknown) => console.error("The chart library did not load:", error),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setLoad({ state: "loading" });
    read({ ...range, ...(owner && { owner }) }).then(
      (data) => live && setLoad({ state: "ready", data }),
      (error: unknown) => {
        console.error("Loading insights failed:", error);
        if (live) setLoad({ state: "failed", message: adminErrorText(error, "The insights could not be loaded.") });
      },
    );
    return () => {
      live = false;
    };
  }, [read, range, owner, attempt]);

  const charts = useMemo(() => (load.state === "ready" ? insightCharts(load.data) : []), [load]);

  return (
    <div className="grid gap-4">
      <form
        aria-label="Insights range"
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(errors).length === 0) setRange(draft);
        }}
      >
        <BarChart3 aria-hidden="true" className="mb-2.5 hidden h-5 w-5 text-brand-700 sm:block" />
        {(["from", "to"] as const).map((key) => (
          <label key={key} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {key === "from" ? "From" : "To"}
            <input
              type="date"
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `insights-${key}-error` : undefined}
              className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
            />
            {errors[key] && (
              <span id={`insights-${key}-error`} className="text-xs text-red-700">
                {errors[key]}
              </span>
            )}
          </label>
        ))}
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="min-h-10"
          disabled={Object.keys(errors).length > 0}
        >
          Show
        </Button>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Owner
          <select
            value={owner}
            onChange={(event) => setOwner(event.target.value)}
            className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">All owners</option>
            {ownerChoices(staff, owner, ownerName).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p role="status" className="text-sm text-slate-700">
        {load.state === "loading"
          ? "Loading insights…"
          : load.state === "ready"
            ? `Showing ${load.data.from} to ${load.data.to}${owner ? ", one owner's leads and contacts" : ""}.`
            : ""}
      </p>
      {load.state === "failed" && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {load.message}
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      )}
      {load.state === "ready" && (
        <div className="grid gap-4 xl:grid-cols-2">
          {charts.map((chart) => (
            <ChartCard key={chart.id} chart={chart} data={load.data} plots={plots} />
          ))}
        </div>
      )}
    </div>
  );
}
