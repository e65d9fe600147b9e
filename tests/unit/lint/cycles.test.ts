import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs over the tree: no import cycle, type-only
// imports included. This plants a cycle made only of `import type` (which eslint's import-x/no-cycle
// skips) and checks the same command with the same config reports it, and passes the two files without it.
const run = promisify(execFile);

async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), "erf-cycle-"));
  try {
    for (const [name, source] of Object.entries(files)) await writeFile(join(dir, name), source);
    const { stdout } = await run("npx", [
      "depcruise",
      dir,
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
    ]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, output: failed.stdout ?? String(error) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("import cycles", () => {
  it("reports a cycle made only of type imports", async () => {
    const { code, output } = await cruise({
      "a.ts": 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      "b.ts": 'import type { A } from "./a";\nexport interface B { a?: A }\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/no-circular/);
  }, 60_000);

  it("passes the same two files when only one imports the other", async () => {
    const { code, output } = await cruise({
      "a.ts": 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      "b.ts": "export interface B { name: string }\n",
    });
    expect(output).not.toMatch(/no-circular/);
    expect(code).toBe(0);
  }, 60_000);
});
