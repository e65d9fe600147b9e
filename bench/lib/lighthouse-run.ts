// Lighthouse 12 with its default (mobile) configuration: a Moto G Power-sized screen, simulated Slow 4G
// (150 ms RTT, 1.6 Mbps down) and a 4x CPU slowdown. One Chromium (Debian's, CHROME_PATH) serves every run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Transfer size of every script the page loaded, in bytes (as sent: compressed). */
  scriptBytes: number;
  /** Ids of the audits that failed, for the report when a score is below 100. */
  failedAudits: string[];
}

export interface Lighthouse {
  run(url: string): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

export async function launchLighthouse(): Promise<Lighthouse> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  return {
    async run(url) {
      if (!url.startsWith("http://127.0.0.1:")) throw new Error("benches only talk to 127.0.0.1");
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
      const summary = audits["resource-summary"]?.details as
        { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
      const failedAudits = Object.values(categories)
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      return {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbtMs: numeric("total-blocking-time"),
        fcpMs: numeric("first-contentful-paint"),
        scriptBytes: summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? NaN,
        failedAudits: [...new Set(failedAudits)],
      };
    },
    async close() {
      chrome.kill();
    },
  };
}

/** The median run by each figure on its own (scores and metrics), over several runs of one page. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const middle = <T>(values: T[], key: (value: T) => number) => {
    const sorted = [...values].sort((a, b) => key(a) - key(b));
    return key(sorted[Math.floor(sorted.length / 2)]!);
  };
  const pick = (key: keyof Omit<LighthouseFigures, "failedAudits">) => middle(runs, (run) => run[key]);
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    tbtMs: pick("tbtMs"),
    fcpMs: pick("fcpMs"),
    scriptBytes: pick("scriptBytes"),
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
  };
}
