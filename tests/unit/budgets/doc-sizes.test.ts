import { readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Docs describe the current state; history and old runs live in git. Budgets in bytes (KB = 1,024):
// the README is the front door, the two reports are read whole, a decision record is one decision.
const KB = 1024;

function budgetOf(path: string): number {
  if (path === "README.md") return 8 * KB;
  if (path === "docs/performance.md" || path === "docs/reliability.md") return 15 * KB;
  if (/^docs\/decisions\/\d{4}-.*\.md$/.test(path)) return 4 * KB;
  return 25 * KB;
}

function overBudget(sizes: Array<[path: string, bytes: number]>): string[] {
  return sizes
    .filter(([path, bytes]) => bytes > budgetOf(path))
    .map(([path, bytes]) => `${path}: ${bytes} bytes, budget ${budgetOf(path)}`);
}

// The README and every Markdown file under docs/ (the only Markdown in the repository), read from the tree
// rather than from git, so the check also runs in a copy without .git (the Node LTS run's scratch tree).
const trackedDocs = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

describe("doc budgets", () => {
  it("holds every Markdown file in the repository to its size budget", () => {
    expect(trackedDocs).toContain("README.md");
    expect(trackedDocs.some((path) => path.startsWith("docs/decisions/"))).toBe(true);
    expect(overBudget(trackedDocs.map((path) => [path, statSync(path).size]))).toEqual([]);
  });

  it("names a doc that grows past its budget", () => {
    expect(
      overBudget([
        ["README.md", 8 * KB + 1],
        ["docs/decisions/0001-x.md", 4 * KB],
        ["docs/reliability.md", 20 * KB],
        ["docs/api.md", 25 * KB],
      ]),
    ).toEqual(["README.md: 8193 bytes, budget 8192", "docs/reliability.md: 20480 bytes, budget 15360"]);
  });
});
