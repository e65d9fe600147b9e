import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { derivePrivacyKeys } from "../privacy/keys";
import { mintSession, send } from "../test-support/admin";
import { manualClock, postJson, testApp, testConfig, validContact, validDemo } from "../test-support/app";
import { TEST_APP_SECRET } from "../test-support/secrets";
import { describeStorage } from "../test-support/storage-suite";
import { createWebhookWorker } from "./worker";

// The webhook outbox under load, the fast version of the soak check (tests/soak): 200 submissions at
// once, two endpoints. The healthy one answers at once and must get every event exactly once. The faulty
// one answers 500 to every second request and hangs past the attempt's timeout on every tenth, for each
// delivery's first two attempts (a delivery has eight: retryDelayMs); once its retries have fallen due it
// must hold every event at least once, its repeats recognisable by webhook-id.

const SUBMISSIONS = 200;

interface Got {
  webhookId: string;
  recordId: string;
  type: string;
}

function receiver(answer: (count: number, attempt: number) => { status: number; hangMs?: number }) {
  const answered: Got[] = [];
  let count = 0;
  /** Requests per webhook-id. */
  const attempts = new Map<string, number>();
  let secret = "";
  let server: Server;
  return {
    answered,
    setSecret: (value: string) => void (secret = value),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    async start() {
      server = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        request.on("end", () => {
          count += 1;
          const id = String(request.headers["webhook-id"]);
          attempts.set(id, (attempts.get(id) ?? 0) + 1);
          const { status, hangMs = 0 } = answer(count, attempts.get(id)!);
          setTimeout(() => {
            if (response.destroyed) return;
            if (status < 300) {
              // Verified as a receiver would, at the signature's own time (the test's clock is not the wall's).
              vi.useFakeTimers({ toFake: ["Date"] });
              vi.setSystemTime(Number(request.headers["webhook-timestamp"]) * 1000);
              try {
                const event = new Webhook(secret).verify(body, request.headers as Record<string, string>) as {
                  type: string;
                  data: { id: string };
                };
                answered.push({
                  webhookId: String(request.headers["webhook-id"]),
                  recordId: event.data.id,
                  type: event.type,
                });
              } finally {
                vi.useRealTimers();
              }
            }
            response.writeHead(status).end();
          }, hangMs);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeStorage(
  "webhooks under load",
  (open) => {
    const healthy = receiver(() => ({ status: 204 }));
    const faulty = receiver((count, attempt) =>
      attempt > 2
        ? { status: 200 }
        : count % 10 === 0
          ? { status: 200, hangMs: 800 }
          : count % 2 === 0
            ? { status: 500 }
            : { status: 200 },
    );

    beforeAll(async () => {
      await Promise.all([healthy.start(), faulty.start()]);
    });
    afterAll(async () => {
      await Promise.all([healthy.stop(), faulty.stop()]);
    });

    it("gets every event to the healthy endpoint once, and to the faulty one at least once after its retries", async () => {
      const time = manualClock("2026-03-02T08:00:00.000Z");
      const app = testApp(open.db, {
        clock: time.clock,
        config: testConfig({ webhooksAllowPrivate: true, rateLimitPerMinute: 10_000 }),
      });
      const cookie = await mintSession(app, open.db);
      for (const target of [healthy, faulty]) {
        const response = await send(app, "POST", "/api/admin/webhooks", {
          cookie,
          body: { url: target.url(), events: ["contact.created", "lead.created"] },
        });
        target.setSecret(((await response.json()) as { secret: string }).secret);
      }
      const responses = await Promise.all(
        Array.from({ length: SUBMISSIONS }, (_, index) =>
          index % 2 === 0
            ? postJson(
                app,
                "/api/contacts",
                { ...validContact, email: `load${index}@example.com` },
                { "Idempotency-Key": `load-${index}` },
              )
            : postJson(
                app,
                "/api/leads",
                { ...validDemo, email: `load${index}@example.com` },
                { "Idempotency-Key": `load-${index}` },
              ),
        ),
      );
      expect(responses.every((response) => response.status === 201)).toBe(true);
      const ids = new Set(
        await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id)),
      );

      // A healthy answer later than the timeout is rightly sent again, and fails "exactly once": beside
      // another busy test file, 200 ms was once too short. The faulty one's hangs outlast it.
      const worker = createWebhookWorker({
        db: open.db,
        keys: derivePrivacyKeys(TEST_APP_SECRET),
        clock: time.clock,
        logger: createLogger("silent"),
        policy: { allowPrivate: true },
        timeoutMs: 500,
      });
      for (
        let round = 0;
        round < 40 && new Set(faulty.answered.map((got) => got.recordId)).size < ids.size;
        round += 1
      ) {
        // Sent until nothing more is due (each pass claims up to an endpoint's share of the slots), as the running loop does.
        while ((await worker.runOnce()).sent > 0);
        // The next retries fall due.
        time.advance(60 * 60 * 1000);
      }
      await worker.runOnce();

      expect(healthy.answered).toHaveLength(SUBMISSIONS);
      expect(new Set(healthy.answered.map((got) => got.recordId))).toEqual(ids);
      expect(new Set(faulty.answered.map((got) => got.recordId))).toEqual(ids);
      // A repeat (a hang the receiver answered after the sender gave up) carries the webhook-id it had before.
      const byId = new Map<string, Set<string>>();
      for (const got of faulty.answered)
        byId.set(got.webhookId, (byId.get(got.webhookId) ?? new Set()).add(got.recordId));
      expect([...byId.values()].every((records) => records.size === 1)).toBe(true);
      expect(byId.size).toBe(SUBMISSIONS);
    }, 60_000);

    it("does not hold up a healthy endpoint while another hangs: each endpoint has its own share of the sending slots", async () => {
      // Answers nothing until released: every attempt to it hangs.
      const held: (() => void)[] = [];
      const hanging = createServer((request, response) => {
        request.resume();
        held.push(() => response.writeHead(204).end());
      });
      await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
      healthy.answered.length = 0;
      const time = manualClock("2026-03-03T08:00:00.000Z");
      const app = testApp(open.db, {
        clock: time.clock,
        config: testConfig({ webhooksAllowPrivate: true, rateLimitPerMinute: 10_000 }),
      });
      const cookie = await mintSession(app, open.db);
      const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
      await send(app, "POST", "/api/admin/webhooks", {
        cookie,
        body: { url: hangingUrl, events: ["contact.created"] },
      });
      const response = await send(app, "POST", "/api/admin/webhooks", {
        cookie,
        body: { url: healthy.url(), events: ["contact.created"] },
      });
      healthy.setSecret(((await response.json()) as { secret: string }).secret);
      const count = 100;
      for (let index = 0; index < count; index += 1) {
        expect(
          (await postJson(app, "/api/contacts", { ...validContact, email: `hang${index}@example.com` })).status,
        ).toBe(201);
      }

      const worker = createWebhookWorker({
        db: open.db,
        keys: derivePrivacyKeys(TEST_APP_SECRET),
        clock: time.clock,
        logger: createLogger("silent"),
        policy: { allowPrivate: true },
        pollMs: 20,
        timeoutMs: 60_000,
      });
      worker.start();
      try {
        await expect.poll(() => healthy.answered.length, { timeout: 30_000 }).toBe(count);
        // Every one of them while the other endpoint's first attempts were all still hanging, none given up on.
        expect(held.length).toBeGreaterThan(0);
        const hangingAttempts = await open.db
          .selectFrom("webhookAttempts")
          .innerJoin("webhookEndpoints", "webhookEndpoints.id", "webhookAttempts.endpointId")
          .select("webhookAttempts.id")
          .where("webhookEndpoints.url", "=", hangingUrl)
          .execute();
        expect(hangingAttempts).toEqual([]);
      } finally {
        const release = setInterval(() => held.splice(0).forEach((answer) => answer()), 10);
        await worker.stop();
        clearInterval(release);
        await new Promise<void>((resolve) => hanging.close(() => resolve()));
      }
    }, 60_000);
  },
  { admin: true },
);
