import { expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../../server/auth/sessions";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { manualClock, testApp } from "../../../server/test-support/app";
import { send, signIn } from "../../../server/test-support/admin";
import { sseReader } from "../../../server/test-support/sse";

// Check 6 of docs/reliability.md, the gaps left by server/routes/auth.test.ts (which already proves the
// exact Set-Cookie on login and logout, a new token per login, the old cookie dead after logout, and
// coarse idle and absolute expiry): the exact expiry boundaries, a cookie planted without the __Host-
// prefix, and an open live stream outliving its session.

describeStorage(
  "session edges",
  (open) => {
    const status = async (app: ReturnType<typeof testApp>, cookie: string) =>
      (await send(app, "GET", "/api/admin/stats", { cookie })).status;

    it("ends a session exactly 12 hours after its last recorded activity, not a millisecond sooner", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      time.advance(SESSION_IDLE_MS - 1);
      expect(await status(app, cookie)).toBe(200);
      // That request was recorded (more than a minute after sign-in), so the 12 hours start again.
      time.advance(SESSION_IDLE_MS - 1);
      expect(await status(app, cookie)).toBe(200);
      time.advance(SESSION_IDLE_MS);
      expect(await status(app, cookie)).toBe(401);
    });

    it("counts idle time from the last write of last_seen_at, at most a minute behind the last request", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      time.advance(59_000);
      expect(await status(app, cookie)).toBe(200); // within the minute: not written
      time.advance(SESSION_IDLE_MS - 59_000);
      expect(await status(app, cookie)).toBe(401);
    });

    it("ends a session exactly 7 days after sign-in, however busy", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock });
      const cookie = await signIn(app);
      const step = SESSION_IDLE_MS - 60_000;
      let elapsed = 0;
      while (elapsed + step < SESSION_ABSOLUTE_MS) {
        time.advance(step);
        elapsed += step;
        expect(await status(app, cookie)).toBe(200);
      }
      time.advance(SESSION_ABSOLUTE_MS - 1 - elapsed);
      expect(await status(app, cookie)).toBe(200);
      time.advance(1);
      expect(await status(app, cookie)).toBe(401);
      expect((await send(app, "GET", "/api/auth/session", { cookie })).status).toBe(401);
    });

    it("refuses a valid token sent without the __Host- prefix (a cookie a sibling subdomain could plant)", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const token = cookie.split("=")[1]!;
      expect(await status(app, cookie)).toBe(200);
      for (const planted of [`erf_session=${token}`, `__Secure-erf_session=${token}`, `__host-erf_session=${token}`]) {
        expect(await status(app, planted), planted).toBe(401);
      }
    });

    it("ends an open live stream once its session has been idle for 12 hours", async () => {
      const time = manualClock();
      const app = testApp(open.db, { clock: time.clock, eventsHeartbeatMs: 50 });
      const cookie = await signIn(app);
      const reader = sseReader(await send(app, "GET", "/api/admin/events", { cookie }));
      try {
        expect(await reader.nextFrame()).toMatchObject({ retry: "2000" });
        expect(await reader.nextFrame()).toEqual({ comment: "heartbeat" });
        time.advance(SESSION_IDLE_MS);
        // At most one more heartbeat may be in flight; then the stream ends.
        const next = await reader.nextFrame();
        expect(next === null || (await reader.nextFrame()) === null).toBe(true);
      } finally {
        await reader.close();
      }
    });
  },
  { admin: true },
);
