import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subscribeEmail } from "../db/newsletter";
import { suppress } from "../db/suppressions";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { clearTables, testDatabases, type OpenDatabase } from "../test-support/databases";
import { postJson, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";

// Item: the time a subscription takes must not tell a stranger whether the address was on the list. The
// costly part of a submission is its commit's flush to disk, and a transaction that writes nothing is
// committed without one: every path must write (see rewriteState in privacy/subscription-request.ts).
// Checked twice: by counting the rows each path writes (exact), and by timing them against each other
// (interleaved, medians, as the sign-in timing check does).

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const CONFIG = testConfig({ smtpUrl: "smtp://127.0.0.1:1" });
const TRIES = Number(process.env.NEWSLETTER_TIMING_TRIES ?? 150);
/** The most the medians may differ, as a share of the slower one. Skipping the flush costs ~50%. */
const LIMIT = 0.35;
const KINDS = ["new", "subscribed", "opted-out"] as const;
type Kind = (typeof KINDS)[number];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const emailOf = (kind: Kind, i: number) => `${kind}.${i}@example.com`;

/** Seeds `count` subscribed and `count` opted-out addresses. */
async function seed(open: OpenDatabase, count: number) {
  for (let i = 0; i < count; i++) {
    await subscribeEmail(open.db, { id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, "0")}`, data: { email: emailOf("subscribed", i) }, botCheck: "skipped", createdAt: "2024-07-01T00:00:00.000Z" });
    await suppress(open.db, emailHash(keys, emailOf("opted-out", i)), "unsubscribed", "2024-08-01T00:00:00.000Z");
  }
}

describe.each(testDatabases)("the cost of POST /api/newsletter ($name)", (database) => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await database.open();
  });
  afterAll(() => open.close());
  beforeEach(() => clearTables(open.db));

  it("writes in every case: a new, a subscribed and an opted-out address", async () => {
    await seed(open, 1);
    let rowsWritten = 0;
    const countWrites: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        rowsWritten += Number(result.numAffectedRows ?? 0n);
        return result;
      },
    };
    const app = testApp(open.db.withPlugin(countWrites), { config: CONFIG, reader: open.db });
    for (const kind of KINDS) {
      rowsWritten = 0;
      expect((await postJson(app, "/api/newsletter", { email: emailOf(kind, 0) })).status).toBe(201);
      expect(rowsWritten, kind).toBeGreaterThan(0);
    }
  });

  it(`answers each case in about the same time (${TRIES} of each, interleaved; medians within ${LIMIT * 100}%)`, async () => {
    await seed(open, TRIES);
    const app = testApp(open.db, { config: CONFIG });
    // Warm-up: the first statements and query plans are slower for everyone.
    for (let i = 0; i < 20; i++) await postJson(app, "/api/newsletter", { email: `warm.${i}@example.com` });
    const order = KINDS.flatMap((kind) => Array.from({ length: TRIES }, (_, i) => [kind, i] as const)).sort(() => Math.random() - 0.5);
    const times: Record<Kind, number[]> = { new: [], subscribed: [], "opted-out": [] };
    for (const [kind, i] of order) {
      const started = performance.now();
      const response = await postJson(app, "/api/newsletter", { email: emailOf(kind, i) });
      await response.text();
      times[kind].push(performance.now() - started);
    }
    const medians = Object.fromEntries(KINDS.map((kind) => [kind, median(times[kind])])) as Record<Kind, number>;
    const slowest = Math.max(...Object.values(medians));
    const fastest = Math.min(...Object.values(medians));
    const spread = (slowest - fastest) / slowest;
    expect(spread, `medians (ms): ${JSON.stringify(medians)}`).toBeLessThan(LIMIT);
  }, 120_000);
});
