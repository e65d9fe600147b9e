import { UpdateQueryNode, type KyselyPlugin } from "kysely";
import { expect, it } from "vitest";
import { postJson, validContact } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { BUSY_FAN_OUT, MAX_DEFER_MS } from "./dispatcher";
import { HELD_PER_ENDPOINT } from "./send-slots";
import type { sendWebhook } from "./send";
import { webhookWorld } from "./webhook-world";

// How much the sender holds and sends at once (send-slots.ts), on SQLite and PostgreSQL: an endpoint's
// deliveries claimed at the fan-out up to what it may hold, at most 16 of its sends at once, the next
// started as one finishes, what waits handed back when it stops, and nothing new, then fewer events a pass,
// while the server is busy (decisions 0041, 0042). The sends here are held until the test releases them.

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

describeStorage("the webhook sender's slots", (open) => {
  const world = webhookWorld(open);
  const { dispatcher, addEndpoint } = world;

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

  // Not vi.waitUntil: with Date faked (webhookWorld) it advances the fake time, which moves the claims'
  // leases. The timeout reads performance.now(), which the fake Date leaves running.
  const until = async (what: () => boolean | Promise<boolean>) => {
    const started = performance.now();
    while (!(await what())) {
      if (performance.now() - started > 10_000) throw new Error("timed out waiting");
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

  it(`defers to a busy server: starts no delivery for ${MAX_DEFER_MS / 1000} s of it, then at most ${BUSY_FAN_OUT} events a pass, and the rest once it is not busy, each sent once`, async () => {
    await addEndpoint(["contact.created"]);
    const emails = Array.from({ length: 2 * BUSY_FAN_OUT + 10 }, (_, n) => `busy.${n}@example.com`);
    await contacts(emails);
    const load = { busy: true };
    const sends = heldSends();
    const sender = dispatcher(true, open.db, sends.send, () => load.busy);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 0, sent: 0 });
    world.time.advance(MAX_DEFER_MS - 1);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 0, sent: 0 });
    expect(sends.sent).toHaveLength(0);
    // A sustained load: a trickle.
    world.time.advance(1);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: BUSY_FAN_OUT, sent: BUSY_FAN_OUT });
    expect(await sender.runOnce()).toMatchObject({ fannedOut: BUSY_FAN_OUT, sent: BUSY_FAN_OUT });
    load.busy = false;
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 10, sent: 10 });

    // A new load defers afresh.
    await contacts(["after.1@example.com", "after.2@example.com"]);
    load.busy = true;
    world.time.advance(MAX_DEFER_MS - 1);
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 0, sent: 0 });
    load.busy = false;
    expect(await sender.runOnce()).toMatchObject({ fannedOut: 2, sent: 2 });
    expect(sends.sent).toHaveLength(emails.length + 2);
    expect(new Set(sends.sent).size).toBe(emails.length + 2);
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
