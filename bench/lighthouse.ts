// npm run bench:lighthouse — Lighthouse (mobile preset, default simulated throttling) on every public page of
// the production build served by the production server (precompressed brotli/gzip), median of 3 runs each,
// and in the same run the yardstick: the same home page built the naive way (bench/naive: a client-only SPA
// that loads the Firebase SDK eagerly), served the same way. Bounded: about 6 minutes; 127.0.0.1 only.
// `npm run bench:lighthouse -- /signup /faqs` measures only those pages, without the yardstick (to iterate).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PUBLIC_PATHS } from "../src/config/public-paths";
import { launchLighthouse, medianFigures, type LighthouseFigures } from "./lib/lighthouse-run";
import { requireBuild, ROOT, startBenchServer } from "./lib/server";
import { serveStatic } from "./lib/static-server";
import { ms, printTable, type Row } from "./lib/table";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const unknown = chosen.filter((path) => !(PUBLIC_PATHS as readonly string[]).includes(path));
if (unknown.length > 0) throw new Error(`not a public page: ${unknown.join(", ")} (see src/config/public-paths.ts)`);
const PAGES: readonly string[] = chosen.length > 0 ? chosen : PUBLIC_PATHS;
const withYardstick = chosen.length === 0;
const GOALS = { score: 100, lcpMs: 1_200, cls: 0, tbtMs: 50 };

function buildNaive(outDir: string) {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--config", "bench/naive/vite.config.ts"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", NAIVE_OUT_DIR: outDir },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (result.status !== 0) throw new Error("building the naive yardstick (bench/naive) failed");
}

async function medianOf(
  lighthouse: Awaited<ReturnType<typeof launchLighthouse>>,
  url: string,
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouse.run(url));
  return medianFigures(runs);
}

requireBuild();
const naiveDir = mkdtempSync(join(tmpdir(), "erf-naive-"));
if (withYardstick) buildNaive(naiveDir);
const server = await startBenchServer();
// The yardstick gets the headers the Erf server sends on a static file (its Content-Security-Policy and the
// other security headers, about 2 KB a response), so that "served the same way" holds for bytes too.
const PER_RESPONSE = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "etag",
  "last-modified",
  "date",
  "connection",
  "keep-alive",
  "vary",
  "cache-control",
]);
const erfHeaders: Record<string, string> = {};
(await fetch(`${server.url}/favicon.svg`)).headers.forEach((value, name) => {
  if (!PER_RESPONSE.has(name)) erfHeaders[name] = value;
});
const [naive, lighthouse] = await Promise.all([
  withYardstick ? serveStatic(naiveDir, erfHeaders) : null,
  launchLighthouse(),
]);
const pages = new Map<string, LighthouseFigures>();
let yardstick: LighthouseFigures | null = null;
try {
  await lighthouse.run(`${server.url}/`); // warm-up: the first run of a fresh Chromium is slower
  for (const path of PAGES) {
    pages.set(path, await medianOf(lighthouse, `${server.url}${path}`));
    process.stderr.write(`lighthouse: ${path} done\n`);
  }
  if (naive) yardstick = await medianOf(lighthouse, `${naive.url}/`);
} finally {
  await Promise.all([lighthouse.close(), server.stop(), naive?.close()]);
  rmSync(naiveDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const scores = (figures: LighthouseFigures) =>
  `${figures.performance} / ${figures.accessibility} / ${figures.bestPractices} / ${figures.seo}`;
const allHundred = (figures: LighthouseFigures) =>
  figures.performance >= GOALS.score &&
  figures.accessibility >= GOALS.score &&
  figures.bestPractices >= GOALS.score &&
  figures.seo >= GOALS.score;

const rows: Row[] = [...pages].map(([path, figures]) => ({
  what: `\`${path}\`: scores P / A / BP / SEO; LCP, CLS, TBT; JS`,
  goal: `100 each; LCP ≤ ${GOALS.lcpMs / 1000} s, CLS ${GOALS.cls}, TBT ≤ ${GOALS.tbtMs} ms`,
  measured: `${scores(figures)}; ${ms(figures.lcpMs)}, ${figures.cls.toFixed(3)}, ${ms(figures.tbtMs)}; ${kb(figures.scriptBytes)}`,
  met: allHundred(figures) && figures.lcpMs <= GOALS.lcpMs && figures.cls <= GOALS.cls && figures.tbtMs <= GOALS.tbtMs,
}));
const home = pages.get("/");
if (yardstick && home)
  rows.push(
    {
      what: "Naive yardstick `/` (client-only SPA, Firebase SDK eager): scores; LCP, CLS, TBT; JS",
      goal: "",
      measured: `${scores(yardstick)}; ${ms(yardstick.lcpMs)}, ${yardstick.cls.toFixed(3)}, ${ms(yardstick.tbtMs)}; ${kb(yardstick.scriptBytes)}`,
      met: null,
    },
    {
      what: "Home LCP as a ratio of the yardstick's",
      goal: "",
      measured: (home.lcpMs / yardstick.lcpMs).toFixed(2),
      met: null,
    },
    {
      what: "Home JavaScript bytes as a ratio of the yardstick's",
      goal: "",
      measured: (home.scriptBytes / yardstick.scriptBytes).toFixed(2),
      met: null,
    },
  );
const failing = [...pages].filter(([, figures]) => figures.failedAudits.length > 0);
printTable(
  withYardstick ? "Lighthouse, every public page" : "Lighthouse, chosen public pages",
  `npm run bench:lighthouse${withYardstick ? "" : ` -- ${PAGES.join(" ")}`}`,
  rows,
  [
    `Lighthouse 12, mobile preset with its default simulated throttling (Slow 4G, 4x CPU), Chromium ${process.env.CHROME_PATH ?? "/usr/bin/chromium"} --headless=new; median of ${RUNS} runs per page after one warm-up run; JS = script transfer size as sent (brotli bodies plus response headers; the yardstick is sent with the Erf server's headers).`,
    ...failing.map(
      ([path, figures]) => `\`${path}\` audits below 100% in some run: ${figures.failedAudits.join(", ")}`,
    ),
  ],
);
