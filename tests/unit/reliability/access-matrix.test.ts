import { beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../../server/test-support/databases";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { testApp } from "../../../server/test-support/app";
import { ADMIN_EMAIL } from "../../../server/test-support/admin";
import { ROUTE_CASES } from "./api-routes";
import { AUTH_STATES, EMBEDDED_VIEWS, expectedFor, SIGNED_OUT, TOKEN_CALLERS, TOKEN_STATES } from "./route-case";
import { INTERNALS, leakedSecrets, registeredRoutes, runMatrix, type MatrixAnswer } from "./access-matrix-runner";

// Check 1 of docs/reliability.md: every API route x {anonymous, signed-in admin, signed-in sales rep,
// expired session, logged-out cookie} against the table in api-routes.ts. Must hold: 100% as expected,
// no staff data (seeded personal data, record ids, the staff's addresses) in any answer while signed
// out, and nothing but 403 {error: forbidden} where a role lacks the route's capability. Then every staff
// route as five kinds of API token (route-case.ts TOKEN_CALLERS: full scopes, records:read only, and
// of a demoted, a disabled and a deleted creator), and no view embedded in an answer for a caller
// refused that view's own route (decision 0044).

const describeAnswer = ({ routeCase, state, status, body }: MatrixAnswer) =>
  `${state} ${routeCase.route} (${routeCase.name}): expected ${expectedFor(routeCase, state)}, got ${status} ${body.slice(0, 200)}`;

describe("the route table", () => {
  it("lists every route the app registers, and no route it does not", async () => {
    const { db } = await testDatabases[0]!.open();
    const registered = registeredRoutes(testApp(db));
    await db.destroy();
    const listed = new Set(ROUTE_CASES.map((c) => c.route).filter((route) => route !== "(no route)"));
    expect(
      [...registered].filter((route) => !listed.has(route)),
      "registered but missing from tests/unit/reliability/api-routes.ts",
    ).toEqual([]);
    expect(
      [...listed].filter((route) => !registered.has(route)),
      "listed but not registered",
    ).toEqual([]);
  });

  it("has, for every route, a case a signed-in account gets through with a 2xx (the admin, or for what only others may do, the sales rep)", () => {
    const routes = new Set(ROUTE_CASES.map((c) => c.route));
    const withSuccess = new Set(
      ROUTE_CASES.filter((c) => c.expected.admin < 300 || c.expected.sales < 300).map((c) => c.route),
    );
    expect([...routes].filter((route) => route !== "(no route)" && !withSuccess.has(route))).toEqual([]);
  });
});

describeStorage(
  "access matrix",
  (open) => {
    let answers: MatrixAnswer[];
    beforeAll(async () => {
      answers = await runMatrix(open.db, ROUTE_CASES);
    }, 300_000);

    it(`answers all ${ROUTE_CASES.length} cases x ${AUTH_STATES.length} sign-in states as the table says`, () => {
      expect(answers).toHaveLength(ROUTE_CASES.length * AUTH_STATES.length);
      expect(answers.filter((a) => a.status !== expectedFor(a.routeCase, a.state)).map(describeAnswer)).toEqual([]);
    });

    it("puts no staff data in any answer while signed out", () => {
      const leaks = answers
        .filter((a) => SIGNED_OUT.includes(a.state) && !(a.routeCase.signsIn && a.status === 200))
        .flatMap((a) =>
          leakedSecrets(a, ADMIN_EMAIL).map(
            (secret) => `${a.state} ${a.routeCase.route} (${a.routeCase.name}) leaks ${secret}`,
          ),
        );
      expect(leaks).toEqual([]);
      // The check can see a leak: the admin's own answers do carry the seeded data.
      expect(answers.some((a) => a.state === "admin" && leakedSecrets(a, ADMIN_EMAIL).length > 0)).toBe(true);
    });

    it("refuses a sales rep what the role may not do with exactly 403 {error: forbidden}, and nothing of it", () => {
      const refused = answers.filter((a) => a.state === "sales" && a.routeCase.expected.sales === 403);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) expect(JSON.parse(a.body), describeAnswer(a)).toEqual({ error: "forbidden" });
    });

    it("answers staff routes while signed out with exactly 401 {error: unauthenticated}, uncached", () => {
      const refused = answers.filter(
        (a) =>
          SIGNED_OUT.includes(a.state) &&
          expectedFor(a.routeCase, a.state) === 401 &&
          a.routeCase.expected.admin !== 401,
      );
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        expect(JSON.parse(a.body), describeAnswer(a)).toEqual({ error: "unauthenticated" });
        expect(a.headers.get("cache-control"), describeAnswer(a)).toBe("no-store");
        expect(
          a.headers.getSetCookie().filter((cookie) => !cookie.startsWith("__Host-erf_session=;")),
          describeAnswer(a),
        ).toEqual([]);
      }
    });

    it("keeps stack traces, SQL and file paths out of every error body", () => {
      const errors = answers.filter((a) => a.status >= 400);
      expect(errors.filter((a) => INTERNALS.test(a.body)).map(describeAnswer)).toEqual([]);
      // JSON for the API; a page naming the field for a form a person posted without JavaScript.
      const json = (a: MatrixAnswer) => a.headers.get("content-type")?.startsWith("application/json") === true;
      const page = (a: MatrixAnswer) =>
        a.headers.get("content-type")?.startsWith("text/html") === true && /email/.test(a.body);
      expect(errors.filter((a) => !(a.routeCase.answersWithPage ? page(a) : json(a))).map(describeAnswer)).toEqual([]);
      expect(errors.some((a) => a.routeCase.answersWithPage)).toBe(true);
    });

    describe("as API tokens", () => {
      let tokenAnswers: MatrixAnswer[];
      beforeAll(async () => {
        tokenAnswers = await runMatrix(open.db, ROUTE_CASES, TOKEN_STATES);
      }, 300_000);

      it(`answers every staff route as each of ${TOKEN_STATES.length} tokens' scopes and its creator's current rights allow`, () => {
        for (const state of TOKEN_STATES)
          expect(tokenAnswers.filter((a) => a.state === state).length, state).toBeGreaterThan(80);
        expect(tokenAnswers.filter((a) => a.status !== expectedFor(a.routeCase, a.state)).map(describeAnswer)).toEqual(
          [],
        );
        // The table lets each working token through somewhere, and the demoted creator's token keeps its records.
        for (const state of TOKEN_STATES.filter(
          (s) => TOKEN_CALLERS[s].creator === "admin" || TOKEN_CALLERS[s].creator === "sales",
        )) {
          expect(
            tokenAnswers.some((a) => a.state === state && a.status === 200),
            state,
          ).toBe(true);
        }
      });

      it("refuses a token of a disabled or deleted creator with 401 {error: unauthenticated}, and any token what it may not do with 403, showing nothing of the route", () => {
        const refused = tokenAnswers.filter((a) => a.status === 401 || a.status === 403);
        expect(
          refused.filter((a) => TOKEN_CALLERS[a.state as keyof typeof TOKEN_CALLERS].creator === "disabled").length,
        ).toBeGreaterThan(80);
        for (const a of refused) {
          expect(JSON.parse(a.body), describeAnswer(a)).toMatchObject({
            error: a.status === 401 ? "unauthenticated" : "forbidden",
          });
          expect(leakedSecrets(a, ADMIN_EMAIL), describeAnswer(a)).toEqual([]);
        }
      });

      it("never embeds a view in an answer to a caller that the view's own route refuses", () => {
        const all = [...answers, ...tokenAnswers];
        const embedding = all.filter((a) => a.routeCase.embeds !== undefined);
        expect(new Set(embedding.map((a) => a.state)).size).toBe(AUTH_STATES.length + TOKEN_STATES.length);
        const leaks = embedding.flatMap((a) => {
          const view = EMBEDDED_VIEWS[a.routeCase.embeds!];
          const own = all.find(
            (other) =>
              other.state === a.state && other.routeCase.route === view.route && other.routeCase.expected.admin === 200,
          );
          if (!own) return [`${a.state}: no answer of ${view.route}`];
          if (own.status < 300) return [];
          return view
            .shows(a.fixture)
            .filter((mark) => a.body.includes(mark))
            .map((mark) => `${describeAnswer(a)}: embeds ${mark} of ${view.route}, which answered ${own.status}`);
        });
        expect(leaks).toEqual([]);
        // The check can see the view: the admin's embedding answers carry it.
        for (const a of embedding.filter((a) => a.state === "admin"))
          expect(
            EMBEDDED_VIEWS[a.routeCase.embeds!].shows(a.fixture).every((mark) => a.body.includes(mark)),
            describeAnswer(a),
          ).toBe(true);
      });
    });
  },
  { clear: "once" },
);
