import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** CHROME_PATH first, then Debian's Chromium, then a browser Playwright downloaded itself. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    chromium.executablePath(),
  ];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    "No Chromium found. Set CHROME_PATH, install Chromium (Debian: apt-get install -y chromium), or run `npx playwright install chromium`.",
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: FLAGS });
}
