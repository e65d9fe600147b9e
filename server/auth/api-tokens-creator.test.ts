import { beforeEach, expect, it } from "vitest";
import type { ApiToken } from "../../src/domain/api-tokens";
import { ADMIN_EMAIL, mintSession, seedAdmin, send } from "../test-support/admin";
import { manualClock, testApp } from "../test-support/app";
import { seedLead } from "../test-support/records";
import { describeStorage } from "../test-support/storage-suite";

// A token acts with at most its creator's current rights, judged at every use (decision 0044), on SQLite
// and PostgreSQL: refused (401) while its creator is disabled or gone, refused (403) a scope the
// creator's role no longer has, working again when the creator is; the token list says which and why.

const BOSS = "boss@erf.co.za";
const CREATOR = encodeURIComponent(ADMIN_EMAIL);

describeStorage(
  "API tokens and their creators",
  (open) => {
    let app: ReturnType<typeof testApp>;
    /** The token's creator (ADMIN_EMAIL), and another admin who changes their account. */
    let creator: string;
    let boss: string;

    beforeEach(async () => {
      const time = manualClock("2026-03-02T08:00:00.000Z");
      app = testApp(open.db, { clock: time.clock });
      await seedAdmin(open.db, BOSS);
      creator = await mintSession(app, open.db);
      boss = await mintSession(app, open.db, BOSS);
      await seedLead(open.db, "lead-1", "2026-03-01T08:00:00.000Z", { email: "ama@example.com" }, "demo");
    });

    async function createToken(scopes: string[]) {
      const response = await send(app, "POST", "/api/admin/tokens", {
        cookie: creator,
        body: { name: "Zapier", scopes },
      });
      expect(response.status).toBe(201);
      return (await response.json()) as ApiToken & { token: string };
    }

    const bearer = (token: string, method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { "Content-Type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });

    const changeCreator = async (change: Record<string, unknown>) =>
      expect((await send(app, "PATCH", `/api/admin/staff/${CREATOR}`, { cookie: boss, body: change })).status).toBe(
        200,
      );

    const listed = async (id: string) =>
      ((await (await send(app, "GET", "/api/admin/tokens", { cookie: boss })).json()) as ApiToken[]).find(
        (token) => token.id === id,
      );

    it("loses the export scope (403) when its creator is demoted to sales, keeps reading and changing records, and gets it back on promotion", async () => {
      const token = await createToken(["records:read", "records:write", "export"]);
      expect(token).toMatchObject({ suspended: null, suspendedScopes: [] });
      expect((await bearer(token.token, "GET", "/api/admin/export.csv")).status).toBe(200);

      await changeCreator({ role: "sales" });
      const refused = await bearer(token.token, "GET", "/api/admin/export.csv");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: "forbidden", message: expect.stringContaining("export") });
      expect((await bearer(token.token, "GET", "/api/admin/leads")).status).toBe(200);
      expect((await bearer(token.token, "GET", "/api/admin/leads/lead-1")).status).toBe(200);
      expect((await bearer(token.token, "PATCH", "/api/admin/leads/lead-1", { status: "contacted" })).status).toBe(200);
      expect(await listed(token.id)).toMatchObject({
        scopes: ["records:read", "records:write", "export"],
        suspended: null,
        suspendedScopes: ["export"],
      });

      await changeCreator({ role: "admin" });
      expect((await bearer(token.token, "GET", "/api/admin/export.csv")).status).toBe(200);
      expect(await listed(token.id)).toMatchObject({ suspended: null, suspendedScopes: [] });
    });

    it("is refused (401) while its creator is disabled, and works again once they are enabled", async () => {
      const token = await createToken(["records:read", "export"]);
      await changeCreator({ disabled: true });
      for (const path of ["/api/admin/leads", "/api/admin/leads/lead-1", "/api/admin/export.csv"]) {
        const refused = await bearer(token.token, "GET", path);
        expect(refused.status, path).toBe(401);
        expect(await refused.json(), path).toMatchObject({
          error: "unauthenticated",
          message: expect.stringContaining("creator disabled"),
        });
      }
      expect(await listed(token.id)).toMatchObject({
        suspended: "creator-disabled",
        suspendedScopes: ["records:read", "export"],
      });

      await changeCreator({ disabled: false });
      expect((await bearer(token.token, "GET", "/api/admin/leads")).status).toBe(200);
      expect(await listed(token.id)).toMatchObject({ suspended: null, suspendedScopes: [] });
    });

    it("is refused (401) once its creator's account is gone", async () => {
      const token = await createToken(["records:read", "records:write"]);
      expect((await bearer(token.token, "GET", "/api/admin/leads")).status).toBe(200);
      await open.db.deleteFrom("admins").where("email", "=", ADMIN_EMAIL).execute();
      expect((await bearer(token.token, "GET", "/api/admin/leads")).status).toBe(401);
      expect((await bearer(token.token, "PATCH", "/api/admin/leads/lead-1", { status: "contacted" })).status).toBe(401);
      expect(await listed(token.id)).toMatchObject({
        suspended: "creator-removed",
        suspendedScopes: ["records:read", "records:write"],
      });
      const lead = await open.db
        .selectFrom("leads")
        .select("status")
        .where("id", "=", "lead-1")
        .executeTakeFirstOrThrow();
      expect(lead.status).toBe("new");
    });
  },
  { admin: true },
);
