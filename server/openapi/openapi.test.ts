import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe as group, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/status";
import { testDatabases } from "../test-support/databases";
import { testApp } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { staffClient } from "../test-support/workspace";
import { ADMIN_PASSWORD, totpFor } from "../test-support/admin";
import {
  auditEntry,
  dashboardStats,
  erasureResult,
  insights,
  listPage,
  outboxHealth,
  subjectRecords,
  recordDetail,
  staffAccount,
  twoFactorSetup,
} from "./answers";
import { z } from "zod";
import { copyApiReference } from "../../scripts/copy-api-reference.mjs";
import { loadSite } from "../static/site";
import { ROUTE_NOTES } from "./route-notes";

// The API description is generated from the app's routes (server/openapi): it must name every route the
// app answers and none it does not, describe each one (not just list it), and the answers the live
// server gives must fit the schemas it was generated from.

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown>; security?: unknown[] }>>;
  webhooks: Record<string, unknown>;
};

const toHono = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

async function served() {
  const { db } = await testDatabases[0]!.open();
  const app = testApp(db);
  const response = await app.request("/api/openapi.json");
  const document = (await response.json()) as Document;
  // Every handler the app registers, as "METHOD /path" (middleware and the site's catch-all left out).
  const registered = new Set(
    app.routes
      .filter((route) => route.method !== "ALL" && !route.path.endsWith("*"))
      .map((route) => `${route.method} ${route.path}`),
  );
  await db.destroy();
  return { response, document, registered };
}

group("the API description", () => {
  it("names every route the app registers, and no route it does not", async () => {
    const { response, document, registered } = await served();
    expect(response.status).toBe(200);
    expect(document.openapi).toBe("3.1.0");
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${toHono(path)}`),
      ),
    );
    expect(
      [...registered].filter((route) => !documented.has(route)),
      "registered but not in the description",
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !registered.has(route)),
      "in the description but not registered",
    ).toEqual([]);
    expect(registered.size).toBeGreaterThan(60);
    // The words added to operations name routes that exist.
    const routes = new Set([...documented].map((route) => route.replace(/:(\w+)/g, "{$1}")));
    expect(
      Object.keys(ROUTE_NOTES).filter((route) => !routes.has(route)),
      "notes for no route",
    ).toEqual([]);
  });

  it("describes each route: a summary, its answers, who may call it, and the Error body for its refusals", async () => {
    const { document } = await served();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toBeTruthy();
        expect(operation.security, name).toBeDefined();
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => Number(status) < 400),
          name,
        ).toBe(true);
        for (const status of statuses.filter((status) => Number(status) >= 400 && Number(status) < 500)) {
          expect(JSON.stringify(operation.responses[status]), `${name} ${status}`).toContain(
            "#/components/schemas/Error",
          );
        }
        // Staff routes name their refusals for a missing session.
        if (path.startsWith("/api/admin/")) expect(statuses, name).toContain("401");
      }
    }
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        "contact.created",
        "lead.created",
        "newsletter.subscribed",
        "newsletter.unsubscribed",
        "note.created",
        "record.assigned",
        "record.status_changed",
      ].sort(),
    );
  });

  it("serves the reference page and its script from this origin only: no other origin in the page or its policy", async () => {
    // A built site with the real script copied in as `npm run build` does (scripts/copy-api-reference.mjs).
    const root = await mkdtemp(join(tmpdir(), "erf-docs-"));
    await writeFile(join(root, "index.html"), "<!doctype html><title>Erf</title>");
    await copyApiReference(root);
    const site = await loadSite(root);
    const { db } = await testDatabases[0]!.open();
    try {
      const app = testApp(db, { site });
      const response = await app.request("/api/docs");
      expect(response.status).toBe(200);
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      // No origin but our own: not in a source list (a scheme, a host) nor anywhere in the page.
      expect(policy).not.toMatch(/https?:|\*|\b[a-z0-9-]+\.[a-z]{2,}\b/i);
      const html = await response.text();
      expect(html).not.toMatch(/https?:|\/\/[a-z0-9]/i);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBe(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // Without the script the page is still a link to the description.
      expect(html).toContain('<a href="/api/openapi.json">');
      expect(html).toMatch(/<noscript>[^]*\/api\/openapi\.json[^]*<\/noscript>/);

      const src = /<script src="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(src).toMatch(/^\/api-reference\/scalar\.[0-9a-f]{12}\.js$/);
      const script = await app.request(src, { headers: { "Accept-Encoding": "identity" } });
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await script.text()).toContain("createApiReference");
    } finally {
      await db.destroy();
      await rm(root, { recursive: true, force: true });
    }
  });

  it("serves the page with its link to the description when there is no build (an API-only server)", async () => {
    const { db } = await testDatabases[0]!.open();
    const response = await testApp(db).request("/api/docs");
    await db.destroy();
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("<script");
    expect(html).toContain('<a href="/api/openapi.json">');
  });
});

const fits = (schema: z.ZodType, value: unknown, what: string) => {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? [] : parsed.error.issues, what).toEqual([]);
};

describeStorage(
  "the live answers against the schemas the description is generated from",
  (open) => {
    it("lists and shows every collection's records as described", async () => {
      await seedLead(open.db, "0190aaaa-0000-7000-8000-000000000001", minute(1), { email: "ama@karoo.example" });
      await seedLead(
        open.db,
        "0190aaaa-0000-7000-8000-000000000002",
        minute(2),
        { email: "ben@accra.example" },
        "demo",
      );
      await seedContact(open.db, "0190aaaa-0000-7000-8000-000000000003", minute(3), { email: "ama@karoo.example" });
      await seedSubscriber(open.db, "0190aaaa-0000-7000-8000-000000000004", minute(4), "ama@karoo.example");
      const staff = await staffClient(open.db);
      for (const collection of COLLECTIONS) {
        const page = await staff.read<{ items: { id: string }[] }>(`/api/admin/${collection}`);
        expect(page.items.length, collection).toBeGreaterThan(0);
        const listed = listPage(collection).safeParse(page);
        expect(listed.success ? [] : listed.error.issues, collection).toEqual([]);
        for (const { id } of page.items) {
          const detail = recordDetail(collection).safeParse(
            await staff.read(`/api/admin/${collection}/${id}?with=person`),
          );
          expect(detail.success ? [] : detail.error.issues, `${collection} ${id}`).toEqual([]);
        }
      }
    });

    it("answers the dashboard's counts and charts, the staff list, an account change and a two-factor set-up as described", async () => {
      await seedLead(open.db, "0190aaaa-0000-7000-8000-000000000001", minute(1), { email: "ama@karoo.example" });
      const staff = await staffClient(open.db);
      fits(dashboardStats, await staff.read("/api/admin/stats"), "stats");
      // Answered, and read over the range it arrived in, so that every part has a row to check.
      expect(
        (await staff.write("PATCH", "/api/admin/leads/0190aaaa-0000-7000-8000-000000000001", { status: "contacted" }))
          .status,
      ).toBe(200);
      const charts = await staff.read<{
        perDay: unknown[];
        bySource: unknown[];
        funnel: unknown[];
        organizations: unknown[];
        responseByWeek: unknown[];
        responseByOwner: unknown[];
      }>("/api/admin/insights?from=2025-03-25&to=2025-04-07");
      for (const part of [
        "perDay",
        "bySource",
        "funnel",
        "organizations",
        "responseByWeek",
        "responseByOwner",
      ] as const)
        expect(charts[part].length, part).toBeGreaterThan(0);
      fits(insights, charts, "insights");
      const accounts = await staff.read<{ email: string }[]>("/api/admin/staff");
      expect(accounts.length).toBeGreaterThan(0);
      fits(z.array(staffAccount), accounts, "staff list");
      const changed = await staff.write("PATCH", `/api/admin/staff/${encodeURIComponent(accounts[0]!.email)}`, {
        available: true,
      });
      expect(changed.status).toBe(200);
      fits(staffAccount, await changed.json(), "account change");
      // With the password and a current code: two-factor is on for the seeded admin (decision 0043).
      const setup = await staff.write("POST", "/api/auth/2fa/setup", {
        password: ADMIN_PASSWORD,
        code: await totpFor(staff.app),
      });
      expect(setup.status).toBe(200);
      fits(twoFactorSetup, await setup.json(), "two-factor set-up");
    });

    it("answers a data subject's search and erasure, the failing-mail banner and the audit log as described", async () => {
      const staff = await staffClient(open.db);
      const email = "ama@karoo.example";
      await seedLead(open.db, "0190aaaa-0000-7000-8000-000000000001", minute(1), { email });
      await seedContact(open.db, "0190aaaa-0000-7000-8000-000000000003", minute(3), { email });
      await seedSubscriber(open.db, "0190aaaa-0000-7000-8000-000000000004", minute(4), email);
      const found = (await (await staff.write("POST", "/api/admin/subjects/lookup", { email })).json()) as {
        leads: unknown[];
        contacts: unknown[];
        newsletter: unknown[];
      };
      expect([found.leads.length, found.contacts.length, found.newsletter.length]).toEqual([1, 1, 1]);
      fits(subjectRecords, found, "subject");
      fits(outboxHealth, await staff.read("/api/admin/outbox"), "outbox");
      const erased = await staff.write("POST", "/api/admin/subjects/erase", { email });
      expect(erased.status).toBe(200);
      fits(erasureResult, await erased.json(), "erasure");
      const audit = await staff.read<{ items: unknown[] }>("/api/admin/audit");
      expect(audit.items.length).toBeGreaterThan(0);
      fits(z.object({ items: z.array(auditEntry), nextCursor: z.string().nullable() }), audit, "audit log");
    });
  },
  { admin: true },
);
