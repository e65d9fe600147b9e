import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/store";
import { clearTables } from "../../../server/test-support/databases";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { manualClock, testApp, testConfig } from "../../../server/test-support/app";
import { ADMIN_EMAIL, seedAdmin, signIn } from "../../../server/test-support/admin";
import { seedContact, seedLead, seedSubscriber } from "../../../server/test-support/records";
import { ROUTE_CASES } from "./api-routes";
import {
  requestFor,
  SALES_EMAIL,
  seedWorkspaceRows,
  workspaceIds,
  type ApiRequest,
  type Fixture,
  type RouteCase,
} from "./route-case";
import { snapshot } from "./table-snapshot";

// Check 7 of docs/reliability.md: every state-changing staff route (from the one route table), sent by
// a signed-in browser as a hostile site would send it. Must hold: 403 {error: forbidden} and not one row
// of any table changed. The same request sent same-origin as JSON goes through and changes something,
// so the check can tell a refusal from a request that does nothing anyway.

const OWN_ORIGIN = "http://localhost";
const JSON_BODY = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body ?? {}));

interface Attack {
  name: string;
  headers: Record<string, string>;
  body: (json: string) => BodyInit;
}

const ATTACKS: Attack[] = [
  {
    name: "a hostile Origin",
    headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    body: (json) => json,
  },
  {
    name: "a look-alike Origin",
    headers: { "Content-Type": "application/json", Origin: "http://localhost.evil.example" },
    body: (json) => json,
  },
  {
    name: "an Origin with user-info before our own host",
    headers: { "Content-Type": "application/json", Origin: "http://evil.example@localhost" },
    body: (json) => json,
  },
  {
    name: "Origin null (a sandboxed frame)",
    headers: { "Content-Type": "application/json", Origin: "null" },
    body: (json) => json,
  },
  {
    name: "Sec-Fetch-Site: cross-site",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
    body: (json) => json,
  },
  {
    name: "Sec-Fetch-Site: same-site (a sibling subdomain)",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-site" },
    body: (json) => json,
  },
  {
    name: "Sec-Fetch-Site: cross-site with our own Origin",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site", Origin: OWN_ORIGIN },
    body: (json) => json,
  },
  {
    name: "a text/plain body (a cross-site form)",
    headers: { "Content-Type": "text/plain", Origin: OWN_ORIGIN },
    body: (json) => json,
  },
  {
    name: "a text/plain body from a hostile site",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    },
    body: (json) => json,
  },
  {
    name: "a form-encoded body",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: OWN_ORIGIN },
    body: (json) => new URLSearchParams(Object.entries(JSON.parse(json) as Record<string, string>)).toString() || "x=1",
  },
  {
    name: "a form-encoded body from a hostile site",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    },
    body: (json) => `json=${encodeURIComponent(json)}`,
  },
  {
    name: "a multipart body",
    headers: { "Content-Type": "multipart/form-data; boundary=erfboundary", Origin: OWN_ORIGIN },
    body: (json) =>
      `--erfboundary\r\nContent-Disposition: form-data; name="json"\r\n\r\n${json}\r\n--erfboundary--\r\n`,
  },
  { name: "no Content-Type", headers: { Origin: OWN_ORIGIN }, body: (json) => json },
  { name: "neither Origin nor Sec-Fetch-Site", headers: { "Content-Type": "application/json" }, body: (json) => json },
];

/** The staff writes, one valid case each (the one the admin, or else the sales rep, gets a 2xx for). */
const STAFF_WRITES: RouteCase[] = [
  ...new Map(
    ROUTE_CASES.filter(
      (c) =>
        c.stateChanging &&
        (c.expected.admin < 300 || c.expected.sales < 300) &&
        /^\w+ \/api\/(admin|auth)\//.test(c.route),
    ).map((c) => [c.route, c] as const),
  ).values(),
];

async function seed(db: Db): Promise<Fixture> {
  const canary = `csrf${randomBytes(4).toString("hex")}`;
  const fixture: Fixture = {
    leadId: randomUUID(),
    contactId: randomUUID(),
    subscriberId: randomUUID(),
    confirmationId: randomUUID(),
    canary,
    subjectEmail: `${canary}@example.com`,
    ...workspaceIds(),
  };
  await seedLead(db, fixture.leadId, "2025-03-01T09:00:00.000Z", { email: fixture.subjectEmail });
  await seedContact(db, fixture.contactId, "2025-03-01T09:00:00.000Z", { email: fixture.subjectEmail });
  await seedSubscriber(db, fixture.subscriberId, "2025-03-01T09:00:00.000Z", fixture.subjectEmail);
  await seedWorkspaceRows(db, fixture);
  return fixture;
}

/** Emptied, the staff account and the fixture seeded, in one transaction: one commit to sync, not one per table and row. */
const freshWorld = (db: Db) =>
  db.transaction().execute(async (trx) => {
    await clearTables(trx);
    await seedAdmin(trx);
    return seed(trx);
  });

const testAppOn = (db: Db) =>
  testApp(db, { clock: manualClock().clock, config: testConfig({ smtpUrl: "smtp://127.0.0.1:1" }) });

describeStorage(
  "CSRF on every staff write",
  (open) => {
    it("covers every state-changing staff route the app registers", () => {
      const registered = testApp(open.db)
        .routes.filter(
          (r) => !["ALL", "GET", "HEAD", "OPTIONS"].includes(r.method) && /^\/api\/(admin|auth)\//.test(r.path),
        )
        .map((r) => `${r.method} ${r.path}`);
      expect(new Set(STAFF_WRITES.map((c) => c.route))).toEqual(new Set(registered));
    });

    // A route's attacks share one seeded, signed-in world (and one request, its TOTP code unspent while
    // every attack is refused): each attack must leave every row of every table as it found it, so the next
    // one meets the world a fresh seed would give. After a test that did not show that (it failed), the
    // next one seeds a world of its own again. The control, which changes the world, runs last. Each test
    // still gets an app of its own (a manual clock at the same start), so no in-memory state carries over.
    describe.each(STAFF_WRITES.map((c) => [c.route, c] as const))("%s", (_route, routeCase) => {
      let world: { cookie: string; request: ApiRequest } | undefined;
      /** The tables as the last test left them, when it showed it changed nothing: the next test's "before". */
      let unchanged: string | undefined;
      const prepare = async () => {
        if (!world || unchanged === undefined) {
          // Signed in as the account the case's control succeeds for; SMTP set, as invitations need it.
          const fixture = await freshWorld(open.db);
          const app = testAppOn(open.db);
          const email = routeCase.expected.admin < 300 ? undefined : SALES_EMAIL;
          world = {
            cookie: await signIn(app, email),
            request: await requestFor(routeCase, fixture, app, email ?? ADMIN_EMAIL),
          };
          unchanged = await snapshot(open.db, open.schema);
        }
        const before = unchanged;
        unchanged = undefined;
        return { app: testAppOn(open.db), ...world, before };
      };

      it.each(ATTACKS.map((attack) => [attack.name, attack] as const))(
        "refuses %s with 403, changing nothing",
        async (_name, attack) => {
          const { app, cookie, request, before } = await prepare();
          const { method, path, body } = request;
          const response = await app.request(path, {
            method,
            headers: { ...attack.headers, Cookie: cookie },
            body: attack.body(JSON_BODY(body)),
          });
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual({ error: "forbidden" });
          expect(response.headers.getSetCookie()).toEqual([]);
          const after = await snapshot(open.db, open.schema);
          expect(after).toBe(before);
          unchanged = after;
        },
      );

      it("goes through as same-origin JSON, and changes something (the control)", async () => {
        const { app, cookie, request, before } = await prepare();
        const { method, path, body } = request;
        const response = await app.request(path, {
          method,
          headers: {
            "Content-Type": "application/json",
            Origin: OWN_ORIGIN,
            "Sec-Fetch-Site": "same-origin",
            Cookie: cookie,
          },
          body: JSON_BODY(body),
        });
        expect(response.status).toBe(
          routeCase.expected.admin < 300 ? routeCase.expected.admin : routeCase.expected.sales,
        );
        expect(await snapshot(open.db, open.schema)).not.toBe(before);
      });
    });
  },
  { clear: "once" },
);
