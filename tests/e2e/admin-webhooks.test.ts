import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import {
  closeBrowserSession,
  openBrowserSession,
  signInToDashboard,
  type BrowserSession,
} from "../support/browser-session";
import type { RunningServer } from "../support/server";
import { LEADS, postForm } from "../support/workspace-page";

// Webhooks in a real Chromium against the production server: an admin adds an endpoint that points at a
// receiver this test starts, a visitor's demo request arrives there signed, the receiver verifies it
// with the standardwebhooks package as a customer's code would, the delivery log shows the 2xx, and a
// resend arrives again with the same webhook-id. Then an API token made in the same tab reads leads from
// outside the browser until it is revoked there.

const PASSWORD = "correct horse battery staple";
const ME = "hooks.admin@erf.test";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let session: BrowserSession;
let server: RunningServer;
let page: Page;
let receiverServer: Server;
const received: Received[] = [];

const until = async <T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  receiverServer = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiverServer.listen(0, "127.0.0.1", resolve));
  session = await openBrowserSession({ ADMIN_EMAIL: ME, ADMIN_PASSWORD: PASSWORD, WEBHOOKS_ALLOW_PRIVATE: "true" });
  ({ server, page } = session);
  await signInToDashboard(page, server, ME, PASSWORD);
});

afterEach(() => {
  expect(session.csp.take()).toEqual([]);
});

afterAll(async () => {
  await closeBrowserSession(session);
  await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
});

describe("webhooks", () => {
  it("delivers a demo request signed to an endpoint an admin added, logs the 2xx, and resends with the same webhook-id", async () => {
    await page.getByRole("tab", { name: "Integrations" }).click();
    await page.getByText("No endpoints yet.").waitFor();
    const url = page.getByLabel("Endpoint URL");
    await url.fill("ftp://nowhere.example/");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("Use an https:// URL").waitFor();
    expect(await url.getAttribute("aria-invalid")).toBe("true");

    await url.fill(`http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/erf`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.locator("[data-secret]").innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("listitem").filter({ hasText: "/erf" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await postForm(server, "/api/leads", { type: "demo", ...LEADS[0]!, sourcePath: "/request-demo" });
    const first = await until(() => received[0], "the demo request's webhook");
    const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
      data: { email: string };
    };
    expect(payload).toMatchObject({ type: "lead.created", data: { email: LEADS[0]!.email } });

    await page.getByRole("button", { name: "Delivery log" }).click();
    const log = page.getByRole("region", { name: /^Delivery log of / });
    // The receiver has the request before the worker writes down its answer, and the log reads once
    // when opened: under load it can open in between and show nothing yet, as a person would see before
    // pressing Refresh.
    await until(
      async () => {
        if ((await log.locator('[data-status="200"]').count()) > 0) return true;
        await page.getByRole("button", { name: "Refresh" }).click();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return undefined;
      },
      "the 2xx in the delivery log",
      30_000,
    );
    expect(await log.getByText(String(first.headers["webhook-id"])).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await log.getByRole("button", { name: /^Resend lead\.created/ }).click();
    const again = await until(() => received[1], "the resent webhook");
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    new Webhook(secret).verify(again.body, again.headers as Record<string, string>);
  });

  it("creates an API token another system reads leads with, until an admin revokes it", async () => {
    const tokens = page.getByRole("form", { name: "Create an API token" });
    await tokens.getByLabel("Token name").fill("CRM sync");
    await tokens.getByRole("button", { name: "Create token" }).click();
    const token = (
      await page.getByRole("status").filter({ hasText: "API token" }).locator("[data-secret]").innerText()
    ).trim();
    expect(token).toMatch(/^erf_/);
    const read = () => fetch(`${server.apiUrl}/api/admin/leads`, { headers: { Authorization: `Bearer ${token}` } });
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(JSON.stringify(await answer.json())).toContain(LEADS[0]!.email);
    await page
      .getByRole("list", { name: "API tokens" })
      .getByText(/last used \d{4}-/)
      .waitFor({ timeout: 1_000 })
      .catch(async () => {
        // The list shows the use once it is read again: the tab reads it when opened.
        await page.getByRole("tab", { name: "Team" }).click();
        await page.getByRole("tab", { name: "Integrations" }).click();
        await page
          .getByRole("list", { name: "API tokens" })
          .getByText(/last used \d{4}-/)
          .waitFor();
      });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Revoke CRM sync" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
    await page.getByText("No API tokens yet.").waitFor();
    expect((await read()).status).toBe(401);
  });
});
