import { spawnSync } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { threadStates } from "../test-support/threads";
import { newWebhookSecret } from "./secrets";
import { startSendThread, type SendThread } from "./send-thread";

// The server sends webhooks from a worker thread of its own (send-thread.ts). What it sends there must be
// what sendWebhook sends here: signed deliveries a receiver verifies with standardwebhooks, the address
// rule applied in the thread, the timeout; and a thread that is closed with a delivery under way answers
// it as a failed attempt (to be retried), never leaves it waiting.

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let hang = false;
let server: Server;
let thread: SendThread | null = null;
const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (!hang) response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(async () => {
  await thread?.close();
  thread = null;
  received.length = 0;
  hang = false;
});

it("signs and posts each delivery from the thread, many at once", async () => {
  thread = startSendThread();
  const secret = newWebhookSecret();
  const at = new Date();
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, n) => thread!.send(url(), { id: `msg_${n}`, body: JSON.stringify({ type: "lead.created", n }), secrets: [secret], at }, { allowPrivate: true })),
  );
  expect(results.map((result) => [result.status, result.error])).toEqual(Array.from({ length: 30 }, () => [204, null]));
  expect(received).toHaveLength(30);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    const ids = received.map(({ headers, body }) => {
      expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toMatchObject({ type: "lead.created" });
      return headers["webhook-id"];
    });
    expect(new Set(ids).size).toBe(30);
  } finally {
    vi.useRealTimers();
  }
});

it("refuses a private address in the thread unless the policy allows it", async () => {
  thread = startSendThread();
  const result = await thread.send(url(), { id: "msg_private", body: "{}", secrets: [newWebhookSecret()], at: new Date() }, { allowPrivate: false });
  expect(result).toMatchObject({ status: null, error: "127.0.0.1 is not on the public internet" });
  expect(received).toHaveLength(0);
});

it("gives up on an endpoint that does not answer within the timeout", async () => {
  thread = startSendThread();
  hang = true;
  const result = await thread.send(url(), { id: "msg_slow", body: "{}", secrets: [newWebhookSecret()], at: new Date() }, { allowPrivate: true }, 300);
  expect(result).toMatchObject({ status: null, error: "No answer within 0 s" });
});

it("answers a delivery under way as failed when the thread is closed", async () => {
  thread = startSendThread();
  hang = true;
  const pending = thread.send(url(), { id: "msg_cut", body: "{}", secrets: [newWebhookSecret()], at: new Date() }, { allowPrivate: true }, 60_000);
  await vi.waitFor(() => expect(received).toHaveLength(1));
  await thread.close();
  expect(await pending).toMatchObject({ status: null, error: expect.stringMatching(/^The sending thread stopped/) });
});


it("sends at the lowest priority there is (SCHED_IDLE, nice +10) and leaves the server's other threads as they were (Linux)", async () => {
  expect(process.platform, "the scheduling policy is per thread on Linux only").toBe("linux");
  expect(spawnSync("chrt", ["--version"]).status, "util-linux's chrt sets the policy").toBe(0);
  const before = threadStates();
  thread = startSendThread();
  expect(await thread.send(url(), { id: "msg_idle", body: "{}", secrets: [newWebhookSecret()], at: new Date() }, { allowPrivate: true })).toMatchObject({ status: 204 });
  const idle = [...threadStates()].filter(([, { policy }]) => policy === 5);
  expect(idle).toHaveLength(1);
  const [id, { nice }] = idle[0]!;
  expect(before.has(id)).toBe(false);
  expect(nice).toBeGreaterThanOrEqual(10);
  for (const [other, state] of threadStates()) if (other !== id && before.has(other)) expect(state).toEqual(before.get(other));
});
