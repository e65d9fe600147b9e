import { connectDatabase, migrateToLatest, subscribeEmail, suppress } from "../../server/db/store";
import { NO_ATTRIBUTION } from "../../src/domain/attribution";
import { derivePrivacyKeys, emailHash } from "../../server/privacy/keys";
import { postJson, TEST_APP_SECRET, testApp, testConfig } from "../../server/test-support/app";
import { envNumber } from "./lib/env-number";
import { createReport, median, percentile, runOnSelectedDatabases, type Report } from "./lib/report";
import { scratchStore } from "./lib/scratch-store";

// Check 5 of docs/reliability.md, the newsletter half: POST /api/newsletter must not tell a stranger, by
// its time, whether an address was new, already subscribed or opted out. The costly part of a submission
// is its commit's flush to disk, and a commit that writes nothing skips it, so every path writes
// (privacy/subscription-request.ts); server/routes/newsletter-timing.test.ts counts those writes
// exactly. This script times the three cases against each other: interleaved in random order, one at a
// time, in process against a real database. Must hold: the same status and body shape, and medians
// within 35% (skipping the flush costs about 50%).
//
//   npx tsx tests/soak/newsletter-timing.ts     (SOAK_DB, NEWSLETTER_TIMING_TRIES)

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const TRIES = envNumber("NEWSLETTER_TIMING_TRIES", 300);
const LIMIT = 0.35;
const KINDS = ["new", "subscribed", "opted-out"] as const;
type Kind = (typeof KINDS)[number];
const emailOf = (kind: Kind, i: number) => `${kind}.${i}@example.com`;

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const store = await scratchStore(kind, "newsletter_timing");
  const db = connectDatabase(store.databaseUrl);
  await migrateToLatest(db);
  for (let i = 0; i < TRIES; i++) {
    await subscribeEmail(db, {
      id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, "0")}`,
      data: { email: emailOf("subscribed", i), ...NO_ATTRIBUTION },
      botCheck: "skipped",
      createdAt: "2024-07-01T00:00:00.000Z",
    });
    await suppress(db, emailHash(keys, emailOf("opted-out", i)), "unsubscribed", "2024-08-01T00:00:00.000Z");
  }
  // An unreachable mail server: the confirmation emails wait in the outbox, as they would for a real one.
  const app = testApp(db, { config: testConfig({ smtpUrl: "smtp://127.0.0.1:1", rateLimitPerMinute: 1_000_000 }) });
  // Warm-up: the first statements and query plans are slower for everyone.
  for (let i = 0; i < 20; i++)
    await (await postJson(app, "/api/newsletter", { email: `warm.${i}@example.com` })).text();

  const order = KINDS.flatMap((which) => Array.from({ length: TRIES }, (_, i) => [which, i] as const)).sort(
    () => Math.random() - 0.5,
  );
  const times: Record<Kind, number[]> = { new: [], subscribed: [], "opted-out": [] };
  const shapes = new Set<string>();
  for (const [which, i] of order) {
    const started = performance.now();
    const response = await postJson(app, "/api/newsletter", { email: emailOf(which, i) });
    const body = (await response.json()) as Record<string, unknown>;
    times[which].push(performance.now() - started);
    shapes.add(`${response.status} ${Object.keys(body).sort().join(",")}`);
  }
  await db.destroy();

  for (const which of KINDS) {
    report.figure(
      `${label}: ${which} address (ms)`,
      `median ${median(times[which]).toFixed(2)}, p10 ${percentile(times[which], 10).toFixed(2)}, p90 ${percentile(times[which], 90).toFixed(2)} over ${TRIES}`,
    );
  }
  const medians = KINDS.map((which) => median(times[which]));
  const spread = (Math.max(...medians) - Math.min(...medians)) / Math.max(...medians);
  report.mustHold(`${label}: one status and body shape for all three`, shapes.size === 1, [...shapes].join(" | "));
  report.mustHold(`${label}: medians differ by under ${LIMIT * 100}%`, spread < LIMIT, `${(spread * 100).toFixed(1)}%`);

  await store.remove();
}

const report = createReport("newsletter answer timing, new vs subscribed vs opted out (check 5)");
await runOnSelectedDatabases(report, runOn);
