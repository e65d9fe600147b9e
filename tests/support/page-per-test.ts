import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { launchBrowser } from "./browser";
import { cspRecorder } from "./csp-violations";
import { startServer, type RunningServer } from "./server";

// What the public-site browser suites share: the production server and Chromium, started once per file,
// and a fresh desktop-sized page for each test, closed after it with no CSP violation allowed.

export interface PagePerTest {
  server: RunningServer;
  browser: Browser;
  /** This test's page; a suite's own beforeEach, registered after this call, finds it open. */
  page: Page;
}

/** Registers the suite's hooks; read the fields inside tests and hooks, once they have run. */
export function usePagePerTest(): PagePerTest {
  const site = {} as PagePerTest;
  const csp = cspRecorder();
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.cleanup();
  });
  beforeEach(async () => {
    site.page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await csp.watch(site.page);
  });
  afterEach(async () => {
    await site.page.close();
    expect(csp.take()).toEqual([]);
  });
  return site;
}
