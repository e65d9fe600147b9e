import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./planted-imports";

// The server's plain JavaScript modules (the SQLite threads' workers and what they import, which run
// without a TypeScript loader) are type-checked by `npm run typecheck` only with `// @ts-check` at their
// top: tsconfig.json allows JavaScript but checks none by default, and checking every .mjs in the
// repository (scripts, benchmarks) is not wanted.

function javascriptModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return javascriptModules(path);
    return /\.(mjs|js|cjs)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

describe("the server's JavaScript modules", () => {
  const modules = javascriptModules(join(ROOT, "server"));

  it("include the SQLite threads' workers", () => {
    expect(modules).toEqual(
      expect.arrayContaining(["server/db/sqlite/sqlite-worker.mjs", "server/db/sqlite/sqlite-checkpointer.mjs"]),
    );
  });

  it.each(modules)("%s is type-checked", (module) => {
    expect(readFileSync(join(ROOT, module), "utf8").split("\n", 1)[0]).toBe("// @ts-check");
  });
});
