import { afterEach, beforeEach, expect, it } from "vitest";
import { describeStorage } from "../test-support/storage-suite";
import { postJson, testApp, testConfig, validContact } from "../test-support/app";
import { mintSession, seedAdmin, send, signIn } from "../test-support/admin";
import { sseReader } from "../test-support/sse";
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_SESSION, streamsPerAccount } from "../events/stream-slots";

// Each open live stream holds a connection, a wake-up listener and a read of the change log per commit.
// Without a cap, one session (or a stolen cookie) could open them until the server ran out.

describeStorage(
  "live stream caps",
  (open) => {
    let shutdown: AbortController;
    const readers: ReturnType<typeof sseReader>[] = [];

    afterEach(async () => {
      shutdown.abort();
      for (const reader of readers.splice(0)) await reader.close();
    });
    beforeEach(async () => {
      await seedAdmin(open.db, "second@erf.co.za");
      await seedAdmin(open.db, "third@erf.co.za");
      shutdown = new AbortController();
    });

    const appWith = (eventStreamsMax = 1_000) =>
      testApp(open.db, {
        config: testConfig({ eventStreamsMax }),
        shutdownSignal: shutdown.signal,
        eventsHeartbeatMs: 60_000,
      });

    const openStream = async (app: ReturnType<typeof appWith>, cookie: string) => {
      const response = await send(app, "GET", "/api/admin/events", { cookie });
      if (response.status !== 200) return response;
      const reader = sseReader(response);
      readers.push(reader);
      expect(await reader.nextFrame()).toMatchObject({ retry: "2000" });
      return reader;
    };
    const streams = async (app: ReturnType<typeof appWith>, cookie: string, count: number) => {
      const opened: ReturnType<typeof sseReader>[] = [];
      for (let index = 0; index < count; index += 1) {
        const stream = await openStream(app, cookie);
        if (stream instanceof Response) throw new Error(`stream ${index + 1} refused: ${stream.status}`);
        opened.push(stream);
      }
      return opened;
    };
    const expectRefused = async (response: unknown) => {
      expect(response).toBeInstanceOf(Response);
      const refused = response as Response;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({ error: "too-many-streams", message: expect.any(String) });
    };

    /** A closed stream's slot comes back: the server notices the close at its next turn, not synchronously. */
    const expectStreamOpensAgain = (app: ReturnType<typeof appWith>, cookie: string) =>
      expect
        .poll(
          async () => {
            const stream = await openStream(app, cookie);
            return stream instanceof Response ? stream.status : 200;
          },
          { timeout: 2_000, interval: 50 },
        )
        .toBe(200);

    it(`allows ${MAX_STREAMS_PER_SESSION} streams per session, refuses the next with 429, and not another session's`, async () => {
      const app = appWith();
      const cookie = await signIn(app);
      const opened = await streams(app, cookie, MAX_STREAMS_PER_SESSION);
      await expectRefused(await openStream(app, cookie));

      // The cap is per session: another sign-in still gets its own.
      const other = await signIn(app, "second@erf.co.za");
      expect(await openStream(app, other)).not.toBeInstanceOf(Response);

      // The refused request took no slot, and the ten still deliver.
      const { id } = (await (await postJson(app, "/api/contacts", validContact)).json()) as { id: string };
      for (const reader of opened) expect((await reader.nextChange()).change.record.id).toBe(id);
    });

    it("frees a session's slot when one of its streams is closed", async () => {
      const app = appWith();
      const cookie = await signIn(app);
      const [first] = await streams(app, cookie, MAX_STREAMS_PER_SESSION);
      await expectRefused(await openStream(app, cookie));
      await first!.close();
      await expectStreamOpensAgain(app, cookie);
    });

    it("caps the streams of all sessions together at EVENT_STREAMS_MAX, freeing slots as streams close", async () => {
      const app = appWith(4);
      const one = await signIn(app);
      const two = await signIn(app, "second@erf.co.za");
      const three = await signIn(app, "third@erf.co.za");
      await streams(app, one, 2);
      const [a] = await streams(app, two, 2);
      await expectRefused(await openStream(app, three));
      await a!.close();
      await expectStreamOpensAgain(app, three);
    });

    /** Reads `reader` to its end: the server closed it (it throws if the stream stays open). */
    const expectEnded = async (reader: ReturnType<typeof sseReader>) => {
      let frame = await reader.nextFrame(5_000);
      while (frame) frame = await reader.nextFrame(5_000);
    };
    /** Each of `readers` delivers the next submission. */
    const expectDelivering = async (app: ReturnType<typeof appWith>, readers: ReturnType<typeof sseReader>[]) => {
      const { id } = (await (await postJson(app, "/api/contacts", validContact)).json()) as { id: string };
      for (const reader of readers) expect((await reader.nextChange()).change.record.id).toBe(id);
    };

    it("holds one account, over all its sign-ins, to half of EVENT_STREAMS_MAX: its oldest stream closes for its newest", async () => {
      const app = appWith(8);
      expect(streamsPerAccount(8)).toBe(4);
      // Three sign-ins of one account (sessions made directly: this is not about signing in).
      const sessions = [
        await mintSession(app, open.db),
        await mintSession(app, open.db),
        await mintSession(app, open.db),
      ];
      const [oldest, second] = await streams(app, sessions[0]!, 2);
      const others = await streams(app, sessions[1]!, 2);
      // The fifth is not refused: the account's oldest stream gives it its slot and ends.
      const [newest] = await streams(app, sessions[2]!, 1);
      await expectEnded(oldest!);
      // And the next after that takes the then-oldest one's.
      const [newer] = await streams(app, sessions[2]!, 1);
      await expectEnded(second!);
      // The rest of the team still has the other half.
      const team = await signIn(app, "second@erf.co.za");
      const theirs = await streams(app, team, 4);
      await expectDelivering(app, [...others, newest!, newer!, ...theirs]);
    });

    it(`never lets one account hold more than ${MAX_STREAMS_PER_ACCOUNT} streams, however large EVENT_STREAMS_MAX is`, async () => {
      const app = appWith(1_000);
      expect(streamsPerAccount(1_000)).toBe(MAX_STREAMS_PER_ACCOUNT);
      const sessions = [
        await mintSession(app, open.db),
        await mintSession(app, open.db),
        await mintSession(app, open.db),
      ];
      const first = await streams(app, sessions[0]!, MAX_STREAMS_PER_SESSION);
      const second = await streams(app, sessions[1]!, MAX_STREAMS_PER_ACCOUNT - MAX_STREAMS_PER_SESSION);
      const [extra] = await streams(app, sessions[2]!, 1);
      await expectEnded(first[0]!);
      await expectDelivering(app, [...first.slice(1), ...second, extra!]);
    });

    it("sets an account's cap at half of EVENT_STREAMS_MAX, at least one and at most 20", () => {
      expect([1, 2, 3, 5, 41].map(streamsPerAccount)).toEqual([1, 1, 1, 2, 20]);
    });

    it("frees the slots of streams ended by a shutdown", async () => {
      const app = appWith();
      const cookie = await signIn(app);
      const opened = await streams(app, cookie, MAX_STREAMS_PER_SESSION);
      shutdown.abort();
      for (const reader of opened) {
        let frame = await reader.nextFrame(2_000);
        while (frame) frame = await reader.nextFrame(2_000);
      }
      // Streams the server ends give their slots back too: after the shutdown a new stream ends at once,
      // so more than the cap can be opened one after another.
      for (let index = 0; index < MAX_STREAMS_PER_SESSION + 1; index += 1) {
        const response = await send(app, "GET", "/api/admin/events", { cookie });
        expect(response.status).toBe(200);
        await response.text();
      }
    });
  },
  { admin: true },
);
