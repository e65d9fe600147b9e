import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactInput } from "../../src/domain/schemas";
import { insertContact } from "./contacts";
import { migrateToLatest } from "./migrate";
import { storeSubmission } from "./submissions";
import { clearTables, countRows, testDatabases, type OpenDatabase } from "../test-support/databases";
import { validContact } from "../test-support/app";

// The transaction that ties a record to its idempotency key, exercised directly so the conflict path
// runs even when no earlier lookup could have caught the duplicate.

describe.each(testDatabases)("storeSubmission ($name)", (database) => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await database.open();
  });
  afterAll(() => open.close());
  beforeEach(() => clearTables(open.db));

  const now = new Date("2025-06-01T12:00:00.000Z");
  const data = contactInput.parse(validContact);
  const store = (id: string, key: string | null) =>
    storeSubmission(open.db, { idempotency: key === null ? null : { route: "/api/contacts", key }, now }, async (trx) => {
      await insertContact(trx, { id, data, botCheck: "skipped", createdAt: now.toISOString() });
      return { status: 201, body: JSON.stringify({ id }) };
    });

  it("rolls back the second record for a taken key and returns the first response", async () => {
    const first = await store("id-1", "k");
    const second = await store("id-2", "k");
    expect(first).toEqual({ response: { status: 201, body: '{"id":"id-1"}' }, replayed: false });
    expect(second).toEqual({ response: { status: 201, body: '{"id":"id-1"}' }, replayed: true });
    const ids = await open.db.selectFrom("contacts").select("id").execute();
    expect(ids).toEqual([{ id: "id-1" }]);
  });

  it("stores one record when the same key races in parallel transactions", async () => {
    const outcomes = await Promise.all(["a", "b", "c", "d"].map((suffix) => store(`id-${suffix}`, "race")));
    expect(new Set(outcomes.map((outcome) => outcome.response.body)).size).toBe(1);
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(await countRows(open.db, "contacts")).toBe(1);
  });

  it("keeps the key away when the record's write fails", async () => {
    await store("dup", null);
    await expect(store("dup", "k2")).rejects.toThrow();
    expect(await countRows(open.db, "idempotencyKeys")).toBe(0);
  });

  it("stores without a ledger row when there is no key", async () => {
    await store("id-x", null);
    await store("id-y", null);
    expect(await countRows(open.db, "contacts")).toBe(2);
    expect(await countRows(open.db, "idempotencyKeys")).toBe(0);
  });

  it("finds nothing left to migrate on a second run", async () => {
    expect(await migrateToLatest(open.db)).toEqual([]);
  });
});
