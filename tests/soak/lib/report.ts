import { cpus, loadavg, totalmem } from "node:os";
import { postgresAnswers } from "./postgres";

// What every soak script prints: when and where it ran (the machine is shared, so its load too), the
// figures, and each "must hold" with its verdict. The exit code is 1 when any must-hold failed.

export interface Report {
  figure(name: string, value: string | number): void;
  mustHold(name: string, ok: boolean, detail: string): void;
  /** Prints the report and returns the exit code. */
  finish(): number;
}

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return `${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load} (shared machine)`;
}

export function createReport(title: string): Report {
  const started = new Date();
  const startLoad = loadavg()[0] ?? 0;
  const figures: [string, string][] = [];
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  return {
    figure: (name, value) =>
      figures.push([name, typeof value === "number" ? String(Math.round(value * 100) / 100) : value]),
    mustHold: (name, ok, detail) => checks.push({ name, ok, detail }),
    finish() {
      const lines = [
        "",
        `== ${title} ==`,
        `date: ${started.toISOString()} .. ${new Date().toISOString()}`,
        `machine: ${machineLine()}; 1-min load at start ${startLoad.toFixed(2)}`,
        ...figures.map(([name, value]) => `  ${name}: ${value}`),
        ...checks.map(({ name, ok, detail }) => `  [${ok ? "PASS" : "FAIL"}] ${name}: ${detail}`),
        `${checks.filter((c) => c.ok).length} passed, ${checks.filter((c) => !c.ok).length} failed`,
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
      return checks.every((c) => c.ok) ? 0 : 1;
    },
  };
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const median = (values: number[]) => percentile(values, 50);

/** Which databases to run on: SOAK_DB=sqlite|postgres|both (default both). */
export function selectedDatabases(): ("sqlite" | "postgres")[] {
  const choice = process.env.SOAK_DB ?? "both";
  if (choice === "sqlite" || choice === "postgres") return [choice];
  return ["sqlite", "postgres"];
}

/**
 * Runs a check on each selected database (SOAK_DB), in turn; an unreachable PostgreSQL is a failed
 * must-hold, not a skip. Exits with the report's verdict.
 */
export async function runOnSelectedDatabases(
  report: Report,
  runOn: (kind: "sqlite" | "postgres", report: Report) => Promise<void>,
): Promise<never> {
  for (const kind of selectedDatabases()) {
    if (kind === "postgres" && !(await postgresAnswers())) {
      report.mustHold("PostgreSQL reachable", false, "set SOAK_PG_URL or SOAK_DB=sqlite");
      continue;
    }
    await runOn(kind, report);
  }
  process.exit(report.finish());
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
