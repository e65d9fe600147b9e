import { beforeEach, expect, it } from "vitest";
import { TOKEN_RATE_PER_MINUTE, type ApiToken } from "../../src/domain/api-tokens";
import { ADMIN_EMAIL, mintSession, send } from "../test-support/admin";
import { manualClock, testApp } from "../test-support/app";
import { seedLead } from "../test-support/records";
import { describeStorage } from "../test-support/storage-suite";

// API tokens on SQLite and PostgreSQL: an admin creates one (shown once, stored as a hash), another system
// uses it as a bearer on the record routes its scopes allow, and nowhere else; its changes are audited
// under its name; it skips the same-origin check only without a cookie; it is limited per token, expires
// and is revoked at once.

describeStorage(
  "API tokens",
  (open) => {
    let time: ReturnType<typeof manualClock>;
    let app: ReturnType<typeof testApp>;
    let cookie: string;

    beforeEach(async () => {
      time = manualClock("2026-03-02T08:00:00.000Z");
      app = testApp(open.db, { clock: time.clock });
      cookie = await mintSession(app, open.db);
      await seedLead(open.db, "lead-1", "2026-03-01T08:00:00.000Z", { email: "ama@example.com" }, "demo");
      await seedLead(open.db, "lead-2", "2026-03-01T09:00:00.000Z", { email: "kofi@example.com" }, "signup");
    });

    async function createToken(scopes: string[], extra: Record<string, unknown> = {}) {
      const response = await send(app, "POST", "/api/admin/tokens", {
        cookie,
        body: { name: "Zapier", scopes, ...extra },
      });
      expect(response.status).toBe(201);
      return (await response.json()) as ApiToken & { token: string };
    }

    /** A request as another system makes it: the bearer, no cookie, no browser headers. */
    const bearer = (
      token: string,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) =>
      app.request(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { "Content-Type": "application/json" }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });

    it("is shown once, stored only as a hash, and listed without it", async () => {
      const created = await createToken(["records:read"]);
      expect(created.token).toMatch(/^erf_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({
        name: "Zapier",
        scopes: ["records:read"],
        createdBy: ADMIN_EMAIL,
        lastUsedAt: null,
        expiresAt: null,
      });
      const rows = await open.db.selectFrom("apiTokens").selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(created.token);
      const listed = await (await send(app, "GET", "/api/admin/tokens", { cookie })).json();
      expect(JSON.stringify(listed)).not.toContain(created.token);
      for (const [body, field] of [
        [{ name: "x", scopes: [] }, "scopes"],
        [{ name: "x", scopes: ["records:delete"] }, "scopes.0"],
        [{ name: "", scopes: ["export"] }, "name"],
        [{ name: "x", scopes: ["export"], expiresAt: "2026-03-01T00:00:00Z" }, "expiresAt"],
        [{ name: "x", scopes: ["export"], admin: true }, "admin"],
      ] as const) {
        const refused = await send(app, "POST", "/api/admin/tokens", { cookie, body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(
          ((await refused.json()) as { fields: Record<string, string> }).fields,
          JSON.stringify(body),
        ).toHaveProperty([field]);
      }
      expect(await open.db.selectFrom("apiTokens").select("id").execute()).toHaveLength(1);
    });

    it("reads records with records:read, and changes them only with records:write, audited under its name", async () => {
      const reader = await createToken(["records:read"]);
      const list = await bearer(reader.token, "GET", "/api/admin/leads");
      expect(list.status).toBe(200);
      expect(((await list.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
        "lead-2",
        "lead-1",
      ]);
      expect((await bearer(reader.token, "GET", "/api/admin/leads/lead-1")).status).toBe(200);
      expect((await bearer(reader.token, "GET", "/api/admin/leads/count")).status).toBe(200);
      expect((await bearer(reader.token, "PATCH", "/api/admin/leads/lead-1", { status: "contacted" })).status).toBe(
        403,
      );
      expect((await bearer(reader.token, "GET", "/api/admin/export.csv")).status).toBe(403);

      const writer = await createToken(["records:write", "export"]);
      // No cookie: the same-origin check has nothing to protect, whatever Origin says.
      const changed = await bearer(
        writer.token,
        "PATCH",
        "/api/admin/leads/lead-1",
        { status: "contacted", owner: ADMIN_EMAIL },
        { Origin: "https://elsewhere.example" },
      );
      expect(changed.status).toBe(200);
      expect(
        (
          await bearer(writer.token, "POST", "/api/admin/leads/bulk", {
            ids: ["lead-1", "lead-2"],
            status: "qualified",
          })
        ).status,
      ).toBe(200);
      const exported = await bearer(writer.token, "GET", "/api/admin/export.csv");
      expect(exported.status).toBe(200);
      // Audited once the file has been sent.
      expect(await exported.text()).toContain("ama@example.com");
      const audit = await open.db
        .selectFrom("audit")
        .select(["actor", "action"])
        .where("actor", "like", "api-token:%")
        .orderBy("id")
        .execute();
      expect(audit.map((row) => [row.actor, row.action])).toEqual([
        ["api-token:Zapier", "record.status"],
        ["api-token:Zapier", "record.owner"],
        ["api-token:Zapier", "record.status"],
        ["api-token:Zapier", "record.status"],
        ["api-token:Zapier", "export.csv"],
      ]);
      const tokens = (await (await send(app, "GET", "/api/admin/tokens", { cookie })).json()) as ApiToken[];
      expect(tokens.find((token) => token.id === writer.id)?.lastUsedAt).toBe("2026-03-02T08:00:00.000Z");
    });

    it("never works on auth, staff, privacy, settings, webhooks, tokens, stats or the live stream", async () => {
      const all = await createToken(["records:read", "records:write", "export"]);
      for (const [method, path] of [
        ["GET", "/api/admin/staff"],
        ["POST", "/api/admin/subjects/lookup"],
        ["GET", "/api/admin/audit"],
        ["GET", "/api/admin/settings"],
        ["PUT", "/api/admin/settings"],
        ["GET", "/api/admin/webhooks"],
        ["GET", "/api/admin/tokens"],
        ["POST", "/api/admin/tokens"],
        ["GET", "/api/admin/stats"],
        ["GET", "/api/admin/events"],
        ["GET", "/api/admin/insights"],
        ["POST", "/api/admin/leads/lead-1/notes"],
        ["POST", "/api/admin/leads/lead-1/spam"],
        ["GET", "/api/admin/people/someone"],
      ] as const) {
        const response = await bearer(all.token, method, path, method === "GET" ? undefined : {});
        expect(response.status, `${method} ${path}`).toBe(403);
      }
      // Auth has no token path at all: without a session it is signed out.
      expect((await bearer(all.token, "GET", "/api/auth/session")).status).toBe(401);
    });

    it("judges a request with a cookie as a session: the bearer does not lift the same-origin check", async () => {
      const writer = await createToken(["records:write"]);
      const response = await app.request("/api/admin/leads/lead-1", {
        method: "PATCH",
        headers: {
          Authorization: `Bearer ${writer.token}`,
          Cookie: cookie,
          "Content-Type": "application/json",
          Origin: "https://elsewhere.example",
        },
        body: JSON.stringify({ status: "contacted" }),
      });
      expect(response.status).toBe(403);
      expect((await bearer("erf_not-a-token", "GET", "/api/admin/leads")).status).toBe(401);
    });

    it("is refused on the next request once revoked, and once expired", async () => {
      const revoked = await createToken(["records:read"]);
      expect((await bearer(revoked.token, "GET", "/api/admin/leads")).status).toBe(200);
      expect((await send(app, "DELETE", `/api/admin/tokens/${revoked.id}`, { cookie })).status).toBe(204);
      expect((await bearer(revoked.token, "GET", "/api/admin/leads")).status).toBe(401);
      expect((await send(app, "DELETE", `/api/admin/tokens/${revoked.id}`, { cookie })).status).toBe(404);

      const expiring = await createToken(["records:read"], { expiresAt: "2026-03-02T09:00:00Z" });
      expect(expiring.expiresAt).toBe("2026-03-02T09:00:00.000Z");
      expect((await bearer(expiring.token, "GET", "/api/admin/leads")).status).toBe(200);
      time.advance(60 * 60 * 1000);
      expect((await bearer(expiring.token, "GET", "/api/admin/leads")).status).toBe(401);
      const actions = await open.db.selectFrom("audit").select("action").where("action", "like", "token.%").execute();
      expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["token.create", "token.revoke"]));
    });

    it("limits each token on its own", async () => {
      const first = await createToken(["records:read"]);
      const second = await createToken(["records:read"]);
      for (let request = 0; request < TOKEN_RATE_PER_MINUTE; request += 1) {
        const response = await bearer(first.token, "GET", "/api/admin/leads/count");
        if (response.status !== 200) throw new Error(`request ${request + 1} answered ${response.status}`);
      }
      const limited = await bearer(first.token, "GET", "/api/admin/leads/count");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await bearer(second.token, "GET", "/api/admin/leads/count")).status).toBe(200);
      time.advance(60_000);
      expect((await bearer(first.token, "GET", "/api/admin/leads/count")).status).toBe(200);
    }, 60_000);
  },
  { admin: true },
);
