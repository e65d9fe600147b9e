import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowserSession, openBrowserSession, type BrowserSession } from "../support/browser-session";

// The API reference page (/api/docs) renders from our own origin alone: its script is the copy the build
// takes from the installed package (scripts/copy-api-reference.mjs), not a CDN's. In Chromium with every
// request to any other host refused, the reference still renders our description.

let session: BrowserSession;
let page: Page;
const outside: string[] = [];

beforeAll(async () => {
  session = await openBrowserSession({});
  page = session.page;
  await session.context.route(
    (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1",
    (route) => {
      outside.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
});

afterAll(() => closeBrowserSession(session));

describe("the API reference page", () => {
  it("renders the description with every other host blocked, asking for none", async () => {
    const response = await page.goto(`${session.server.url}/api/docs`);
    expect(response?.status()).toBe(200);
    // Text only Scalar renders (the description's own summary of the API, and one operation's), and the
    // page's own fallback link hidden once it has.
    await page
      .getByText("The public forms, staff sign-in and the staff CRM", { exact: false })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByText("Send a contact message").first().waitFor();
    await expect.poll(() => page.locator("#docs-fallback").isHidden()).toBe(true);
    expect(outside).toEqual([]);
    // One refusal is expected and harmless: zod (inside the bundle) probes whether eval is allowed with
    // `Function("")` in a try, and works without it. Nothing else the page does is refused.
    const probe =
      /: kEvalViolation of script-src\s+at http:\/\/localhost:\d+\/api-reference\/scalar\.[0-9a-f]{12}\.js:\d+$/;
    expect(session.csp.take().filter((violation) => !probe.test(violation))).toEqual([]);
  });

  it("still links to the description when the script does not load", async () => {
    const blocked = await session.context.newPage();
    await blocked.route("**/api-reference/**", (route) => route.abort("failed"));
    await blocked.goto(`${session.server.url}/api/docs`);
    const link = blocked.getByRole("link", { name: "/api/openapi.json" });
    await link.waitFor();
    expect(await link.isVisible()).toBe(true);
    await blocked.close();
  });
});
