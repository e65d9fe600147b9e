import { expect, it } from "vitest";
import { WEBHOOK_DISABLE_AFTER_MS, type WebhookAttempt, type WebhookEndpoint } from "../../src/domain/webhooks";
import { ADMIN_EMAIL, mintSession, send } from "../test-support/admin";
import { postJson, validContact } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { webhookWorld } from "./webhook-world";

// Webhooks end to end on SQLite and PostgreSQL: an admin adds an endpoint, records arrive and change, the
// worker signs and posts each event to a real HTTP receiver started here, which verifies it with the
// standardwebhooks package as a customer's would. Failures retry, a 410 disables, a resend keeps the
// webhook-id, a rotation signs with both secrets, spam sends nothing, and an erasure takes the queue along.
// The address rules are webhook-ssrf.test.ts's; the worker's timing, caps and leases, worker.test.ts's.

describeStorage(
  "webhooks",
  (open) => {
    const world = webhookWorld(open);
    const { hook, verify, worker, addEndpoint, submitDemo } = world;

    it("signs each event as Standard Webhooks has it, with the record as the staff API lists it", async () => {
      const { id, secret, endpoint } = await addEndpoint([
        "lead.created",
        "record.status_changed",
        "record.assigned",
        "note.created",
      ]);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(endpoint).toMatchObject({
        id,
        events: ["lead.created", "record.status_changed", "record.assigned", "note.created"],
        disabled: false,
        createdBy: ADMIN_EMAIL,
      });
      const listed = (await (
        await send(world.app, "GET", "/api/admin/webhooks", { cookie: world.cookie })
      ).json()) as unknown[];
      expect(JSON.stringify(listed)).not.toContain(secret.slice(6, 20));

      const leadId = await submitDemo();
      await postJson(world.app, "/api/contacts", validContact, { "Idempotency-Key": "contact-1" });
      expect(await worker().runOnce()).toMatchObject({ fannedOut: 2, sent: 1 });
      expect(hook.received).toHaveLength(1);
      const created = verify(secret, hook.received[0]!);
      expect(created).toMatchObject({
        type: "lead.created",
        data: { id: leadId, email: "ama@example.com", type: "demo", phoneE164: "+233200000000" },
      });
      expect(created.timestamp).toBe("2026-03-02T08:00:00.000Z");
      expect(hook.received[0]!.headers["webhook-id"]).toMatch(/^msg_/);
      expect(hook.received[0]!.headers["content-type"]).toBe("application/json");

      expect(
        (
          await send(world.app, "PATCH", `/api/admin/leads/${leadId}`, {
            cookie: world.cookie,
            body: { status: "contacted", owner: ADMIN_EMAIL },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await send(world.app, "POST", `/api/admin/leads/${leadId}/notes`, {
            cookie: world.cookie,
            body: { body: "Called: wants a demo on Friday" },
          })
        ).status,
      ).toBe(201);
      await worker().runOnce();
      const events = hook.received.slice(1).map((message) => verify(secret, message));
      expect(events.map((event) => event.type).sort()).toEqual([
        "note.created",
        "record.assigned",
        "record.status_changed",
      ]);
      expect(events.find((event) => event.type === "record.status_changed")).toMatchObject({
        change: { status: { from: "new", to: "contacted" }, by: ADMIN_EMAIL },
      });
      expect(events.find((event) => event.type === "record.assigned")).toMatchObject({
        change: { owner: { from: null, to: ADMIN_EMAIL } },
      });
      expect(events.find((event) => event.type === "note.created")).toMatchObject({
        change: { note: { body: "Called: wants a demo on Friday", author: ADMIN_EMAIL } },
      });

      const log = (await (
        await send(world.app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie: world.cookie })
      ).json()) as WebhookAttempt[];
      expect(log).toHaveLength(4);
      expect(log.every((attempt) => attempt.status === 204 && attempt.error === null)).toBe(true);
    });

    it("sends newsletter subscriptions and opt-outs, and nothing for spam until staff say it is not", async () => {
      const { secret } = await addEndpoint([
        "newsletter.subscribed",
        "newsletter.unsubscribed",
        "contact.created",
        "lead.created",
      ]);
      const subscribed = await postJson(
        world.app,
        "/api/newsletter",
        { email: "reader@example.com" },
        { "Idempotency-Key": "news-1" },
      );
      expect(subscribed.status).toBe(201);
      const subscription = await open.db
        .selectFrom("newsletter")
        .select("id")
        .where("email", "=", "reader@example.com")
        .executeTakeFirstOrThrow();
      expect(
        (
          await send(world.app, "PATCH", `/api/admin/newsletter/${subscription.id}`, {
            cookie: world.cookie,
            body: { status: "unsubscribed" },
          })
        ).status,
      ).toBe(200);
      // Spam: a blocklisted address scores 100, above the threshold of 40.
      expect(
        (
          await send(world.app, "POST", "/api/admin/spam/blocklist", {
            cookie: world.cookie,
            body: { entry: "pest@example.org" },
          })
        ).status,
      ).toBe(201);
      const spamResponse = await postJson(
        world.app,
        "/api/contacts",
        { ...validContact, email: "pest@example.org" },
        { "Idempotency-Key": "spam-1" },
      );
      const spamId = ((await spamResponse.json()) as { id: string }).id;
      await worker().runOnce();
      // Sent side by side: deliveries promise no order (each carries its own timestamp).
      expect(hook.received.map((message) => verify(secret, message).type).sort()).toEqual([
        "newsletter.subscribed",
        "newsletter.unsubscribed",
      ]);

      expect(
        (
          await send(world.app, "POST", `/api/admin/contacts/${spamId}/spam`, {
            cookie: world.cookie,
            body: { verdict: "not-spam" },
          })
        ).status,
      ).toBe(200);
      await worker().runOnce();
      expect(verify(secret, hook.received[2]!)).toMatchObject({ type: "contact.created", data: { id: spamId } });

      // Spam and not spam again, and a clean arrival marked spam and back: nothing is created twice.
      const clean = (
        (await (
          await postJson(
            world.app,
            "/api/contacts",
            { ...validContact, email: "clean@example.org" },
            { "Idempotency-Key": "clean-1" },
          )
        ).json()) as { id: string }
      ).id;
      await worker().runOnce();
      expect(hook.received).toHaveLength(4);
      for (const id of [spamId, clean, spamId, clean]) {
        for (const verdict of ["spam", "not-spam"])
          expect(
            (
              await send(world.app, "POST", `/api/admin/contacts/${id}/spam`, {
                cookie: world.cookie,
                body: { verdict },
              })
            ).status,
          ).toBe(200);
      }
      await worker().runOnce();
      expect(
        hook.received
          .map((message) => verify(secret, message))
          .filter((event) => event.type === "contact.created")
          .map((event) => (event.data as { id: string }).id)
          .sort(),
      ).toEqual([spamId, clean].sort());
    });

    it("retries a failure with backoff, follows no redirect, keeps the webhook-id, and resends on request", async () => {
      const { id, secret } = await addEndpoint(["lead.created"]);
      hook.answers.push(500, 302);
      await submitDemo();
      await worker().runOnce();
      expect(hook.received).toHaveLength(1);
      verify(secret, hook.received[0]!);
      // Not due yet: nothing goes.
      await worker().runOnce();
      expect(hook.received).toHaveLength(1);
      // The schedule's first two waits, 5 s and 5 min (the world's jitter is none).
      world.time.advance(5_000);
      await worker().runOnce();
      expect(hook.received).toHaveLength(2);
      verify(secret, hook.received[1]!);
      world.time.advance(5 * 60_000 - 1);
      await worker().runOnce();
      expect(hook.received).toHaveLength(2);
      world.time.advance(1);
      await worker().runOnce();
      expect(hook.received).toHaveLength(3);
      verify(secret, hook.received[2]!);
      const ids = new Set(hook.received.map((message) => message.headers["webhook-id"]));
      expect(ids.size).toBe(1);
      expect(hook.received.every((message) => message.path === "/hook")).toBe(true);

      const log = (await (
        await send(world.app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie: world.cookie })
      ).json()) as WebhookAttempt[];
      expect(log.map((attempt) => attempt.status)).toEqual([204, 302, 500]);
      expect(log[1]!.error).toContain("redirects are not followed");
      const resent = await send(world.app, "POST", `/api/admin/webhook-deliveries/${log[0]!.id}/resend`, {
        cookie: world.cookie,
        body: {},
      });
      expect(resent.status).toBe(202);
      await worker().runOnce();
      expect(hook.received).toHaveLength(4);
      expect(hook.received[3]!.headers["webhook-id"]).toBe(hook.received[0]!.headers["webhook-id"]);
      const audit = await open.db
        .selectFrom("audit")
        .select(["action", "details"])
        .where("action", "like", "webhook.%")
        .orderBy("id")
        .execute();
      expect(audit.filter((row) => row.details.includes(id)).map((row) => row.action)).toEqual([
        "webhook.create",
        "webhook.resend",
      ]);
    });

    it("disables an endpoint that answers 410, and one that failed everything for 3 days", async () => {
      const gone = await addEndpoint(["lead.created"], hook.url("/gone"));
      hook.answers.push(410);
      await submitDemo();
      await worker().runOnce();
      const endpoints = async () => {
        // Days pass here: a fresh session each time.
        world.cookie = await mintSession(world.app, open.db);
        const response = await send(world.app, "GET", "/api/admin/webhooks", { cookie: world.cookie });
        expect(response.status).toBe(200);
        return (await response.json()) as WebhookEndpoint[];
      };
      expect((await endpoints()).find((endpoint) => endpoint.id === gone.id)).toMatchObject({
        disabled: true,
        disabledReason: "gone",
      });
      expect((await send(world.app, "DELETE", `/api/admin/webhooks/${gone.id}`, { cookie: world.cookie })).status).toBe(
        204,
      );

      const failing = await addEndpoint(["lead.created"]);
      hook.answers.push(...Array.from({ length: 40 }, () => 503));
      for (let day = 0; day < 4; day += 1) {
        await submitDemo(`day${day}@example.com`);
        await worker().runOnce();
        world.time.advance(WEBHOOK_DISABLE_AFTER_MS / 3);
      }
      expect((await endpoints()).find((endpoint) => endpoint.id === failing.id)).toMatchObject({
        disabled: true,
        disabledReason: "failing",
        failingSince: "2026-03-02T08:00:00.000Z",
      });
      const disabled = await open.db
        .selectFrom("audit")
        .select(["actor", "details"])
        .where("action", "=", "webhook.disabled")
        .orderBy("id")
        .execute();
      const ours = disabled.filter((row) => row.details.includes(gone.id) || row.details.includes(failing.id));
      expect(ours.map((row) => [row.actor, (JSON.parse(row.details) as { reason: string }).reason])).toEqual([
        ["system", "it answered 410 Gone"],
        ["system", "every delivery failed for 3 days"],
      ]);
      // Switched back on by an admin: the failure streak starts again.
      const on = await send(world.app, "PATCH", `/api/admin/webhooks/${failing.id}`, {
        cookie: world.cookie,
        body: { disabled: false },
      });
      expect(await on.json()).toMatchObject({ disabled: false, disabledReason: null, failingSince: null });
    });

    it("signs with both secrets for a day after a rotation", async () => {
      const { id, secret } = await addEndpoint(["lead.created"]);
      const rotated = (await (
        await send(world.app, "POST", `/api/admin/webhooks/${id}/rotate`, { cookie: world.cookie, body: {} })
      ).json()) as { secret: string; previousSecretUntil: string };
      expect(rotated.previousSecretUntil).toBe("2026-03-03T08:00:00.000Z");
      await submitDemo();
      await worker().runOnce();
      expect(String(hook.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
      verify(secret, hook.received[0]!);
      verify(rotated.secret, hook.received[0]!);
      world.time.advance(24 * 60 * 60 * 1000 + 1);
      await submitDemo("later@example.com");
      await worker().runOnce();
      expect(String(hook.received[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
      verify(rotated.secret, hook.received[1]!);
      expect(() => verify(secret, hook.received[1]!)).toThrow();
    });

    it("shows a person's queued and logged webhooks in their access export, and erases them with them", async () => {
      hook.answers.push(500);
      await addEndpoint(["lead.created"]);
      await submitDemo("gone@example.com");
      await worker().runOnce();
      await submitDemo("gone@example.com");
      // Before: the access export shows them, the delivery with where it went and its attempt.
      const exported = (await (
        await send(world.app, "POST", "/api/admin/subjects/export", {
          cookie: world.cookie,
          body: { email: "gone@example.com" },
        })
      ).json()) as {
        webhooks: {
          queued: unknown[];
          deliveries: { endpointUrl: string; payload: string; attempts: { status: number }[] }[];
        };
      };
      expect(exported.webhooks.queued).toHaveLength(1);
      expect(exported.webhooks.deliveries).toEqual([
        expect.objectContaining({ endpointUrl: hook.url(), attempts: [expect.objectContaining({ status: 500 })] }),
      ]);
      expect(exported.webhooks.deliveries[0]!.payload).toContain("gone@example.com");
      const erased = await send(world.app, "POST", "/api/admin/subjects/erase", {
        cookie: world.cookie,
        body: { email: "gone@example.com" },
      });
      expect(erased.status).toBe(200);
      const left = [
        ...(await open.db.selectFrom("webhookEvents").selectAll().execute()),
        ...(await open.db.selectFrom("webhookDeliveries").selectAll().execute()),
        ...(await open.db.selectFrom("webhookAttempts").selectAll().execute()),
      ];
      expect(JSON.stringify(left)).not.toContain("gone@example.com");
      expect(left).toEqual([]);
    });
  },
  { admin: true },
);
