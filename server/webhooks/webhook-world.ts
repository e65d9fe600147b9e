import { type IncomingHttpHeaders, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import type { WebhookEndpoint, WebhookPayload } from "../../src/domain/webhooks";
import type { Db } from "../db/store";
import { createLogger } from "../logger";
import { derivePrivacyKeys } from "../privacy/keys";
import { mintSession, send } from "../test-support/admin";
import { manualClock, postJson, testApp, testConfig, validDemo } from "../test-support/app";
import { TEST_APP_SECRET } from "../test-support/secrets";
import type { StorageContext } from "../test-support/storage-suite";
import type { sendWebhook } from "./send";
import { createWebhookWorker } from "./worker";

// What the webhook suites share (webhooks.test.ts, webhook-ssrf.test.ts, worker.test.ts): a real HTTP receiver on
// 127.0.0.1, an app on the suite's database with a test clock and a stand-in DNS, a staff session, and
// the worker run by hand. Call webhookWorld inside the suite's describe block.

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A receiver on 127.0.0.1 answering each POST with the next of `answers` (then 204), keeping what came. */
export function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let server: Server;
  return {
    received,
    answers,
    url: (path = "/hook") => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    async start() {
      server = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        request.on("end", () => {
          received.push({ headers: request.headers, body, path: request.url ?? "" });
          const status = answers.shift() ?? 204;
          response.writeHead(status, status >= 300 && status < 400 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function webhookWorld(open: StorageContext) {
  const hook = receiver();
  const keys = derivePrivacyKeys(TEST_APP_SECRET);
  let time: ReturnType<typeof manualClock>;
  let app: ReturnType<typeof testApp>;
  let cookie: string;
  const resolved = new Map<string, string[]>();

  /** Verified as a receiver would, at the test clock's time (the package refuses a timestamp 5 minutes off its own clock). */
  const verify = (secret: string, message: Received) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(time.clock());
    try {
      return new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as WebhookPayload;
    } finally {
      vi.useRealTimers();
    }
  };

  /** A worker, run by hand or started; `db` may be the suite's database seen through a plugin, `send` stand in for sending. */
  const worker = (
    allowPrivate = true,
    db: Db = open.db,
    send?: typeof sendWebhook,
    more: Partial<Parameters<typeof createWebhookWorker>[0]> = {},
  ) =>
    createWebhookWorker({
      db,
      keys,
      clock: time.clock,
      logger: createLogger("silent"),
      policy: { allowPrivate },
      random: () => 0.5,
      ...(send && { send }),
      ...more,
    });

  beforeAll(() => hook.start());
  afterAll(() => hook.stop());
  beforeEach(async () => {
    hook.received.length = 0;
    hook.answers.length = 0;
    time = manualClock("2026-03-02T08:00:00.000Z");
    app = testApp(open.db, {
      clock: time.clock,
      config: testConfig({ webhooksAllowPrivate: true, spamThreshold: 40 }),
      resolveHost: async (host) => resolved.get(host) ?? ["93.184.216.34"],
    });
    cookie = await mintSession(app, open.db);
  });

  async function addEndpoint(events: string[], url = hook.url()) {
    const response = await send(app, "POST", "/api/admin/webhooks", { cookie, body: { url, events } });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; secret: string; endpoint: WebhookEndpoint };
  }

  const submitDemo = async (email = "ama@example.com") => {
    const response = await postJson(
      app,
      "/api/leads",
      { ...validDemo, email },
      { "Idempotency-Key": `demo-${email}-${Math.random()}` },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  return {
    hook,
    resolved,
    verify,
    worker,
    addEndpoint,
    submitDemo,
    get app() {
      return app;
    },
    get cookie() {
      return cookie;
    },
    /** A fresh session (when days pass in a test and the old one expires). */
    set cookie(value: string) {
      cookie = value;
    },
    get time() {
      return time;
    },
  };
}
