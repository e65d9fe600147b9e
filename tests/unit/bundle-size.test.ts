import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_PRERENDER_PATH, PUBLIC_PATHS } from "../../src/config/public-paths";
import {
  kib,
  measurePageJavaScript,
  modulesOf,
  pageHtmlFile,
  readBundleReport,
  type PageJavaScript,
} from "../../scripts/page-javascript";
import type { BundleReport } from "../../scripts/vite-plugin-bundle-report";

// The budgets of the performance issue, on the production build (sizes are deterministic; timings are
// measured by `npm run bench`, never asserted). KB here is KiB, the unit of the reference point:
// an empty React Router 7 framework-mode page loads 109,035 bytes of gzip JavaScript, "about 106 KB".
// Plus the 1 KB the capture-intelligence issue allows attribution capture (it measured 478 bytes:
// docs/performance.md, "Bundle").
const HOME_BUDGET_BYTES = 121 * 1024;

// Code that must never load on a public page: the staff dashboard and its back end, and Firebase (the SDK
// and our adapter, which load only when a form is sent).
const FORBIDDEN_ON_PUBLIC_PAGES: Array<[string, RegExp]> = [
  ["admin", /^src\/(features\/admin\/|routes\/admin-|backend\/(admin-backend|admin-port|http\/admin|firebase\/admin))/],
  ["Firebase", /^(node_modules\/(firebase|@firebase)\/|src\/backend\/firebase\/)/],
];

const ROOT = join(import.meta.dirname, "..", "..");
const CLIENT_DIR = join(ROOT, "build", "client");
const PAGES = [...PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH];
// What the browser build is made from; a build older than any of these is rebuilt before measuring.
const BUILD_INPUTS = [
  "src",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build.mjs",
  "scripts/vite-plugin-bundle-report.ts",
  "scripts/vite-plugin-lean-lucide.ts",
];

/** Newest modification time under a path (a file, or a folder walked recursively). */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * The production build, built here when it is missing or older than the sources (a stale build would make
 * this test measure the wrong thing). Under `npm test` the e2e project's global setup has just built it.
 */
function ensureFreshBuild(): BundleReport {
  const report = () => readBundleReport(CLIENT_DIR);
  const builtAt = newestChange(join(ROOT, "build", "bundle-modules.json"));
  const sourcesChangedAt = Math.max(...BUILD_INPUTS.map((path) => newestChange(join(ROOT, path))));
  if (!existsSync(join(CLIENT_DIR, "index.html")) || !report() || builtAt < sourcesChangedAt) {
    console.log("bundle-size: build/client is missing or older than the sources; running `npm run build`");
    execSync("npm run build", { cwd: ROOT, stdio: "inherit", env: { ...process.env, ERF_BUILD_DIR: "" } });
  }
  const built = report();
  if (!built)
    throw new Error("npm run build did not write build/bundle-modules.json (see scripts/vite-plugin-bundle-report.ts)");
  return built;
}

let report: BundleReport;
const pages = new Map<string, PageJavaScript>();

beforeAll(async () => {
  report = ensureFreshBuild();
  for (const path of PAGES) pages.set(path, await measurePageJavaScript(CLIENT_DIR, path));
}, 180_000);

describe("production bundle", () => {
  it(`loads at most ${HOME_BUDGET_BYTES / 1024} KB gzip of JavaScript on the home page`, () => {
    const home = pages.get("/")!;
    const files = home.scripts.filter((script) => script.via !== "inline");
    // Printed so a failure says where the bytes went.
    console.log(
      `home page: ${kib(home.fileGzipBytes)} KB gzip in ${files.length} files (+ ${kib(home.inlineGzipBytes)} KB inline)\n` +
        files
          .map(
            (script) =>
              `  ${String(script.gzipBytes).padStart(7)}  ${script.url}  ${Object.keys(
                report[script.url.slice(1)] ?? {},
              )
                .slice(0, 4)
                .join(", ")}`,
          )
          .join("\n"),
    );
    expect(files.length).toBeGreaterThan(1); // the page really loads its scripts
    expect(home.fileGzipBytes).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
  });

  for (const [name, pattern] of FORBIDDEN_ON_PUBLIC_PAGES) {
    it(`loads no ${name} code on any public page`, () => {
      for (const [path, page] of pages) {
        const offending = modulesOf(page, report).filter((module) => pattern.test(module));
        expect(offending, `${path} loads ${name} code`).toEqual([]);
      }
    });
  }

  it("ships production builds of React and React Router only", () => {
    for (const [path, page] of pages) {
      const development = modulesOf(page, report).filter((module) =>
        /\.development\.js$|react-router\/dist\/development\//.test(module),
      );
      expect(development, `${path} loads development builds (was the build run with NODE_ENV=test?)`).toEqual([]);
    }
  });

  it("names each static island once per page (a client-side navigation finds an island's HTML by its name)", () => {
    for (const path of PAGES) {
      const names = [...readFileSync(pageHtmlFile(CLIENT_DIR, path), "utf8").matchAll(/data-island="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(names.length, `${path} has no static island`).toBeGreaterThan(0);
      expect(
        names.filter((name, index) => names.indexOf(name) !== index),
        path,
      ).toEqual([]);
    }
  });

  it("knows the modules of every file a public page loads (so the checks above cannot pass by not seeing them)", () => {
    for (const [path, page] of pages) {
      const unknown = page.scripts.filter(
        (script) =>
          script.via !== "inline" && !report[script.url.slice(1)] && !/\/manifest-[\w-]+\.js$/.test(script.url),
      );
      expect(
        unknown.map((script) => script.url),
        path,
      ).toEqual([]);
    }
  });
});
