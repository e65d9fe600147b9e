import { join } from "node:path";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { ALLOWED, plantedSource, ROOT, VIOLATIONS, type PlantedFile } from "./planted-imports";

// The project's own lint config, plus no-unresolved: a layer rule skips an import it cannot resolve, so an
// allowed import passing must be seen to have been resolved, not just ignored.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import-x/no-unresolved": "error" } } });

async function importReports(planted: PlantedFile): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(plantedSource(planted), { filePath: join(ROOT, planted.file) });
  if (!result) throw new Error(`no lint result for ${planted.file}`);
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.ruleId?.startsWith("import-x/"));
}

describe("import layers", () => {
  it.each(VIOLATIONS.map((planted) => [planted.name, planted] as const))("reports %s", async (_name, planted) => {
    const reports = await importReports(planted);
    expect(reports.map(({ ruleId }) => ruleId)).not.toContain("import-x/no-unresolved");
    expect(reports).toContainEqual(
      expect.objectContaining({ ruleId: planted.rule, message: expect.stringContaining(planted.message) }),
    );
  });

  it.each(ALLOWED.map((planted) => [planted.name, planted] as const))("allows %s", async (_name, planted) => {
    expect(await importReports(planted)).toEqual([]);
  });
});
