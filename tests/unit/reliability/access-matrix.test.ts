import { beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../../server/test-support/databases";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { testApp } from "../../../server/test-support/app";
import { ADMIN_EMAIL } from "../../../server/test-support/admin";
import { ROUTE_CASES } from "./api-routes";
import { AUTH_STATES } from "./route-case";
import { INTERNALS, leakedSecrets, registeredRoutes, runMatrix, type MatrixAnswer } from "./access-matrix-runner";

// Check 1 of docs/reliability.md: every API route x {anonymous, signed-in admin, expired session,
// logged-out cookie} against the table in api-routes.ts. Must hold: 100% as expected, and no admin data
// (seeded personal data, record ids, the admin's address) in any answer outside the admin state.

const describeAnswer = ({ routeCase, state, status, body }: MatrixAnswer) =>
  `${state} ${routeCase.route} (${routeCase.name}): expected ${routeCase.expected[state]}, got ${status} ${body.slice(0, 200)}`;

describe("the route table", () => {
  it("lists every route the app registers, and no route it does not", async () => {
    const { db } = await testDatabases[0]!.open();
    const registered = registeredRoutes(testApp(db));
    await db.destroy();
    const listed = new Set(ROUTE_CASES.map((c) => c.route).filter((route) => route !== "(no route)"));
    expect([...registered].filter((route) => !listed.has(route)), "registered but missing from tests/unit/reliability/api-routes.ts").toEqual([]);
    expect([...listed].filter((route) => !registered.has(route)), "listed but not registered").toEqual([]);
  });

  it("has, for every route, a case the signed-in admin gets through with a 2xx", () => {
    const routes = new Set(ROUTE_CASES.map((c) => c.route));
    const withSuccess = new Set(ROUTE_CASES.filter((c) => c.expected.admin < 300).map((c) => c.route));
    expect([...routes].filter((route) => route !== "(no route)" && !withSuccess.has(route))).toEqual([]);
  });
});

describeStorage("access matrix", (open) => {
  let answers: MatrixAnswer[];
  beforeAll(async () => {
    answers = await runMatrix(open.db, ROUTE_CASES);
  }, 120_000);

  it(`answers all ${ROUTE_CASES.length} cases x ${AUTH_STATES.length} sign-in states as the table says`, () => {
    expect(answers).toHaveLength(ROUTE_CASES.length * AUTH_STATES.length);
    expect(answers.filter((a) => a.status !== a.routeCase.expected[a.state]).map(describeAnswer)).toEqual([]);
  });

  it("puts no staff data in any answer outside the signed-in admin state", () => {
    const leaks = answers
      .filter((a) => a.state !== "admin" && !(a.routeCase.signsIn && a.status === 200))
      .flatMap((a) => leakedSecrets(a, ADMIN_EMAIL).map((secret) => `${a.state} ${a.routeCase.route} (${a.routeCase.name}) leaks ${secret}`));
    expect(leaks).toEqual([]);
    // The check can see a leak: the admin's own answers do carry the seeded data.
    expect(answers.some((a) => a.state === "admin" && leakedSecrets(a, ADMIN_EMAIL).length > 0)).toBe(true);
  });

  it("answers staff routes outside the admin state with exactly 401 {error: unauthenticated}, uncached", () => {
    const refused = answers.filter((a) => a.state !== "admin" && a.routeCase.expected[a.state] === 401 && a.routeCase.expected.admin !== 401);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(JSON.parse(a.body), describeAnswer(a)).toEqual({ error: "unauthenticated" });
      expect(a.headers.get("cache-control"), describeAnswer(a)).toBe("no-store");
      expect(a.headers.getSetCookie().filter((cookie) => !cookie.startsWith("__Host-erf_session=;")), describeAnswer(a)).toEqual([]);
    }
  });

  it("keeps stack traces, SQL and file paths out of every error body", () => {
    const errors = answers.filter((a) => a.status >= 400);
    expect(errors.filter((a) => INTERNALS.test(a.body)).map(describeAnswer)).toEqual([]);
    expect(errors.filter((a) => a.headers.get("content-type")?.startsWith("application/json") !== true).map(describeAnswer)).toEqual([]);
  });
}, { clear: "once" });
