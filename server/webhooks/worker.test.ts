import { expect, it } from "vitest";
import { WEBHOOK_DISABLE_AFTER_MS } from "../../src/domain/webhooks";
import { DELIVERY_LEASE_MS } from "../db/store";
import { createLocalChangeFeed } from "../events/change-feed";
import { send as sendAs } from "../test-support/admin";
import { postJson, testApp, testConfig, validContact } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import type { SendResult, sendWebhook } from "./send";
import { webhookWorld } from "./webhook-world";

// The webhook worker's own rules (worker.ts): the first attempt goes out when the event's commit wakes
// it, not at its next poll; retries follow the schedule on the worker's clock; attempts in flight are
// capped per endpoint and in all; two workers never send one claimed delivery twice; a worker that dies
// with a delivery claimed leaves a lease that expires, and another sends it. What a delivery carries, the
// 410 and the 3 days of failures, are webhooks.test.ts's.

const HOUR = 60 * 60 * 1000;
/** A contact of its own: the same message from several addresses would be held as spam, and send nothing. */
const contact = (name: string) => ({
  ...validContact,
  email: `${name}@example.com`,
  message: `Please call me about the units of ${name}.`,
});

describeStorage(
  "the webhook worker",
  (open) => {
    const world = webhookWorld(open);
    const { hook, worker, addEndpoint, submitDemo } = world;

    const deliveries = () =>
      open.db.selectFrom("webhookDeliveries").select(["id", "state", "attempts", "nextAttemptAt"]).execute();

    it("sends the first attempt when the event's commit wakes it, without waiting for a poll", async () => {
      await addEndpoint(["contact.created"]);
      // The server's wiring (main.ts): every commit this process announces wakes the worker.
      const changeFeed = createLocalChangeFeed();
      const app = testApp(open.db, {
        clock: world.time.clock,
        changeFeed,
        config: testConfig({ webhooksAllowPrivate: true }),
      });
      // A poll an hour away: only the wake-up can send within the wait below.
      const running = worker(true, open.db, undefined, { pollMs: HOUR });
      changeFeed.subscribe(running.wake);
      running.start();
      try {
        expect((await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "first-1" })).status).toBe(201);
        await expect.poll(() => hook.received.length, { timeout: 10_000 }).toBe(1);
        expect((await postJson(app, "/api/contacts", contact("second"), { "Idempotency-Key": "first-2" })).status).toBe(
          201,
        );
        await expect.poll(() => hook.received.length, { timeout: 10_000 }).toBe(2);
      } finally {
        await running.stop();
      }
    });

    it("retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h on its clock, then fails the delivery", async () => {
      await addEndpoint(["lead.created"]);
      hook.answers.push(...Array.from({ length: 8 }, () => 503));
      await submitDemo();
      const steps = [5_000, 5 * 60_000, 30 * 60_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
      await worker().runOnce();
      expect(hook.received).toHaveLength(1);
      for (const [index, step] of steps.entries()) {
        const [due] = await deliveries();
        expect(Date.parse(due!.nextAttemptAt!) - world.time.clock().getTime()).toBe(step);
        // Not a moment early.
        world.time.advance(step - 1);
        await worker().runOnce();
        expect(hook.received).toHaveLength(index + 1);
        world.time.advance(1);
        await worker().runOnce();
        expect(hook.received).toHaveLength(index + 2);
      }
      expect(await deliveries()).toEqual([
        expect.objectContaining({ state: "failed", attempts: 8, nextAttemptAt: null }),
      ]);
      world.time.advance(WEBHOOK_DISABLE_AFTER_MS);
      await worker().runOnce();
      expect(hook.received).toHaveLength(8);
    });

    it("jitters a retry's wait by up to a tenth", async () => {
      await addEndpoint(["lead.created"]);
      hook.answers.push(503);
      await submitDemo();
      await worker(true, open.db, undefined, { random: () => 0 }).runOnce();
      const [due] = await deliveries();
      expect(Date.parse(due!.nextAttemptAt!) - world.time.clock().getTime()).toBe(4_500);
    });

    it("keeps at most its cap of attempts in flight per endpoint and in all", async () => {
      const first = await addEndpoint(["contact.created"], hook.url("/first"));
      await addEndpoint(["contact.created"], hook.url("/second"));
      for (let index = 0; index < 5; index += 1) {
        expect(
          (await postJson(world.app, "/api/contacts", contact(`cap${index}`), { "Idempotency-Key": `cap-${index}` }))
            .status,
        ).toBe(201);
      }
      // Attempts that last until the test lets them go.
      const held: { url: string; done: (result: SendResult) => void }[] = [];
      let most = { total: 0, first: 0, second: 0 };
      const hold: typeof sendWebhook = (url) =>
        new Promise((done) => {
          held.push({ url, done });
          const perPath = (path: string) => held.filter((attempt) => attempt.url.endsWith(path)).length;
          most = {
            total: Math.max(most.total, held.length),
            first: Math.max(most.first, perPath("/first")),
            second: Math.max(most.second, perPath("/second")),
          };
        });
      const running = worker(true, open.db, hold, { pollMs: 20, limits: { perEndpoint: 2, inFlight: 3 } });
      running.start();
      let sent = 0;
      try {
        // Full: 2 to one endpoint and 1 to the other.
        await expect.poll(() => held.length).toBe(3);
        expect(held.filter((attempt) => attempt.url.endsWith("/first")).length).toBeLessThanOrEqual(2);
        // Each attempt let go makes room for the next, until all 10 went.
        while (sent < 10) {
          await expect.poll(() => held.length).toBeGreaterThan(0);
          held.shift()!.done({ status: 204, durationMs: 1, error: null });
          sent += 1;
        }
        await expect
          .poll(async () => (await deliveries()).filter((delivery) => delivery.state === "delivered").length)
          .toBe(10);
      } finally {
        for (const attempt of held.splice(0)) attempt.done({ status: 204, durationMs: 1, error: null });
        await running.stop();
      }
      expect(most.total).toBe(3);
      expect(Math.max(most.first, most.second)).toBe(2);
      const log = await sendAs(world.app, "GET", `/api/admin/webhooks/${first.id}/deliveries`, {
        cookie: world.cookie,
      });
      expect(((await log.json()) as unknown[]).length).toBe(5);
    });

    it("never sends one delivery twice from two workers running at once", async () => {
      await addEndpoint(["contact.created"]);
      const count = 40;
      for (let index = 0; index < count; index += 1) {
        expect(
          (await postJson(world.app, "/api/contacts", contact(`two${index}`), { "Idempotency-Key": `two-${index}` }))
            .status,
        ).toBe(201);
      }
      const limits = { perEndpoint: 3, inFlight: 3 };
      const [one, two] = [worker(true, open.db, undefined, { limits }), worker(true, open.db, undefined, { limits })];
      for (let round = 0; round < count && hook.received.length < count; round += 1)
        await Promise.all([one.runOnce(), two.runOnce()]);
      const ids = hook.received.map((message) => String(message.headers["webhook-id"]));
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
    });

    it("sends again a delivery whose worker died with it claimed, once its lease has run out", async () => {
      await addEndpoint(["lead.created"]);
      await submitDemo();
      // A worker that claims it and never finishes: killed mid-attempt.
      void worker(true, open.db, () => new Promise<SendResult>(() => {})).runOnce();
      await expect.poll(async () => (await deliveries()).map((delivery) => delivery.attempts)).toEqual([1]);
      // Another worker leaves it alone while the lease holds...
      world.time.advance(DELIVERY_LEASE_MS - 1);
      await worker().runOnce();
      expect(hook.received).toHaveLength(0);
      // ...and sends it once it has run out.
      world.time.advance(1);
      await worker().runOnce();
      expect(hook.received).toHaveLength(1);
      expect(await deliveries()).toEqual([expect.objectContaining({ state: "delivered", attempts: 2 })]);
    });
  },
  { admin: true },
);
