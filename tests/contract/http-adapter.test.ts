import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer } from "../support/server";
import { totpCode } from "../support/two-factor";
import { backendContract } from "./backend-contract";
import { openAdapterPage } from "./support/adapter-page";
import { buildContractBundles } from "./support/bundle";

// The contract on the http adapter: the real server (its own SQLite file) and the adapter in Chromium,
// which carries the session cookie, the EventSource and the download as on the real site.

const STAFF = { email: "staff@erf.test", password: "correct horse battery staple" };
let browser: Browser;
let bundleDir: string;

beforeAll(async () => {
  [browser, bundleDir] = await Promise.all([launchBrowser(), buildContractBundles()]);
});
afterAll(async () => {
  await browser?.close();
});

backendContract("http adapter (real server)", async () => {
  // The contract posts one fixture message from several addresses, which the spam score would hold as
  // repeated content; holding is the Spam suites' subject (server/routes/spam.test.ts, e2e admin-spam), so
  // here the threshold is out of reach, as in the server's own test config.
  const server = await startServer({ ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password, SPAM_THRESHOLD: "100" });
  try {
    // The server's first admin has two-factor on (tests/support/two-factor.ts).
    const staff = { ...STAFF, code: () => totpCode(`${server.url}|${STAFF.email}`) };
    return await openAdapterPage(browser, {
      origin: server.url,
      routePage: true,
      bundleDir,
      entry: "http",
      staff,
      close: server.cleanup,
    });
  } catch (error) {
    await server.cleanup();
    throw error;
  }
});
