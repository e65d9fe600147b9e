import { RawNode, SelectQueryNode, type KyselyPlugin } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { latestPosition, LOG_START } from "../db/store";
import { describeStorage } from "../test-support/storage-suite";
import {
  postJson,
  testApp,
  testConfig,
  validContact,
  validDemo,
  validNewsletter,
  validSignup,
} from "../test-support/app";
import { latestConfirmationToken, pressConfirm } from "../test-support/confirmations";
import { send, signIn } from "../test-support/admin";
import { sseReader } from "../test-support/sse";
import { createLocalChangeFeed } from "../events/change-feed";
import { MIN_READ_GAP_MS } from "./admin-events";

// The live stream in-process: app.request's Response body read frame by frame.

describeStorage(
  "GET /api/admin/events",
  (open) => {
    let app: ReturnType<typeof testApp>;
    let cookie: string;
    let shutdown: AbortController;
    const readers: ReturnType<typeof sseReader>[] = [];

    afterEach(async () => {
      for (const reader of readers.splice(0)) await reader.close();
    });
    beforeEach(async () => {
      shutdown = new AbortController();
      app = testApp(open.db, { shutdownSignal: shutdown.signal, eventsHeartbeatMs: 100 });
      cookie = await signIn(app);
    });

    const connect = async (lastEventId?: string, after?: string) => {
      const path = after === undefined ? "/api/admin/events" : `/api/admin/events?after=${after}`;
      const response = await send(app, "GET", path, {
        cookie,
        headers: lastEventId ? { "Last-Event-ID": lastEventId } : {},
      });
      expect(response.status).toBe(200);
      const reader = sseReader(response);
      readers.push(reader);
      // The first frame is sent once the stream's starting point is fixed.
      expect(await reader.nextFrame()).toMatchObject({ retry: "2000" });
      return { response, reader };
    };
    /** Re-creates the app with a reader that counts the queries of the change log. */
    const countingLogReads = async (deps: Parameters<typeof testApp>[1] = {}) => {
      const logReads = { count: 0 };
      const countLogReads: KyselyPlugin = {
        transformQuery: ({ node }) => {
          // PostgreSQL's reads of the log are SQL text (changes.ts).
          const readsLog =
            (SelectQueryNode.is(node) && node.from?.froms.some((from) => JSON.stringify(from).includes('"changes"'))) ||
            (RawNode.is(node) && /\bfrom changes\b/.test(node.sqlFragments.join("")));
          if (readsLog) logReads.count += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      app = testApp(open.db, {
        reader: open.db.withPlugin(countLogReads),
        shutdownSignal: shutdown.signal,
        eventsHeartbeatMs: 60_000,
        ...deps,
      });
      cookie = await signIn(app);
      return logReads;
    };
    const submitContact = async (overrides: Record<string, string> = {}) =>
      ((await (await postJson(app, "/api/contacts", { ...validContact, ...overrides })).json()) as { id: string }).id;
    const setStatus = (collection: string, id: string, status: string) =>
      send(app, "PATCH", `/api/admin/${collection}/${id}`, { body: { status }, cookie });

    it("answers as an uncached event stream with retry: 2000", async () => {
      const { response } = await connect();
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("sends each public submission as an insert whose id is its position, without replaying earlier history", async () => {
      const start = await latestPosition(open.db);
      await submitContact({ firstName: "Before" });
      let before = await latestPosition(open.db);
      // On PostgreSQL another suite's open transaction in the same database can hold the log's horizon
      // back for a moment, and "Before" would then still lie ahead of it: wait until it is behind.
      for (let tries = 0; before <= start && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        before = await latestPosition(open.db);
      }
      const { reader } = await connect();
      const contactId = await submitContact({ firstName: "After" });
      await postJson(app, "/api/leads", validSignup);
      await postJson(app, "/api/leads", validDemo);
      await postJson(app, "/api/newsletter", validNewsletter);

      const first = await reader.nextChange();
      expect(first.change).toMatchObject({
        collection: "contacts",
        op: "insert",
        record: { id: contactId, firstName: "After", type: "contact" },
      });
      expect(first.change.position > before).toBe(true);
      const rest = [await reader.nextChange(), await reader.nextChange(), await reader.nextChange()];
      expect(rest.map(({ change }) => [change.collection, change.op, change.record.type])).toEqual([
        ["leads", "insert", "signup"],
        ["leads", "insert", "demo"],
        ["newsletter", "insert", "newsletter"],
      ]);
      // Each event's id is its position, and the positions increase.
      const positions = [first, ...rest].map(({ change }) => change.position);
      expect([first, ...rest].map(({ id }) => id)).toEqual(positions);
      expect(positions.every((position, index) => index === 0 || position > positions[index - 1]!)).toBe(true);
      expect(await reader.quietFor(250)).toBe(true);
    });

    it("sends a status change and a re-subscription (its confirmation link) as updates, and nothing for the form alone", async () => {
      // With mail on, so the re-subscription's confirmation is queued (no worker sends it here).
      app = testApp(open.db, {
        shutdownSignal: shutdown.signal,
        eventsHeartbeatMs: 100,
        config: testConfig({ smtpUrl: "smtp://127.0.0.1:1" }),
      });
      cookie = await signIn(app);
      // Connected first, so the subscription's own insert is the first event (on PostgreSQL a stream opened
      // just after a write may still start before it), then the status change.
      const { reader } = await connect();
      const { id } = (await (await postJson(app, "/api/newsletter", validNewsletter)).json()) as { id: string };
      expect((await reader.nextChange()).change).toMatchObject({
        collection: "newsletter",
        op: "insert",
        record: { id },
      });
      await setStatus("newsletter", id, "unsubscribed");
      // Each event carries the record as it reads when sent: read the first before the second write.
      expect((await reader.nextChange()).change).toMatchObject({
        collection: "newsletter",
        op: "update",
        record: { id, status: "unsubscribed" },
      });
      await postJson(app, "/api/newsletter", { email: "READER@example.com" });
      expect(await reader.quietFor(250)).toBe(true);
      await pressConfirm(app, await latestConfirmationToken(open.db, "reader@example.com"));
      expect((await reader.nextChange()).change).toMatchObject({
        collection: "newsletter",
        op: "update",
        record: { id, status: "subscribed" },
      });
    });

    it("logs nothing for a replayed idempotent submission or a honeypot hit", async () => {
      const { reader } = await connect();
      await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "k-1" });
      await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "k-1" });
      await postJson(app, "/api/contacts", { ...validContact, website: "spam.example" });
      await reader.nextChange();
      expect(await reader.quietFor(250)).toBe(true);
      expect(await open.db.selectFrom("changes").selectAll().execute()).toHaveLength(1);
    });

    it("replays what a reconnecting client missed after Last-Event-ID, in order, none twice, records as they read now", async () => {
      const { reader } = await connect();
      const a = await submitContact({ firstName: "Alpha" });
      const seen = await reader.nextChange();
      await reader.close();

      const b = await submitContact({ firstName: "Bravo" });
      await setStatus("contacts", a, "contacted");
      await setStatus("contacts", a, "closed");

      const again = (await connect(seen.id)).reader;
      const replayed = [await again.nextChange(), await again.nextChange(), await again.nextChange()];
      expect(replayed.map(({ change }) => [change.record.id, change.op])).toEqual([
        [b, "insert"],
        [a, "update"],
        [a, "update"],
      ]);
      const ids = [seen.id, ...replayed.map(({ id }) => id)];
      expect(ids.every((id, index) => index === 0 || id > ids[index - 1]!)).toBe(true);
      // Both updates carry the record as it is when sent, not as it was at each change.
      expect(replayed.slice(1).map(({ change }) => change.record.status)).toEqual(["closed", "closed"]);

      // Live again after the replay.
      const c = await submitContact({ firstName: "Charlie" });
      expect((await again.nextChange()).change.record.id).toBe(c);
      expect(await again.quietFor(250)).toBe(true);
    });

    it("replays the whole retained log from the log's start and ignores an id from the future", async () => {
      const first = await submitContact();
      const second = await submitContact();
      const fromStart = (await connect(LOG_START)).reader;
      expect([
        (await fromStart.nextChange()).change.record.id,
        (await fromStart.nextChange()).change.record.id,
      ]).toEqual([first, second]);

      const fromFuture = (await connect(`${"9".repeat(20)}.${"9".repeat(20)}`)).reader;
      const third = await submitContact();
      expect((await fromFuture.nextChange()).change.record.id).toBe(third);
    });

    it("starts after the position a list was read at, so a record written between the read and the stream arrives", async () => {
      await submitContact({ firstName: "Listed" });
      const page = (await (await send(app, "GET", "/api/admin/contacts", { cookie })).json()) as {
        items: { id: string }[];
        position: string;
      };
      expect(page.items).toHaveLength(1);
      const between = await submitContact({ firstName: "Between" });

      const { reader } = await connect(undefined, page.position);
      // On PostgreSQL the position is a low-water mark (changes are read below the oldest running
      // transaction), so a listed record may arrive again; the dashboard merges it by id. What matters is
      // that nothing written after the read is missed.
      const listed = new Set(page.items.map((item) => item.id));
      let next = await reader.nextChange();
      while (listed.has(next.change.record.id)) next = await reader.nextChange();
      expect(next.change.record.id).toBe(between);
      expect(await reader.quietFor(250)).toBe(true);
    });

    it("lets Last-Event-ID (a reconnect) win over ?after=", async () => {
      const { reader: first } = await connect();
      await submitContact({ firstName: "One" });
      const seen = (await first.nextChange()).id;
      const two = await submitContact({ firstName: "Two" });
      const { reader } = await connect(seen, LOG_START);
      expect((await reader.nextChange()).change.record.id).toBe(two);
      expect(await reader.quietFor(250)).toBe(true);
    });

    it("tells open dashboards to reload a collection after an erasure, without naming the erased records", async () => {
      const { reader } = await connect();
      const erased = await submitContact({ email: "erase.me@example.com" });
      expect((await reader.nextChange()).change.record.id).toBe(erased);

      const response = await send(app, "POST", "/api/admin/subjects/erase", {
        cookie,
        body: { email: "erase.me@example.com" },
      });
      expect(response.status).toBe(200);
      const notice = await reader.nextChange();
      expect(notice.change).toEqual({ position: notice.id, collection: "contacts", op: "reload" });
      expect(await reader.quietFor(250)).toBe(true);
      // A dashboard replaying from before the erasure gets the notice, and nothing of the erased record.
      const replay = (await connect(LOG_START)).reader;
      expect((await replay.nextChange()).change).toEqual({ position: notice.id, collection: "contacts", op: "reload" });
      expect(await replay.quietFor(250)).toBe(true);
    });

    it("sends a heartbeat comment while nothing happens", async () => {
      const { reader } = await connect();
      expect(await reader.nextFrame(2_000)).toEqual({ comment: "heartbeat" });
    });

    it("ends the stream at the next heartbeat once the session is logged out", async () => {
      const { reader } = await connect();
      await send(app, "POST", "/api/auth/logout", { body: {}, cookie });
      let frame = await reader.nextFrame(2_000);
      while (frame) frame = await reader.nextFrame(2_000);
      expect(frame).toBeNull();
    });

    it("ends open streams when the server shuts down", async () => {
      const { reader } = await connect();
      shutdown.abort();
      let frame = await reader.nextFrame(2_000);
      while (frame && frame.comment === "heartbeat") frame = await reader.nextFrame(2_000);
      expect(frame).toBeNull();
    });

    it("serves several streams at once", async () => {
      const one = (await connect()).reader;
      const two = (await connect()).reader;
      const id = await submitContact();
      expect((await one.nextChange()).change.record.id).toBe(id);
      expect((await two.nextChange()).change.record.id).toBe(id);
    });

    it("reads the change log at most once per MIN_READ_GAP_MS while commits keep coming, and still sends each change once", async () => {
      const logReads = await countingLogReads();
      const { reader } = await connect();
      logReads.count = 0;
      const started = performance.now();
      // Read while submitting: an unread response stops the stream at its buffer (backpressure).
      const received: string[] = [];
      const receiving = (async () => {
        while (received.length < 40) received.push((await reader.nextChange()).change.record.id);
      })();
      const sending: Promise<string>[] = [];
      // A submission every few ms, not waiting for the one before to be answered, so commits keep coming
      // however long each takes on a busy machine: each would find the stream idle again and cost a read.
      for (let index = 0; index < 40; index += 1) {
        sending.push(submitContact({ firstName: `Burst${index}` }));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const ids = await Promise.all(sending);
      await receiving;
      const elapsed = performance.now() - started;
      // Each change once; in commit order, which overlapping submissions need not share with sending order.
      expect([...received].sort()).toEqual([...ids].sort());
      // One read per commit would be 40; the gap allows one per MIN_READ_GAP_MS, plus the first.
      expect(logReads.count).toBeLessThanOrEqual(Math.ceil(elapsed / MIN_READ_GAP_MS) + 1);
      expect(logReads.count).toBeLessThan(ids.length);
    });

    it("reads once for all the wake-ups that came while it was busy, not once more after", async () => {
      const feed = createLocalChangeFeed();
      const logReads = await countingLogReads({ changeFeed: feed });
      const { reader } = await connect();
      const id = await submitContact();
      expect((await reader.nextChange()).change.record.id).toBe(id);
      // Sent, then idle: the stream waits for a wake-up again.
      await new Promise((resolve) => setTimeout(resolve, 10));
      logReads.count = 0;
      // The first wakes the stream; the other two come before it has run again, and are latched.
      feed.announce();
      feed.announce();
      feed.announce();
      await new Promise((resolve) => setTimeout(resolve, MIN_READ_GAP_MS * 4));
      expect(logReads.count).toBe(1);
    });
  },
  { admin: true },
);
