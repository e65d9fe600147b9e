// npm run bench:bundle — the JavaScript each prerendered page loads, from the production build in build/
// (what tests/unit/bundle-size.test.ts asserts for the home page, here for every page), gzip level 9; and
// the floor, measured the same way in the same run: an empty React Router 7 framework-mode page
// (bench/empty, built here with React Router's defaults).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { NOT_FOUND_PRERENDER_PATH, PUBLIC_PATHS } from "../src/config/public-paths";
import { kib, measurePageJavaScript, modulesOf, readBundleReport } from "../scripts/page-javascript";
import { requireBuild, ROOT } from "./lib/server";
import { printTable, type Row } from "./lib/table";

const CLIENT_DIR = join(ROOT, "build", "client");
const HOME_BUDGET = 120 * 1024;

requireBuild();
const emptyBuild = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"],
  {
    cwd: join(ROOT, "bench", "empty"),
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (emptyBuild.status !== 0) throw new Error("building bench/empty failed");
const floor = await measurePageJavaScript(join(ROOT, "bench", "empty", "build", "client"), "/");
// Generated code has no place in the repository (and `eslint .` would read it).
rmSync(join(ROOT, "bench", "empty", "build"), { recursive: true, force: true });
rmSync(join(ROOT, "bench", "empty", ".react-router"), { recursive: true, force: true });
const report = readBundleReport(CLIENT_DIR);
const rows: Row[] = [
  {
    what: "Floor: an empty React Router 7 framework-mode page, gzip KB in files (+ inline)",
    goal: "",
    measured: `${kib(floor.fileGzipBytes)} (+ ${kib(floor.inlineGzipBytes)})`,
    met: null,
  },
];
for (const path of [...PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH]) {
  const page = await measurePageJavaScript(CLIENT_DIR, path);
  const files = page.scripts.filter((script) => script.via !== "inline").length;
  const forbidden = report
    ? modulesOf(page, report).filter((module) =>
        /^(node_modules\/(firebase|@firebase)\/|src\/(backend\/firebase|features\/admin|routes\/admin-))/.test(module),
      )
    : [];
  rows.push({
    what: `\`${path}\`: gzip KB in files (+ inline), files; Firebase/admin modules`,
    goal: path === "/" ? `≤ ${HOME_BUDGET / 1024} KB; 0` : "0 Firebase/admin",
    measured: `${kib(page.fileGzipBytes)} (+ ${kib(page.inlineGzipBytes)}), ${files}; ${forbidden.length}`,
    met: (path !== "/" || page.fileGzipBytes <= HOME_BUDGET) && forbidden.length === 0,
  });
}
printTable("JavaScript per public page (production build)", "npm run bench:bundle", rows, [
  "KB = 1,024 bytes. Files: every script, module preload and static import, recursively; inline: React Router's context and hydration data, React's streaming helpers.",
]);
