import { UpdateQueryNode, type KyselyPlugin } from "kysely";
import { expect, it } from "vitest";
import { WEBHOOK_DISABLE_AFTER_MS, type WebhookAttempt, type WebhookEndpoint } from "../../src/domain/webhooks";
import { ADMIN_EMAIL, mintSession, send } from "../test-support/admin";
import { postJson, validContact } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { BUSY_FAN_OUT } from "./dispatcher";
import { HELD_PER_ENDPOINT } from "./send-slots";
import type { sendWebhook } from "./send";
import { webhookWorld } from "./webhook-world";

// Webhooks end to end on SQLite and PostgreSQL: an admin adds an endpoint, records arrive and change, the
// dispatcher signs and posts each event to a real HTTP receiver started here, which verifies it with the
// standardwebhooks package as a customer's would. Failures retry, a 410 disables, a resend keeps the
// webhook-id, a rotation signs with both secrets, spam sends nothing, and an erasure takes the queue along.
// The address rules are webhook-ssrf.test.ts's.

/** Counts the deliveries claimed by an update: claimDueDeliveries is the one update of them that returns rows. */
function countingClaims() {
  const claims = new WeakSet<object>();
  let claimed = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (UpdateQueryNode.is(node) && node.returning && /webhook_?deliveries/i.test(JSON.stringify(node.table))) claims.add(queryId);
      return node;
    },
    transformResult({ result, queryId }) {
      if (claims.has(queryId)) claimed += result.rows.length;
      return Promise.resolve(result);
    },
  };
  return { plugin, claimed: () => claimed };
}

describeStorage("webhooks", (open) => {
  const world = webhookWorld(open);
  const { hook, verify, dispatcher, addEndpoint, submitDemo } = world;

  it("signs each event as Standard Webhooks has it, with the record as the staff API lists it", async () => {
    const { id, secret, endpoint } = await addEndpoint(["lead.created", "record.status_changed", "record.assigned", "note.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ id, events: ["lead.created", "record.status_changed", "record.assigned", "note.created"], disabled: false, createdBy: ADMIN_EMAIL });
    const listed = (await (await send(world.app, "GET", "/api/admin/webhooks", { cookie: world.cookie })).json()) as unknown[];
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6, 20));

    const leadId = await submitDemo();
    await postJson(world.app, "/api/contacts", validContact, { "Idempotency-Key": "contact-1" });
    expect(await dispatcher().runOnce()).toMatchObject({ fannedOut: 2, sent: 1 });
    expect(hook.received).toHaveLength(1);
    const created = verify(secret, hook.received[0]!);
    expect(created).toMatchObject({ type: "lead.created", data: { id: leadId, email: "ama@example.com", type: "demo", phoneE164: "+233200000000" } });
    expect(created.timestamp).toBe("2026-03-02T08:00:00.000Z");
    expect(hook.received[0]!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(hook.received[0]!.headers["content-type"]).toBe("application/json");

    expect((await send(world.app, "PATCH", `/api/admin/leads/${leadId}`, { cookie: world.cookie, body: { status: "contacted", owner: ADMIN_EMAIL } })).status).toBe(200);
    expect((await send(world.app, "POST", `/api/admin/leads/${leadId}/notes`, { cookie: world.cookie, body: { body: "Called: wants a demo on Friday" } })).status).toBe(201);
    await dispatcher().runOnce();
    const events = hook.received.slice(1).map((message) => verify(secret, message));
    expect(events.map((event) => event.type).sort()).toEqual(["note.created", "record.assigned", "record.status_changed"]);
    expect(events.find((event) => event.type === "record.status_changed")).toMatchObject({ change: { status: { from: "new", to: "contacted" }, by: ADMIN_EMAIL } });
    expect(events.find((event) => event.type === "record.assigned")).toMatchObject({ change: { owner: { from: null, to: ADMIN_EMAIL } } });
    expect(events.find((event) => event.type === "note.created")).toMatchObject({ change: { note: { body: "Called: wants a demo on Friday", author: ADMIN_EMAIL } } });

    const log = (await (await send(world.app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie: world.cookie })).json()) as WebhookAttempt[];
    expect(log).toHaveLength(4);
    expect(log.every((attempt) => attempt.status === 204 && attempt.error === null)).toBe(true);
  });

  it("sends newsletter subscriptions and opt-outs, and nothing for spam until staff say it is not", async () => {
    const { secret } = await addEndpoint(["newsletter.subscribed", "newsletter.unsubscribed", "contact.created", "lead.created"]);
    const subscribed = await postJson(world.app, "/api/newsletter", { email: "reader@example.com" }, { "Idempotency-Key": "news-1" });
    expect(subscribed.status).toBe(201);
    const subscription = await open.db.selectFrom("newsletter").select("id").where("email", "=", "reader@example.com").executeTakeFirstOrThrow();
    expect((await send(world.app, "PATCH", `/api/admin/newsletter/${subscription.id}`, { cookie: world.cookie, body: { status: "unsubscribed" } })).status).toBe(200);
    // Spam: a blocklisted address scores 100, above the threshold of 40.
    expect((await send(world.app, "POST", "/api/admin/spam/blocklist", { cookie: world.cookie, body: { entry: "pest@example.org" } })).status).toBe(201);
    const spamResponse = await postJson(world.app, "/api/contacts", { ...validContact, email: "pest@example.org" }, { "Idempotency-Key": "spam-1" });
    const spamId = ((await spamResponse.json()) as { id: string }).id;
    await dispatcher().runOnce();
    // Sent side by side: deliveries promise no order (each carries its own timestamp).
    expect(hook.received.map((message) => verify(secret, message).type).sort()).toEqual(["newsletter.subscribed", "newsletter.unsubscribed"]);

    expect((await send(world.app, "POST", `/api/admin/contacts/${spamId}/spam`, { cookie: world.cookie, body: { verdict: "not-spam" } })).status).toBe(200);
    await dispatcher().runOnce();
    expect(verify(secret, hook.received[2]!)).toMatchObject({ type: "contact.created", data: { id: spamId } });

    // Spam and not spam again, and a clean arrival marked spam and back: nothing is created twice.
    const clean = ((await (await postJson(world.app, "/api/contacts", { ...validContact, email: "clean@example.org" }, { "Idempotency-Key": "clean-1" })).json()) as { id: string }).id;
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(4);
    for (const id of [spamId, clean, spamId, clean]) {
      for (const verdict of ["spam", "not-spam"]) expect((await send(world.app, "POST", `/api/admin/contacts/${id}/spam`, { cookie: world.cookie, body: { verdict } })).status).toBe(200);
    }
    await dispatcher().runOnce();
    expect(hook.received.map((message) => verify(secret, message)).filter((event) => event.type === "contact.created").map((event) => (event.data as { id: string }).id).sort()).toEqual([spamId, clean].sort());
  });

  it("retries a failure with backoff, follows no redirect, keeps the webhook-id, and resends on request", async () => {
    const { id, secret } = await addEndpoint(["lead.created"]);
    hook.answers.push(500, 302);
    await submitDemo();
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(1);
    // Not due yet: nothing goes.
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(1);
    world.time.advance(60_000);
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(2);
    world.time.advance(120_000);
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(3);
    const ids = new Set(hook.received.map((message) => message.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(hook.received.every((message) => message.path === "/hook")).toBe(true);
    for (const message of hook.received) verify(secret, message);

    const log = (await (await send(world.app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie: world.cookie })).json()) as WebhookAttempt[];
    expect(log.map((attempt) => attempt.status)).toEqual([204, 302, 500]);
    expect(log[1]!.error).toContain("redirects are not followed");
    const resent = await send(world.app, "POST", `/api/admin/webhook-deliveries/${log[0]!.id}/resend`, { cookie: world.cookie, body: {} });
    expect(resent.status).toBe(202);
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(4);
    expect(hook.received[3]!.headers["webhook-id"]).toBe(hook.received[0]!.headers["webhook-id"]);
    const audit = await open.db.selectFrom("audit").select(["action", "details"]).where("action", "like", "webhook.%").orderBy("id").execute();
    expect(audit.filter((row) => row.details.includes(id)).map((row) => row.action)).toEqual(["webhook.create", "webhook.resend"]);
  });

  it("disables an endpoint that answers 410, and one that failed everything for 3 days", async () => {
    const gone = await addEndpoint(["lead.created"], hook.url("/gone"));
    hook.answers.push(410);
    await submitDemo();
    await dispatcher().runOnce();
    const endpoints = async () => {
      // Days pass here: a fresh session each time.
      world.cookie = await mintSession(world.app, open.db);
      const response = await send(world.app, "GET", "/api/admin/webhooks", { cookie: world.cookie });
      expect(response.status).toBe(200);
      return (await response.json()) as WebhookEndpoint[];
    };
    expect((await endpoints()).find((endpoint) => endpoint.id === gone.id)).toMatchObject({ disabled: true, disabledReason: "gone" });
    expect((await send(world.app, "DELETE", `/api/admin/webhooks/${gone.id}`, { cookie: world.cookie })).status).toBe(204);

    const failing = await addEndpoint(["lead.created"]);
    hook.answers.push(...Array.from({ length: 40 }, () => 503));
    for (let day = 0; day < 4; day += 1) {
      await submitDemo(`day${day}@example.com`);
      await dispatcher().runOnce();
      world.time.advance(WEBHOOK_DISABLE_AFTER_MS / 3);
    }
    expect((await endpoints()).find((endpoint) => endpoint.id === failing.id)).toMatchObject({ disabled: true, disabledReason: "failing", failingSince: "2026-03-02T08:00:00.000Z" });
    const disabled = await open.db.selectFrom("audit").select(["actor", "details"]).where("action", "=", "webhook.disabled").orderBy("id").execute();
    const ours = disabled.filter((row) => row.details.includes(gone.id) || row.details.includes(failing.id));
    expect(ours.map((row) => [row.actor, (JSON.parse(row.details) as { reason: string }).reason])).toEqual([
      ["system", "it answered 410 Gone"],
      ["system", "every delivery failed for 3 days"],
    ]);
    // Switched back on by an admin: the failure streak starts again.
    const on = await send(world.app, "PATCH", `/api/admin/webhooks/${failing.id}`, { cookie: world.cookie, body: { disabled: false } });
    expect(await on.json()).toMatchObject({ disabled: false, disabledReason: null, failingSince: null });
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const { id, secret } = await addEndpoint(["lead.created"]);
    const rotated = (await (await send(world.app, "POST", `/api/admin/webhooks/${id}/rotate`, { cookie: world.cookie, body: {} })).json()) as { secret: string; previousSecretUntil: string };
    expect(rotated.previousSecretUntil).toBe("2026-03-03T08:00:00.000Z");
    await submitDemo();
    await dispatcher().runOnce();
    expect(String(hook.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    verify(secret, hook.received[0]!);
    verify(rotated.secret, hook.received[0]!);
    world.time.advance(24 * 60 * 60 * 1000 + 1);
    await submitDemo("later@example.com");
    await dispatcher().runOnce();
    expect(String(hook.received[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    verify(rotated.secret, hook.received[1]!);
    expect(() => verify(secret, hook.received[1]!)).toThrow();
  });

  it("shows a person's queued and logged webhooks in their access export, and erases them with them", async () => {
    hook.answers.push(500);
    await addEndpoint(["lead.created"]);
    await submitDemo("gone@example.com");
    await dispatcher().runOnce();
    await submitDemo("gone@example.com");
    // Before: the access export shows them, the delivery with where it went and its attempt.
    const exported = (await (await send(world.app, "GET", "/api/admin/subjects/export?email=gone%40example.com", { cookie: world.cookie })).json()) as { webhooks: { queued: unknown[]; deliveries: { endpointUrl: string; payload: string; attempts: { status: number }[] }[] } };
    expect(exported.webhooks.queued).toHaveLength(1);
    expect(exported.webhooks.deliveries).toEqual([expect.objectContaining({ endpointUrl: hook.url(), attempts: [expect.objectContaining({ status: 500 })] })]);
    expect(exported.webhooks.deliveries[0]!.payload).toContain("gone@example.com");
    const erased = await send(world.app, "DELETE", "/api/admin/subjects?email=gone%40example.com", { cookie: world.cookie });
    expect(erased.status).toBe(200);
    const left = [
      ...(await open.db.selectFrom("webhookEvents").selectAll().execute()),
      ...(await open.db.selectFrom("webhookDeliveries").selectAll().execute()),
      ...(await open.db.selectFrom("webhookAttempts").selectAll().execute()),
    ];
    expect(JSON.stringify(left)).not.toContain("gone@example.com");
    expect(left).toEqual([]);
  });

  /** Sends that answer 204 at once, or, while `holding`, only when released; counting how many run at once. */
  function heldSends() {
    const open: (() => void)[] = [];
    const sent: string[] = [];
    let running = 0;
    let most = 0;
    const state = { holding: false };
    const send: typeof sendWebhook = async (_url, signed) => {
      running += 1;
      most = Math.max(most, running);
      if (state.holding) await new Promise<void>((resolve) => open.push(resolve));
      running -= 1;
      sent.push(signed.id);
      return { status: 204, durationMs: 1, error: null };
    };
    return { send, state, sent, open, most: () => most, release: (count = open.length) => open.splice(0, count).forEach((resolve) => resolve()) };
  }

  const until = async (what: () => boolean | Promise<boolean>) => {
    const started = Date.now();
    while (!(await what())) {
      if (Date.now() - started > 10_000) throw new Error("timed out waiting");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const contacts = async (emails: readonly string[]) => {
    // Each its own message: the same one again would be scored as spam, which sends nothing.
    for (const email of emails)
      expect((await postJson(world.app, "/api/contacts", { ...validContact, email, message: `A question from ${email} about portfolio ${email.length}.` }, { "Idempotency-Key": email })).status).toBe(201);
  };
  const lockedDeliveries = async () => (await open.db.selectFrom("webhookDeliveries").select("id").where("lockedUntil", "is not", null).execute()).length;

  it("stores a caught-up endpoint's new deliveries claimed as it fans them out, up to what it may hold, each sent once", async () => {
    const counting = countingClaims();
    const sends = heldSends();
    const sender = dispatcher(true, open.db.withPlugin(counting.plugin), sends.send);
    await addEndpoint(["contact.created"]);

    await contacts(["first@example.com"]);
    // Not known to be caught up yet: claimed by an update, which took everything due.
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 1, sent: 1 });
    expect(counting.claimed()).toBe(1);
    await contacts(["next.1@example.com", "next.2@example.com", "next.3@example.com"]);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 3, sent: 3 });
    expect(counting.claimed()).toBe(1);

    // More new ones than it may hold (its 16 slots, 5 rounds of them), while none of its sends finishes:
    // HELD_PER_ENDPOINT claimed at the fan-out, the other 4 left due and claimed by an update later.
    const more = Array.from({ length: HELD_PER_ENDPOINT + 4 }, (_, n) => `more.${n}@example.com`);
    await contacts(more);
    sends.state.holding = true;
    sender.start();
    sender.wake();
    await until(() => sends.open.length === 16);
    expect(await lockedDeliveries()).toBe(HELD_PER_ENDPOINT);
    sends.state.holding = false;
    sends.release();
    await until(() => sends.sent.length === 4 + more.length);
    await sender.stop();
    expect(counting.claimed()).toBe(1 + 4);
    expect(sends.most()).toBe(16);
    expect(new Set(sends.sent).size).toBe(4 + more.length);
  }, 60_000);

  it(`yields to a busy server: a pass fans out at most ${BUSY_FAN_OUT} events while it is busy, and the rest once it is not, each sent once`, async () => {
    await addEndpoint(["contact.created"]);
    const emails = Array.from({ length: 2 * BUSY_FAN_OUT + 10 }, (_, n) => `busy.${n}@example.com`);
    await contacts(emails);
    const load = { busy: true };
    const sends = heldSends();
    const sender = dispatcher(true, open.db, sends.send, () => load.busy);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: BUSY_FAN_OUT, sent: BUSY_FAN_OUT });
    expect(await sender.runOnce()).toMatchObject({ fannedOut: BUSY_FAN_OUT, sent: BUSY_FAN_OUT });
    load.busy = false;
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 10, sent: 10 });
    expect(sends.sent).toHaveLength(emails.length);
    expect(new Set(sends.sent).size).toBe(emails.length);
  });

  it("sends at most 16 of an endpoint's deliveries at once, starts the next as one finishes, and hands back what waits when it stops", async () => {
    const sends = heldSends();
    const sender = dispatcher(true, open.db, sends.send);
    await addEndpoint(["contact.created"]);
    await contacts(Array.from({ length: 24 }, (_, n) => `wait.${n}@example.com`));
    sends.state.holding = true;
    sender.start();
    sender.wake();
    // All 24 claimed (they fit in what it may hold), 16 sent, 8 waiting for a slot.
    await until(() => sends.open.length === 16);
    expect(await lockedDeliveries()).toBe(24);
    // Four finish: four more start, with no pass between.
    sends.release(4);
    await until(() => sends.sent.length === 4 && sends.open.length === 16);
    expect(sends.most()).toBe(16);

    const stopped = sender.stop();
    await until(() => sends.open.length === 16);
    sends.release();
    await stopped;
    // 20 sent and recorded; the 4 that waited are due again at once, their claim's attempt uncounted.
    const rows = await open.db.selectFrom("webhookDeliveries").select(["id", "state", "attempts", "lockedUntil"]).execute();
    const delivered = rows.filter((row) => row.state === "delivered");
    const handedBack = rows.filter((row) => row.state === "pending");
    expect([delivered.length, handedBack.length]).toEqual([20, 4]);
    expect(handedBack.every((row) => row.lockedUntil === null && Number(row.attempts) === 0)).toBe(true);
    expect(handedBack.map((row) => row.id).filter((id) => sends.sent.includes(id))).toEqual([]);

    // The next sender sends them without waiting for the lease to run out.
    const next = heldSends();
    expect(await dispatcher(true, open.db, next.send).runOnce()).toMatchObject({ sent: 4 });
    expect(next.sent.toSorted()).toEqual(handedBack.map((row) => row.id).toSorted());
  }, 60_000);
}, { admin: true });
