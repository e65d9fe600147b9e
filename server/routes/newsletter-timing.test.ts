import type { KyselyPlugin } from "kysely";
import { NO_ATTRIBUTION } from "../../src/domain/attribution";
import { expect, it } from "vitest";
import { subscribeEmail, suppress } from "../db/store";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { describeStorage, type StorageContext } from "../test-support/storage-suite";
import { postJson, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";

// Item: the time a subscription takes must not tell a stranger whether the address was on the list. The
// costly part of a submission is its commit's flush to disk, and a transaction that writes nothing is
// committed without one: every path must write (see rewriteState in privacy/subscription-request.ts).
// Checked here by counting the rows each path writes (exact); timing them against each other is a
// measurement, so it is a soak script: tests/soak/newsletter-timing.ts.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const CONFIG = testConfig({ smtpUrl: "smtp://127.0.0.1:1" });
const KINDS = ["new", "subscribed", "opted-out"] as const;
type Kind = (typeof KINDS)[number];

const emailOf = (kind: Kind, i: number) => `${kind}.${i}@example.com`;

/** Seeds `count` subscribed and `count` opted-out addresses. */
async function seed(open: StorageContext, count: number) {
  for (let i = 0; i < count; i++) {
    await subscribeEmail(open.db, {
      id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, "0")}`,
      data: { email: emailOf("subscribed", i), ...NO_ATTRIBUTION },
      botCheck: "skipped",
      createdAt: "2024-07-01T00:00:00.000Z",
    });
    await suppress(open.db, emailHash(keys, emailOf("opted-out", i)), "unsubscribed", "2024-08-01T00:00:00.000Z");
  }
}

describeStorage("the cost of POST /api/newsletter", (open) => {
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
});
