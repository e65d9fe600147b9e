import { expect, it } from "vitest";
import { describeStorage } from "../test-support/storage-suite";
import { testApp } from "../test-support/app";
import { send, signIn } from "../test-support/admin";

// Every staff route, without a session, answers 401 and reveals nothing.

const ADMIN_ROUTES: [method: string, path: string, body?: unknown][] = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/leads"],
  ["GET", "/api/admin/contacts?limit=5"],
  ["GET", "/api/admin/newsletter?q=a"],
  ["PATCH", "/api/admin/leads/some-id", { status: "closed" }],
  ["PATCH", "/api/admin/contacts/some-id", { status: "closed" }],
  ["PATCH", "/api/admin/newsletter/some-id", { status: "unsubscribed" }],
  ["GET", "/api/admin/events"],
  ["GET", "/api/admin/export.csv"],
  ["GET", "/api/admin/no-such-route"],
  ["GET", "/api/admin"],
];

describeStorage(
  "admin routes without a session",
  (open) => {
    it.each(ADMIN_ROUTES)("%s %s answers 401 unauthenticated, not cached", async (method, path, body) => {
      const response = await send(testApp(open.db), method, path, { body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "unauthenticated" });
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it.each(ADMIN_ROUTES)("%s %s answers 401 for an unknown session token", async (method, path, body) => {
      const response = await send(testApp(open.db), method, path, {
        body,
        cookie: `__Host-erf_session=${"x".repeat(43)}`,
      });
      expect(response.status).toBe(401);
    });

    it("answers an unknown admin route with 404 once signed in", async () => {
      const app = testApp(open.db);
      const cookie = await signIn(app);
      const response = await send(app, "GET", "/api/admin/no-such-route", { cookie });
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  },
  { clear: "once", admin: true },
);
