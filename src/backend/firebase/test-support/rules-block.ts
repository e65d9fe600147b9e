import { readFileSync } from "node:fs";
import { expect } from "vitest";

// For tests only. firestore.rules cannot import TypeScript, so it holds generated copies of what src/
// declares (the field checks, the consent wordings), each between a BEGIN and an END comment line; the
// tests of those copies compare them here.

/** Checks that the rules' block from the `begin` line to the `end` line is exactly `expected`, printing the difference. */
export function expectRulesBlock(begin: string, end: string, expected: string): void {
  const rules = readFileSync(new URL("../../../../firestore.rules", import.meta.url), "utf8");
  const start = rules.indexOf(begin);
  const stop = rules.indexOf(end);
  if (start < 0 || stop < start)
    throw new Error(`firestore.rules has no block from "${begin.trim()}" to "${end.trim()}"`);
  expect(rules.slice(start, stop + end.length), "replace the block in firestore.rules with the expected one").toBe(
    expected,
  );
}
