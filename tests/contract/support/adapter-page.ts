import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { RecordChange } from "../../../src/domain/admin";
import type { LiveState } from "../../../src/backend/admin-port";
import type { Adapters, CallResult } from "./bridge";
import { contractAsset } from "./contract-assets";
import type { ContractSubject, LiveFeed } from "../contract-subject";

export interface AdapterPageOptions {
  /** The page's origin: the real server for http (cookies, same-origin API), a loopback page server for Firebase. */
  origin: string;
  /** Answer /__contract/* in the browser (the origin is another server's) rather than from the origin itself. */
  routePage: boolean;
  bundleDir: string;
  entry: "http" | "firebase";
  config?: unknown;
  staff: { email: string; password: string; code?: () => Promise<string> };
  close?: () => Promise<void>;
}

/** The adapters running in a real Chromium page, driven from Node through the bridge. */
export async function openAdapterPage(browser: Browser, options: AdapterPageOptions): Promise<ContractSubject> {
  const context: BrowserContext = await browser.newContext({ acceptDownloads: true });
  const page: Page = await context.newPage();
  if (options.routePage) {
    // On the real server's origin: the contract page never reaches it; everything else (the API) does.
    await page.route(`${options.origin}/__contract/**`, async (route) => {
      const asset = await contractAsset(new URL(route.request().url()).pathname, options.entry, options.bundleDir);
      return asset ? route.fulfill(asset) : route.fulfill({ status: 404 });
    });
  }
  const changes: RecordChange[] = [];
  const states: LiveState[] = [];
  await page.exposeFunction("__contractChange", (change: RecordChange) => changes.push(change));
  await page.exposeFunction("__contractState", (state: LiveState) => states.push(state));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${options.origin}/__contract/index.html`);
  await page
    .waitForFunction(() => window.__contract !== undefined, undefined, { timeout: 20_000 })
    .catch((error: unknown) => {
      throw new Error(`the contract page did not start: ${errors.join("; ") || String(error)}`);
    });
  await page.evaluate((config) => window.__contract!.start(config), options.config ?? null);

  const call = async (side: keyof Adapters, method: string, ...args: unknown[]): Promise<never> => {
    const result = (await page.evaluate(([s, m, a]) => window.__contract!.call(s, m, a), [
      side,
      method,
      args,
    ] as const)) as CallResult;
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.value as never;
  };

  const poll = async <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}; saw changes ${JSON.stringify(changes.map((c) => [c.collection, c.op, c.record.id]))} and states ${states.join(",")}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    staff: options.staff,
    optOutNeedsConfirmation: options.entry === "http",
    countsSearches: options.entry === "http",
    public: {
      submitContact: (input, submitOptions) => call("public", "submitContact", input, submitOptions),
      submitLead: (input, submitOptions) => call("public", "submitLead", input, submitOptions),
      subscribe: (input, submitOptions) => call("public", "subscribe", input, submitOptions),
    },
    admin: {
      signIn: (email, password, code) =>
        call("admin", "signIn", email, password, ...(code === undefined ? [] : [code])),
      signOut: () => call("admin", "signOut"),
      currentUser: () => call("admin", "currentUser"),
      stats: () => call("admin", "stats"),
      list: (target, query) => call("admin", "list", target, query),
      countMatching: (target, query) => call("admin", "countMatching", target, query),
      setStatus: (target, id, status) => call("admin", "setStatus", target, id, status),
      record: (target, id) => call("admin", "record", target, id),
      person: (personId) => call("admin", "person", personId),
      addNote: (target, id, body) => call("admin", "addNote", target, id, body),
      deleteNote: (note) => call("admin", "deleteNote", note),
      updateRecord: (target, id, change) => call("admin", "updateRecord", target, id, change),
      bulkUpdate: (target, ids, change) => call("admin", "bulkUpdate", target, ids, change),
      staff: () => call("admin", "staff"),
      setAvailable: (email, available) => call("admin", "setAvailable", email, available),
      insights: (query) => call("admin", "insights", query),
    },
    async watch(): Promise<LiveFeed> {
      changes.length = 0;
      states.length = 0;
      await page.evaluate(() => window.__contract!.watch());
      return {
        changes,
        states,
        waitFor: (predicate, timeoutMs = 15_000) => poll(() => changes.find(predicate), "a live change", timeoutMs),
        waitForState: async (state, timeoutMs = 15_000) => {
          await poll(() => (states.at(-1) === state ? true : undefined), `live state "${state}"`, timeoutMs);
        },
        stop: () => page.evaluate(() => window.__contract!.unwatch()),
      };
    },
    async exportCsv(filters) {
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 20_000 }),
        call("admin", "exportCsv", filters),
      ]);
      const path = await download.path();
      return { fileName: download.suggestedFilename(), text: await readFile(path, "utf8") };
    },
    async close() {
      await context.close();
      await options.close?.();
    },
  };
}
