import { spawnSync } from "node:child_process";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { WebhookAttempt, WebhookPayload } from "../../src/domain/webhooks";
import { connectDatabase, newWriteGateBuffer, type Db } from "../db/store";
import { createLogger } from "../logger";
import { mintSession, send } from "../test-support/admin";
import { postJson, testApp, testConfig, validContact } from "../test-support/app";
import { TEST_APP_SECRET } from "../test-support/secrets";
import { threadStates, type ThreadState } from "../test-support/threads";
import { describeStorage } from "../test-support/storage-suite";
import { startDispatchThread, type DispatchThread } from "./dispatch-thread";
import { receiver } from "./webhook-world";

// The server runs the webhook sender in a thread of its own, with a database connection of its own
// (dispatch-thread.ts). On a SQLite file the server's connection and the thread's write the same file and
// take turns at the write gate. What the thread sends must be what the dispatcher sends anywhere: a
// signed delivery a receiver verifies with standardwebhooks, logged where staff read the log, sent again
// on a resend with the same webhook-id; and it must run below the server's threads.


describeStorage("the webhook sending thread", (open) => {
  const hook = receiver();
  const gateBuffer = newWriteGateBuffer();
  /** The server's side: on SQLite a connection of its own that takes its turns at the gate. */
  let db: Db;
  let thread: DispatchThread | null = null;
  let before: Map<string, ThreadState>;

  beforeAll(async () => {
    await hook.start();
    db = open.name === "sqlite" ? connectDatabase(open.url, { writeGate: { buffer: gateBuffer, side: "server" } }) : open.db;
  });
  afterAll(async () => {
    await hook.stop();
    if (db !== open.db) await db.destroy();
  });
  beforeEach(() => {
    hook.received.length = 0;
    before = threadStates();
    thread = startDispatchThread(
      { databaseUrl: open.url, ...(open.schema && { searchPath: open.schema }), gateBuffer, appSecret: TEST_APP_SECRET, allowPrivate: true, retryBaseMs: 50, logLevel: "silent" },
      createLogger("silent"),
    );
  });
  afterEach(async () => {
    await thread?.stop();
    thread = null;
  });

  it("sends a submission's event from its own connection, signed; staff read the attempt in the log and a resend keeps the webhook-id", async () => {
    const app = testApp(db, { config: testConfig({ webhooksAllowPrivate: true }) });
    const cookie = await mintSession(app, db);
    const created = await send(app, "POST", "/api/admin/webhooks", { cookie, body: { url: hook.url(), events: ["contact.created"] } });
    expect(created.status).toBe(201);
    const { id: endpointId, secret } = (await created.json()) as { id: string; secret: string };

    // Nobody tells the thread: its poll finds the event (the server wakes it after each commit, too).
    expect((await postJson(app, "/api/contacts", { ...validContact, email: "thandi@example.co.za" })).status).toBe(201);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const first = hook.received[0]!;
    const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as WebhookPayload;
    expect(payload).toMatchObject({ type: "contact.created", data: { email: "thandi@example.co.za" } });

    let log: WebhookAttempt[] = [];
    await vi.waitFor(
      async () => {
        log = (await (await send(app, "GET", `/api/admin/webhooks/${endpointId}/deliveries`, { cookie })).json()) as WebhookAttempt[];
        expect(log.map((attempt) => attempt.status)).toEqual([204]);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(log[0]!.webhookId).toBe(first.headers["webhook-id"]);

    expect((await send(app, "POST", `/api/admin/webhook-deliveries/${log[0]!.id}/resend`, { cookie })).status).toBe(202);
    thread!.wake();
    await vi.waitFor(() => expect(hook.received).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect(hook.received[1]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  });

  it("keeps writing beside the server: many submissions stored while it sends their events, each event once", async () => {
    const app = testApp(db, { config: testConfig({ webhooksAllowPrivate: true }) });
    const cookie = await mintSession(app, db);
    expect((await send(app, "POST", "/api/admin/webhooks", { cookie, body: { url: hook.url(), events: ["contact.created"] } })).status).toBe(201);
    const emails = Array.from({ length: 60 }, (_, n) => `writer.${n}@example.com`);
    for (let start = 0; start < emails.length; start += 10) {
      const answers = await Promise.all(emails.slice(start, start + 10).map((email) => postJson(app, "/api/contacts", { ...validContact, email })));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: answers.length }, () => 201));
      thread!.wake();
    }
    await vi.waitFor(() => expect(hook.received.length).toBeGreaterThanOrEqual(emails.length), { timeout: 20_000, interval: 50 });
    const sent = hook.received.map((message) => String((JSON.parse(message.body) as WebhookPayload).data.email));
    expect(sent.toSorted()).toEqual(emails.toSorted());
  });

  it("claims and records at nice +10, signs and posts under SCHED_IDLE, and leaves the server's other threads as they were (Linux)", async () => {
    expect(process.platform, "the scheduling policy is per thread on Linux only").toBe("linux");
    expect(spawnSync("chrt", ["--version"]).status, "util-linux's chrt sets the policy").toBe(0);
    const app = testApp(db, { config: testConfig({ webhooksAllowPrivate: true }) });
    const cookie = await mintSession(app, db);
    expect((await send(app, "POST", "/api/admin/webhooks", { cookie, body: { url: hook.url(), events: ["contact.created"] } })).status).toBe(201);
    expect((await postJson(app, "/api/contacts", { ...validContact, email: "nice@example.com" })).status).toBe(201);
    thread!.wake();
    // The sending thread starts with the first delivery.
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 10_000, interval: 20 });
    // New since the thread started: it and its sending thread. From the sources each worker also starts
    // tsx's module loader thread before its entry runs, which takes its creator's nice value: the one
    // the sending thread starts is at +10 too, which it would not be had the dispatcher's not been.
    const started = [...threadStates()].filter(([id]) => !before.has(id)).map(([, state]) => state);
    expect(started.filter(({ policy }) => policy === 5)).toEqual([{ policy: 5, nice: expect.any(Number) }]);
    expect(started.find(({ policy }) => policy === 5)!.nice).toBeGreaterThanOrEqual(10);
    expect(started.filter(({ policy, nice }) => policy === 0 && nice >= 10).length).toBeGreaterThanOrEqual(1);
    for (const [other, state] of threadStates()) if (before.has(other)) expect(state).toEqual(before.get(other));
  });
}, { admin: true });

// A thread that ends without being asked (a crash) is started again a second later. Here it cannot start
// at all: its database URL is one connectDatabase refuses, so each start ends the way a crash would.
describe("the webhook sending thread, ended unasked", () => {
  let logged: { msg: string; time: string; error?: string }[];
  const messages = () => logged.map((entry) => entry.msg);
  const failing = () =>
    startDispatchThread(
      { databaseUrl: "mysql://not-a-store", gateBuffer: newWriteGateBuffer(), appSecret: TEST_APP_SECRET, allowPrivate: true, logLevel: "silent" },
      createLogger("error", (line) => logged.push(JSON.parse(line) as { msg: string; time: string })),
    );
  beforeEach(() => {
    logged = [];
  });

  it("is started again a second after it ended, and again", async () => {
    const thread = failing();
    try {
      await vi.waitFor(() => expect(messages().filter((msg) => msg === "webhook-thread-exited")).toHaveLength(2), { timeout: 15_000, interval: 20 });
      expect(messages().slice(0, 4)).toEqual(["webhook-thread-failed", "webhook-thread-exited", "webhook-thread-failed", "webhook-thread-exited"]);
      expect(logged[0]!.error).toContain("Unsupported DATABASE_URL");
      const [, firstExit, secondStartFailed] = logged.map((entry) => Date.parse(entry.time));
      expect(secondStartFailed! - firstExit!).toBeGreaterThanOrEqual(900);
    } finally {
      await thread.stop();
    }
  });

  it("stops at once between an unasked exit and its restart, and is not started again", async () => {
    const thread = failing();
    await vi.waitFor(() => expect(messages()).toContain("webhook-thread-exited"), { timeout: 10_000, interval: 20 });
    await thread.stop();
    // A restart would fail the same way and say so.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(messages()).toEqual(["webhook-thread-failed", "webhook-thread-exited"]);
  });
});
