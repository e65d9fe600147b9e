import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "vite";

/** Where the report lands: beside build/client, so the site server never serves it. */
export const BUNDLE_REPORT_FILE = "bundle-modules.json";

/** Chunk file name (relative to build/client) -> repository-relative source module -> its bytes in the chunk. */
export type BundleReport = Record<string, Record<string, number>>;

/**
 * Writes which modules went into which chunk of the browser build, so tests and benches can tell what a page
 * loads (tests/unit/bundle-size.test.ts: no admin or Firebase code on public pages) without source maps.
 */
export function bundleReport(): Plugin {
  const root = process.cwd();
  return {
    name: "erf:bundle-report",
    apply: "build",
    generateBundle(options, bundle) {
      if (!options.dir) return;
      const report: BundleReport = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          // Modules tree-shaken to nothing are still listed; only code that is there counts.
          if (info.renderedLength === 0) continue;
          const name = id.startsWith("\0")
            ? id.slice(1)
            : relative(root, id.replace(/\?.*$/, "")).split("\\").join("/");
          modules[name] = (modules[name] ?? 0) + info.renderedLength;
        }
        report[output.fileName] = modules;
      }
      const file = join(dirname(options.dir), BUNDLE_REPORT_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}
