import { request, type ClientRequest, type IncomingMessage } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_SESSION } from "../../server/events/stream-slots";
import { SESSION_COOKIE_NAME } from "../../server/auth/session-cookie";
import {
  closeBrowserSession,
  openBrowserSession,
  submitAdminSignIn,
  type BrowserSession,
} from "../support/browser-session";
import { validContact } from "../../server/test-support/app";

// A dashboard refused a live stream (429: its session already has the most open) shows it is
// reconnecting, retries with a growing delay instead of giving up (EventSource alone never retries a
// non-200 answer) or hammering, and goes live once a slot frees, with what was written meanwhile.

const ADMIN = { email: "staff@erf.test", password: "correct horse battery staple" };

let session: BrowserSession;
let page: Page;
let cookie: string;
const held: { req: ClientRequest; res: IncomingMessage }[] = [];

beforeAll(async () => {
  session = await openBrowserSession({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  page = session.page;
  await page.goto(`${session.server.url}/admin/login`);
  await submitAdminSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByText(/^Live:/).waitFor();
  const token = (await session.context.cookies()).find((entry) => entry.name === SESSION_COOKIE_NAME);
  if (!token) throw new Error("no session cookie after sign-in");
  cookie = `${token.name}=${token.value}`;
  // The dashboard's own stream goes when the page leaves.
  await page.goto("about:blank");
});

afterAll(async () => {
  for (const { req } of held.splice(0)) req.destroy();
  await closeBrowserSession(session);
});

/** A stream of the dashboard's session from outside the browser, held open; its status. */
function holdStream(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      // The server binds the IPv4 loopback; the browser knows it as localhost, and so does the Host header.
      {
        host: "127.0.0.1",
        port: session.server.port,
        path: "/api/admin/events",
        headers: { Cookie: cookie, Host: `localhost:${session.server.port}` },
      },
      (res) => {
        if (res.statusCode === 200) held.push({ req, res });
        else res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("a dashboard refused a live stream", () => {
  it("shows Reconnecting, backs off, and goes live with what it missed once a slot frees", async () => {
    // The page's stream may not be closed on the server yet: take slots until one is refused.
    await expect
      .poll(
        async () => {
          while (held.length < MAX_STREAMS_PER_SESSION) if ((await holdStream()) !== 200) break;
          return held.length;
        },
        { timeout: 5_000 },
      )
      .toBe(MAX_STREAMS_PER_SESSION);
    expect(await holdStream()).toBe(429);

    const attempts: number[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === "/api/admin/events") attempts.push(Date.now());
    });
    await page.goto(`${session.server.url}/admin/dashboard`);
    await page.getByText("Reconnecting…").waitFor({ timeout: 10_000 });

    // Refused for ten seconds: a fixed 2 s retry would try six times, a client that gives up once.
    await page.waitForTimeout(10_000);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBeLessThanOrEqual(4);
    expect(await page.getByText(/^Live:/).count()).toBe(0);

    // Written while refused: the stream that finally opens starts where the lists were read.
    const response = await fetch(`${session.server.apiUrl}/api/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...validContact, email: "missed.while.refused@example.com" }),
    });
    expect(response.status).toBe(201);

    held.shift()!.req.destroy();
    await page.getByText(/^Live:/).waitFor({ timeout: 25_000 });
    await page.getByRole("tab", { name: /^Contact Messages/ }).click();
    await expect
      .poll(() => page.getByText("missed.while.refused@example.com").count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
  });
});
