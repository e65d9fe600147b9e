import { randomBytes, randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { clearTables } from "../../../server/test-support/databases";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { manualClock, testApp, testConfig } from "../../../server/test-support/app";
import { seedAdmin, signIn } from "../../../server/test-support/admin";
import { seedContact, seedLead, seedSubscriber } from "../../../server/test-support/records";
import { ROUTE_CASES } from "./api-routes";
import { seedWorkspaceRows, workspaceIds, type Fixture } from "./route-case";
import { snapshot } from "./table-snapshot";

// DNS rebinding on every staff route (from the one route table): a page on a name re-pointed at our
// address is same-origin with us in the browser, so it sends its own Host and Origin, JSON and all.
// Must hold: 421 {error: host-not-allowed}, no cookie set, not one row of any table changed, nothing
// of the seeded data in the answer. The signed-in cookie is sent too, so the refusal is not just the
// missing session. The control is the access matrix (check 1), which sends the same cases on our own host.

const REBOUND = "rebound.evil.example";
const STAFF_CASES = ROUTE_CASES.filter((c) => /^\/api\/(admin|auth)\//.test(c.request(placeholder()).path));

function placeholder(): Fixture {
  return {
    leadId: "l",
    contactId: "c",
    subscriberId: "s",
    confirmationId: "n",
    canary: "x",
    subjectEmail: "x@example.com",
    noteId: "o",
    personId: "p",
    invitationToken: "i",
    resetToken: "r",
    webhookId: "w",
    webhookAttemptId: "a",
    apiTokenId: "t",
  };
}

describeStorage(
  "staff routes on a name that is not ours",
  (open) => {
    it("covers every staff route the app registers", () => {
      const registered = testApp(open.db)
        .routes.filter((r) => r.method !== "ALL" && /^\/api\/(admin|auth)\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`);
      expect(new Set(STAFF_CASES.map((c) => c.route).filter((route) => route !== "(no route)"))).toEqual(
        new Set(registered),
      );
    });

    it.each(STAFF_CASES.map((c) => [`${c.route} (${c.name})`, c] as const))(
      "refuses %s with 421, changing nothing",
      async (_label, routeCase) => {
        await clearTables(open.db);
        await seedAdmin(open.db);
        const canary = `host${randomBytes(4).toString("hex")}`;
        const fixture: Fixture = {
          leadId: randomUUID(),
          contactId: randomUUID(),
          subscriberId: randomUUID(),
          confirmationId: randomUUID(),
          canary,
          subjectEmail: `${canary}@example.com`,
          ...workspaceIds(),
        };
        await seedLead(open.db, fixture.leadId, "2025-03-01T09:00:00.000Z", { email: fixture.subjectEmail });
        await seedContact(open.db, fixture.contactId, "2025-03-01T09:00:00.000Z", { email: fixture.subjectEmail });
        await seedSubscriber(open.db, fixture.subscriberId, "2025-03-01T09:00:00.000Z", fixture.subjectEmail);
        await seedWorkspaceRows(open.db, fixture);
        // A production deployment: PUBLIC_URL set, so loopback names are not ours either.
        const app = testApp(open.db, {
          clock: manualClock().clock,
          config: testConfig({ publicUrl: "https://erf.example", allowLoopbackHosts: false }),
        });
        const cookie = await signIn(app, undefined, undefined, { Host: "erf.example", Origin: "https://erf.example" });

        const { method, path, body, headers = {} } = routeCase.request(fixture);
        const before = await snapshot(open.db, open.schema);
        const response = await app.request(`http://${REBOUND}${path}`, {
          method,
          headers: {
            "Content-Type": "application/json",
            ...headers,
            Host: REBOUND,
            Origin: `http://${REBOUND}`,
            "Sec-Fetch-Site": "same-origin",
            Cookie: cookie,
          },
          ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
        });
        const text = await response.text();
        expect(response.status).toBe(421);
        expect(JSON.parse(text)).toEqual({ error: "host-not-allowed" });
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(text).not.toContain(canary);
        expect(await snapshot(open.db, open.schema)).toBe(before);
      },
    );
  },
  { clear: "once" },
);
