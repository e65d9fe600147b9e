import { expect, it } from "vitest";
import { indexesOf } from "../test-support/databases";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";

// Migration 0021 drops the global due index of webhook deliveries, which nothing reads since the claims
// go through each endpoint's own (webhook-log.test.ts checks the claim's plan); stepping down restores it.

const BEFORE = "0020_webhook_attempts_unlinked";

describeStorage("migration 0021_webhook_global_due_index_dropped", (open) => {
  it("drops the global due index and keeps the others, and steps back down", async () => {
    const migrator = testMigrator(open);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const before = await indexesOf(open.db, "webhook_deliveries");
    expect(before).toContain("webhook_deliveries_due_idx");
    expect(before).toContain("webhook_deliveries_endpoint_due_idx");

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexesOf(open.db, "webhook_deliveries")).toEqual(
      before.filter((name) => name !== "webhook_deliveries_due_idx"),
    );

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await indexesOf(open.db, "webhook_deliveries")).toEqual(before);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
