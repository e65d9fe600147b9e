import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { testApp, testConfig } from "../../../server/test-support/app";
import { hostileRequest } from "./payloads";
import { toJsonText, validPayloads, type PublicRoute, type WireRequest } from "./valid-payloads";
import { asStored, bytesOf, expectedOutcome, type Outcome } from "./public-writes-oracle";
import { canonical, inputFromRow, readPublicRows, rowProblems } from "./stored-rows";

// Check 2 of docs/reliability.md: property-based payloads against the three public write routes,
// in-process. Must hold: no 5xx; every answer the one docs/api.md promises; afterwards no stored row
// that the shared schema would refuse, and every acknowledged valid submission stored as parsed.

const RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
const CONTROLS = Number(process.env.FUZZ_CONTROLS ?? 500);
// A fixed seed per run keeps failures reproducible; FUZZ_SEED explores new ground.
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_701);
const ROUTES: PublicRoute[] = ["contacts", "leads", "newsletter"];

interface Sent {
  route: PublicRoute;
  request: WireRequest;
  expected: Outcome;
  status: number;
  body: string;
}

describeStorage(
  "fuzzed public writes",
  (open) => {
    let app: ReturnType<typeof testApp>;
    const sent: Sent[] = [];
    let keyCounter = 0;

    beforeAll(async () => {
      app = testApp(open.db, { config: testConfig({ rateLimitPerMinute: 10_000_000 }) });
    });

    async function send(route: PublicRoute, request: WireRequest): Promise<Sent> {
      // A valid key is made unique, so a repeated generated value is not an idempotent replay.
      const key =
        request.idempotencyKey !== undefined && /^[0-9a-f-]{36}$/.test(request.idempotencyKey)
          ? `${request.idempotencyKey}.${++keyCounter}`
          : request.idempotencyKey;
      const withKey = { ...request, ...(key !== undefined && { idempotencyKey: key }) };
      const headers: Record<string, string> = {};
      if (withKey.contentType !== null) headers["Content-Type"] = withKey.contentType;
      if (key !== undefined) headers["Idempotency-Key"] = key;
      let status: number;
      let body: string;
      try {
        const response = await app.request(`/api/${route}`, { method: "POST", headers, body: bytesOf(withKey.body) });
        status = response.status;
        body = await response.text();
      } catch (error) {
        // A header value fetch itself refuses (e.g. a NUL in Idempotency-Key) never reaches the server.
        if (error instanceof TypeError && /header/i.test(error.message))
          return { route, request: withKey, expected: { status: 400, reason: "unsendable" }, status: 400, body: "" };
        throw error;
      }
      const record = { route, request: withKey, expected: expectedOutcome(route, withKey), status, body };
      sent.push(record);
      return record;
    }

    const describeFailure = ({ request, expected, status, body }: Sent) =>
      `${request.label}: expected ${expected.status}${"reason" in expected ? ` (${expected.reason})` : ""}, got ${status} ${body.slice(0, 300)}\nbody: ${JSON.stringify(typeof request.body === "string" ? request.body.slice(0, 400) : `[${request.body.length} bytes]`)}`;

    it.each(ROUTES)(
      `answers ${RUNS} hostile payloads to /api/%s with no 5xx and exactly the documented status`,
      async (route) => {
        await fc.assert(
          fc.asyncProperty(hostileRequest(route), async (request) => {
            const result = await send(route, request);
            if (result.status >= 500 || result.status !== result.expected.status)
              throw new Error(describeFailure(result));
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        // Thousands of requests through the whole stack: a bound for a machine busy with other suites, not a
        // speed check (speed is measured in bench/).
      },
      90_000,
    );

    it.each(ROUTES)(
      `stores all ${CONTROLS} valid control payloads to /api/%s`,
      async (route) => {
        await fc.assert(
          fc.asyncProperty(validPayloads[route], async (entries) => {
            const result = await send(route, {
              body: toJsonText(entries),
              contentType: "application/json",
              label: "valid control",
            });
            if (result.expected.status !== 201)
              throw new Error(`the control generator made an invalid payload: ${describeFailure(result)}`);
            if (result.status !== 201) throw new Error(describeFailure(result));
          }),
          { numRuns: CONTROLS, seed: SEED + 1, endOnFailure: true },
        );
      },
      60_000,
    );

    it("leaves no stored row the shared schema would refuse, and every acknowledged submission stored as parsed", async () => {
      const problems: string[] = [];
      for (const route of ROUTES) {
        const rows = await readPublicRows(open.db, route);
        const byId = new Map(rows.map((row) => [String(row.id), row]));
        const byEmail = new Map(rows.map((row) => [String(row.email), row]));
        for (const row of rows)
          for (const problem of rowProblems(route, row)) problems.push(`${route} ${String(row.id)}: ${problem}`);

        const acknowledged = sent.filter(
          (s) => s.route === route && s.status === 201 && s.expected.status === 201 && s.expected.stored,
        );
        const acknowledgedIds = new Set<string>();
        for (const submission of acknowledged) {
          const { id } = JSON.parse(submission.body) as { id: string };
          if (submission.expected.status !== 201 || !submission.expected.stored) continue;
          const expectedShape = asStored(submission.expected.shape);
          // A newsletter answer names only a row it created: a repeat of an address is answered with an id
          // of its own and stored as the first submission's row.
          const row = byId.get(id) ?? (route === "newsletter" ? byEmail.get(String(expectedShape.email)) : undefined);
          if (!row) {
            problems.push(`${route} ${id}: acknowledged with 201 but not stored (${submission.request.label})`);
            continue;
          }
          acknowledgedIds.add(String(row.id));
          const expected = canonical(expectedShape);
          const actual = canonical(inputFromRow(route, row));
          if (expected !== actual) problems.push(`${route} ${id}: stored ${actual}, the schema made ${expected}`);
        }
        for (const row of rows)
          if (!acknowledgedIds.has(String(row.id)))
            problems.push(`${route} ${String(row.id)}: stored without an acknowledged submission`);
        // Every answer is an id of its own, never one given before (which would tell an address was known).
        const answered = acknowledged.map((submission) => (JSON.parse(submission.body) as { id: string }).id);
        if (new Set(answered).size !== answered.length) problems.push(`${route}: the same id answered twice`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
      // The run means something only if it stored things and refused things.
      const statuses = new Set(sent.map((s) => s.status));
      for (const status of [201, 400, 413, 415]) expect(statuses, `no ${status} at all`).toContain(status);
      expect(sent.filter((s) => s.status >= 500)).toEqual([]);
    });
  },
  { clear: "once" },
);
