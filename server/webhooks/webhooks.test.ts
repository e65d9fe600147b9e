import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { WEBHOOK_DISABLE_AFTER_MS, type WebhookAttempt, type WebhookEndpoint, type WebhookPayload } from "../../src/domain/webhooks";
import { createLogger } from "../logger";
import { derivePrivacyKeys } from "../privacy/keys";
import { ADMIN_EMAIL, mintSession, send } from "../test-support/admin";
import { manualClock, postJson, testApp, testConfig, validContact, validDemo } from "../test-support/app";
import { TEST_APP_SECRET } from "../test-support/secrets";
import { describeStorage } from "../test-support/storage-suite";
import { createWebhookDispatcher } from "./dispatcher";

// Webhooks end to end on SQLite and PostgreSQL: an admin adds an endpoint, records arrive and change, the
// dispatcher signs and posts each event to a real HTTP receiver started here, which verifies it with the
// standardwebhooks package as a customer's would. Failures retry, a 410 disables, a resend keeps the
// webhook-id, a rotation signs with both secrets, spam sends nothing, and an erasure takes the queue along.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A receiver on 127.0.0.1 answering each POST with the next of `answers` (then 204), keeping what came. */
function receiver() {
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


describeStorage("webhooks", (open) => {
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

  const dispatcher = (allowPrivate = true) =>
    createWebhookDispatcher({ db: open.db, keys, clock: time.clock, logger: createLogger("silent"), policy: { allowPrivate }, random: () => 0.5 });

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
    const response = await postJson(app, "/api/leads", { ...validDemo, email }, { "Idempotency-Key": `demo-${email}-${Math.random()}` });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  it("signs each event as Standard Webhooks has it, with the record as the staff API lists it", async () => {
    const { id, secret, endpoint } = await addEndpoint(["lead.created", "record.status_changed", "record.assigned", "note.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ id, events: ["lead.created", "record.status_changed", "record.assigned", "note.created"], disabled: false, createdBy: ADMIN_EMAIL });
    const listed = (await (await send(app, "GET", "/api/admin/webhooks", { cookie })).json()) as unknown[];
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6, 20));

    const leadId = await submitDemo();
    await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "contact-1" });
    expect(await dispatcher().runOnce()).toMatchObject({ fannedOut: 2, sent: 1 });
    expect(hook.received).toHaveLength(1);
    const created = verify(secret, hook.received[0]!);
    expect(created).toMatchObject({ type: "lead.created", data: { id: leadId, email: "ama@example.com", type: "demo", phoneE164: "+233200000000" } });
    expect(created.timestamp).toBe("2026-03-02T08:00:00.000Z");
    expect(hook.received[0]!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(hook.received[0]!.headers["content-type"]).toBe("application/json");

    expect((await send(app, "PATCH", `/api/admin/leads/${leadId}`, { cookie, body: { status: "contacted", owner: ADMIN_EMAIL } })).status).toBe(200);
    expect((await send(app, "POST", `/api/admin/leads/${leadId}/notes`, { cookie, body: { body: "Called: wants a demo on Friday" } })).status).toBe(201);
    await dispatcher().runOnce();
    const events = hook.received.slice(1).map((message) => verify(secret, message));
    expect(events.map((event) => event.type).sort()).toEqual(["note.created", "record.assigned", "record.status_changed"]);
    expect(events.find((event) => event.type === "record.status_changed")).toMatchObject({ change: { status: { from: "new", to: "contacted" }, by: ADMIN_EMAIL } });
    expect(events.find((event) => event.type === "record.assigned")).toMatchObject({ change: { owner: { from: null, to: ADMIN_EMAIL } } });
    expect(events.find((event) => event.type === "note.created")).toMatchObject({ change: { note: { body: "Called: wants a demo on Friday", author: ADMIN_EMAIL } } });

    const log = (await (await send(app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie })).json()) as WebhookAttempt[];
    expect(log).toHaveLength(4);
    expect(log.every((attempt) => attempt.status === 204 && attempt.error === null)).toBe(true);
  });

  it("sends newsletter subscriptions and opt-outs, and nothing for spam until staff say it is not", async () => {
    const { secret } = await addEndpoint(["newsletter.subscribed", "newsletter.unsubscribed", "contact.created", "lead.created"]);
    const subscribed = await postJson(app, "/api/newsletter", { email: "reader@example.com" }, { "Idempotency-Key": "news-1" });
    expect(subscribed.status).toBe(201);
    const subscription = await open.db.selectFrom("newsletter").select("id").where("email", "=", "reader@example.com").executeTakeFirstOrThrow();
    expect((await send(app, "PATCH", `/api/admin/newsletter/${subscription.id}`, { cookie, body: { status: "unsubscribed" } })).status).toBe(200);
    // Spam: a blocklisted address scores 100, above the threshold of 40.
    expect((await send(app, "POST", "/api/admin/spam/blocklist", { cookie, body: { entry: "pest@example.org" } })).status).toBe(201);
    const spamResponse = await postJson(app, "/api/contacts", { ...validContact, email: "pest@example.org" }, { "Idempotency-Key": "spam-1" });
    const spamId = ((await spamResponse.json()) as { id: string }).id;
    await dispatcher().runOnce();
    // Sent side by side: deliveries promise no order (each carries its own timestamp).
    expect(hook.received.map((message) => verify(secret, message).type).sort()).toEqual(["newsletter.subscribed", "newsletter.unsubscribed"]);

    expect((await send(app, "POST", `/api/admin/contacts/${spamId}/spam`, { cookie, body: { verdict: "not-spam" } })).status).toBe(200);
    await dispatcher().runOnce();
    expect(verify(secret, hook.received[2]!)).toMatchObject({ type: "contact.created", data: { id: spamId } });

    // Spam and not spam again, and a clean arrival marked spam and back: nothing is created twice.
    const clean = ((await (await postJson(app, "/api/contacts", { ...validContact, email: "clean@example.org" }, { "Idempotency-Key": "clean-1" })).json()) as { id: string }).id;
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(4);
    for (const id of [spamId, clean, spamId, clean]) {
      for (const verdict of ["spam", "not-spam"]) expect((await send(app, "POST", `/api/admin/contacts/${id}/spam`, { cookie, body: { verdict } })).status).toBe(200);
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
    time.advance(60_000);
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(2);
    time.advance(120_000);
    await dispatcher().runOnce();
    expect(hook.received).toHaveLength(3);
    const ids = new Set(hook.received.map((message) => message.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(hook.received.every((message) => message.path === "/hook")).toBe(true);
    for (const message of hook.received) verify(secret, message);

    const log = (await (await send(app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie })).json()) as WebhookAttempt[];
    expect(log.map((attempt) => attempt.status)).toEqual([204, 302, 500]);
    expect(log[1]!.error).toContain("redirects are not followed");
    const resent = await send(app, "POST", `/api/admin/webhook-deliveries/${log[0]!.id}/resend`, { cookie, body: {} });
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
      cookie = await mintSession(app, open.db);
      const response = await send(app, "GET", "/api/admin/webhooks", { cookie });
      expect(response.status).toBe(200);
      return (await response.json()) as WebhookEndpoint[];
    };
    expect((await endpoints()).find((endpoint) => endpoint.id === gone.id)).toMatchObject({ disabled: true, disabledReason: "gone" });
    expect((await send(app, "DELETE", `/api/admin/webhooks/${gone.id}`, { cookie })).status).toBe(204);

    const failing = await addEndpoint(["lead.created"]);
    hook.answers.push(...Array.from({ length: 40 }, () => 503));
    for (let day = 0; day < 4; day += 1) {
      await submitDemo(`day${day}@example.com`);
      await dispatcher().runOnce();
      time.advance(WEBHOOK_DISABLE_AFTER_MS / 3);
    }
    expect((await endpoints()).find((endpoint) => endpoint.id === failing.id)).toMatchObject({ disabled: true, disabledReason: "failing", failingSince: "2026-03-02T08:00:00.000Z" });
    const disabled = await open.db.selectFrom("audit").select(["actor", "details"]).where("action", "=", "webhook.disabled").orderBy("id").execute();
    const ours = disabled.filter((row) => row.details.includes(gone.id) || row.details.includes(failing.id));
    expect(ours.map((row) => [row.actor, (JSON.parse(row.details) as { reason: string }).reason])).toEqual([
      ["system", "it answered 410 Gone"],
      ["system", "every delivery failed for 3 days"],
    ]);
    // Switched back on by an admin: the failure streak starts again.
    const on = await send(app, "PATCH", `/api/admin/webhooks/${failing.id}`, { cookie, body: { disabled: false } });
    expect(await on.json()).toMatchObject({ disabled: false, disabledReason: null, failingSince: null });
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const { id, secret } = await addEndpoint(["lead.created"]);
    const rotated = (await (await send(app, "POST", `/api/admin/webhooks/${id}/rotate`, { cookie, body: {} })).json()) as { secret: string; previousSecretUntil: string };
    expect(rotated.previousSecretUntil).toBe("2026-03-03T08:00:00.000Z");
    await submitDemo();
    await dispatcher().runOnce();
    expect(String(hook.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    verify(secret, hook.received[0]!);
    verify(rotated.secret, hook.received[0]!);
    time.advance(24 * 60 * 60 * 1000 + 1);
    await submitDemo("later@example.com");
    await dispatcher().runOnce();
    expect(String(hook.received[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    verify(rotated.secret, hook.received[1]!);
    expect(() => verify(secret, hook.received[1]!)).toThrow();
  });

  it("refuses URLs that lead inside: a scheme, loopback, metadata, IPv6 loopback, a decimal IP, a name resolving inside", async () => {
    const strict = testApp(open.db, { clock: time.clock, resolveHost: async (host) => resolved.get(host) ?? ["93.184.216.34"] });
    const strictCookie = await mintSession(strict, open.db);
    resolved.set("inside.example", ["127.0.0.1"]);
    resolved.set("metadata.example", ["203.0.113.9", "169.254.169.254"]);
    const refused = async (url: string) => {
      const response = await send(strict, "POST", "/api/admin/webhooks", { cookie: strictCookie, body: { url, events: ["lead.created"] } });
      return { status: response.status, field: ((await response.json()) as { fields?: { url?: string } }).fields?.url };
    };
    for (const url of [
      "http://hooks.example.com/erf",
      "https://127.0.0.1/erf",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/erf",
      "https://[::ffff:127.0.0.1]/erf",
      "https://2130706433/erf",
      "https://0x7f.0.0.1/erf",
      "https://10.0.0.8/erf",
      "https://inside.example/erf",
      "https://metadata.example/erf",
      "ftp://hooks.example.com/erf",
    ]) {
      expect(await refused(url), url).toMatchObject({ status: 400, field: expect.any(String) });
    }
    expect(await open.db.selectFrom("webhookEndpoints").select("id").execute()).toEqual([]);
    expect((await refused("https://hooks.example.com/erf")).status).toBe(201);
  });

  it("checks the address again at each connection: a name that now resolves inside is not posted to", async () => {
    const { id } = await addEndpoint(["lead.created"]);
    // As if DNS changed after the URL was saved: the name now points at the loopback receiver.
    await open.db.updateTable("webhookEndpoints").set({ url: hook.url().replace("http://127.0.0.1", "https://localhost") }).where("id", "=", id).execute();
    await submitDemo();
    await dispatcher(false).runOnce();
    expect(hook.received).toHaveLength(0);
    const log = (await (await send(app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie })).json()) as WebhookAttempt[];
    expect(log[0]).toMatchObject({ status: null, error: expect.stringMatching(/localhost resolved to (127\.0\.0\.1|::1), which is not on the public internet/) });
  });

  it("shows a person's queued and logged webhooks in their access export, and erases them with them", async () => {
    hook.answers.push(500);
    await addEndpoint(["lead.created"]);
    await submitDemo("gone@example.com");
    await dispatcher().runOnce();
    await submitDemo("gone@example.com");
    // Before: the access export shows them, the delivery with where it went and its attempt.
    const exported = (await (await send(app, "GET", "/api/admin/subjects/export?email=gone%40example.com", { cookie })).json()) as { webhooks: { queued: unknown[]; deliveries: { endpointUrl: string; payload: string; attempts: { status: number }[] }[] } };
    expect(exported.webhooks.queued).toHaveLength(1);
    expect(exported.webhooks.deliveries).toEqual([expect.objectContaining({ endpointUrl: hook.url(), attempts: [expect.objectContaining({ status: 500 })] })]);
    expect(exported.webhooks.deliveries[0]!.payload).toContain("gone@example.com");
    const erased = await send(app, "DELETE", "/api/admin/subjects?email=gone%40example.com", { cookie });
    expect(erased.status).toBe(200);
    const left = [
      ...(await open.db.selectFrom("webhookEvents").selectAll().execute()),
      ...(await open.db.selectFrom("webhookDeliveries").selectAll().execute()),
      ...(await open.db.selectFrom("webhookAttempts").selectAll().execute()),
    ];
    expect(JSON.stringify(left)).not.toContain("gone@example.com");
    expect(left).toEqual([]);
  });
}, { admin: true });
