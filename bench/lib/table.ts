// Prints a bench's figures as a Markdown table, the goal beside each figure, so the output can be pasted
// into docs/performance.md as it is. A bench never fails on a timing: "met" is information.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeMachine, today } from "./machine";

export interface Row {
  what: string;
  goal: string;
  measured: string;
  /** true/false when the goal is a bound; null when the row is a context figure with no goal. */
  met: boolean | null;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** `npm run bench` collects every table of the run here (bench/.out is not committed). */
export const RUN_LOG = join(ROOT, "bench", ".out", "last-run.md");

export function printTable(title: string, command: string, rows: Row[], notes: string[] = []): void {
  const mark = (met: boolean | null) => (met === null ? "" : met ? "yes" : "**no**");
  const lines = [
    `### ${title}`,
    "",
    `${today()} · \`${command}\` · ${describeMachine()}`,
    "",
    "| | Goal | Measured | Met |",
    "|---|---|---|---|",
    ...rows.map((row) => `| ${row.what} | ${row.goal} | ${row.measured} | ${mark(row.met)} |`),
    ...(notes.length > 0 ? ["", ...notes.map((note) => `- ${note}`)] : []),
    "",
  ];
  const text = lines.join("\n");
  console.log(`\n${text}`);
  if (process.env.ERF_BENCH_LOG === "1") {
    mkdirSync(dirname(RUN_LOG), { recursive: true });
    appendFileSync(RUN_LOG, `${text}\n`);
  }
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
