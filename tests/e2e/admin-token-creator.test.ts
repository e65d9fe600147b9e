import { createHash, randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  createStaffAccount,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";

// A token acts with at most its creator's current rights (decision 0044), in a real Chromium against the
// production server: another admin's token works in full; when the admin in the browser makes its creator
// a sales rep on the Team tab, the Integrations tab shows its export scope suspended and the export
// answers 403 while reading still works; disabled, it shows the token suspended and every request is 401.

const PASSWORD = "correct horse battery staple";
const ME = "tokens.viewer@erf.test";
const CREATOR = "tokens.creator@erf.test";
const TOKEN = `erf_${randomBytes(32).toString("base64url")}`;

let session: BrowserSession;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD });
  ({ server, page } = session);
  await createStaffAccount(server, CREATOR, PASSWORD, "admin");
  // The token another admin made in their own Integrations tab: its row as POST /api/admin/tokens writes it.
  const db = new Database(server.databasePath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(
      "insert into api_tokens (id, name, token_hash, scopes, created_by, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?, ?, null, null)",
    ).run(
      randomUUID(),
      "Nightly export",
      createHash("sha256").update(TOKEN, "utf8").digest("hex"),
      JSON.stringify(["records:read", "export"]),
      CREATOR,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
});

const asToken = (path: string) =>
  fetch(`${server.apiUrl}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then(
    async (response) => (await response.arrayBuffer(), response.status),
  );
const tokenItem = () =>
  page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: "Nightly export" });

async function openTab(name: string) {
  await page.getByRole("tab", { name }).click();
}

describe("a token whose creator changes", () => {
  it("shows its lost export scope after the creator's demotion, and itself suspended while they are disabled", async () => {
    expect(await asToken("/api/admin/export.csv")).toBe(200);
    await openTab("Integrations");
    await tokenItem().waitFor();
    expect(await tokenItem().innerText()).not.toMatch(/suspended/i);

    await openTab("Team");
    await page.getByLabel(`Role of ${CREATOR}`).selectOption("sales");
    await expect.poll(() => page.getByLabel(`Role of ${CREATOR}`).inputValue()).toBe("sales");
    expect(await asToken("/api/admin/export.csv")).toBe(403);
    expect(await asToken("/api/admin/leads")).toBe(200);
    await openTab("Integrations");
    await tokenItem().getByText("Suspended scope: creator's role no longer allows export").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await openTab("Team");
    const row = page.getByRole("table", { name: "Staff accounts" }).locator(`tr[data-email="${CREATOR}"]`);
    await row.getByRole("button", { name: `Disable ${CREATOR}` }).click();
    await page
      .getByRole("alertdialog", { name: `Disable ${CREATOR}?` })
      .getByRole("button", { name: "Disable account" })
      .click();
    await expect.poll(() => row.locator("[data-status]").innerText()).toBe("Disabled");
    expect(await asToken("/api/admin/leads")).toBe(401);
    await openTab("Integrations");
    await tokenItem().getByText("Suspended: creator disabled").waitFor();
  });
});
