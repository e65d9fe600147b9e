import { describe, expect, it } from "vitest";
import { contactInput } from "../../src/domain/schemas";
import { contactRow, insertContact } from "./contacts";
import { connectDatabase } from "./connect";
import { migrateToLatest } from "./migrate";
import { IdempotencyKeyReused, SubmissionWriter, type SubmissionWrite } from "./submissions";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { validContact } from "../test-support/app";

// The transaction that ties a record to its idempotency key, exercised directly so the conflict path
// runs even when no earlier lookup could have caught the duplicate.

describeStorage("storeSubmission", (open) => {
  const now = new Date("2025-06-01T12:00:00.000Z");
  const data = contactInput.parse(validContact);
  const writeContact =
    (id: string): SubmissionWrite =>
    async (trx) => {
      await insertContact(trx, { id, data, botCheck: "skipped", createdAt: now.toISOString() });
      return {
        response: { status: 201, body: JSON.stringify({ id }) },
        change: { collection: "contacts", recordId: id, op: "insert", createdAt: now.toISOString() },
      };
    };
  // The same, as the public routes write: the row waits for the group's one INSERT into contacts.
  const appendContact =
    (id: string): SubmissionWrite =>
    async (_trx, rows) => {
      rows.add("contacts", contactRow({ id, data, botCheck: "skipped", createdAt: now.toISOString() }));
      return {
        response: { status: 201, body: JSON.stringify({ id }) },
        change: { collection: "contacts", recordId: id, op: "insert", createdAt: now.toISOString() },
      };
    };
  // The fingerprint stands for the request's body: the same unless a test says otherwise.
  const scope = (key: string | null, fingerprint = "same-body") => ({
    idempotency: key === null ? null : { route: "/api/contacts", key, fingerprint },
    now,
  });
  // A writer per call: each submission in a transaction of its own, as when several server processes race.
  const store = (id: string, key: string | null, fingerprint?: string) =>
    new SubmissionWriter(open.db).store(scope(key, fingerprint), writeContact(id));

  it("rolls back the second record for a taken key and returns the first response", async () => {
    const first = await store("id-1", "k");
    const second = await store("id-2", "k");
    expect(first).toEqual({ response: { status: 201, body: '{"id":"id-1"}' }, replayed: false });
    expect(second).toEqual({ response: { status: 201, body: '{"id":"id-1"}' }, replayed: true });
    const ids = await open.db.selectFrom("contacts").select("id").execute();
    expect(ids).toEqual([{ id: "id-1" }]);
  });

  it("refuses a taken key sent with another request, rolling its record back", async () => {
    await store("id-1", "k", "body-a");
    await expect(store("id-2", "k", "body-b")).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect(await open.db.selectFrom("contacts").select("id").execute()).toEqual([{ id: "id-1" }]);
    expect(await open.db.selectFrom("idempotencyKeys").select(["key", "fingerprint"]).execute()).toEqual([
      { key: "k", fingerprint: "body-a" },
    ]);
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

  describe("one writer, submissions grouped into one commit", () => {
    const storeWith = (writer: SubmissionWriter, id: string, key: string | null) =>
      writer.store(scope(key), writeContact(id));
    const changedIds = async () =>
      (await open.db.selectFrom("changes").select("recordId").orderBy("seq").execute()).map((row) => row.recordId);

    it("stores every submission of a group in one commit and answers each with its own response", async () => {
      const writer = new SubmissionWriter(open.db);
      const ids = Array.from({ length: 40 }, (_, index) => `g-${index}`);
      const outcomes = await Promise.all(ids.map((id) => storeWith(writer, id, `key-${id}`)));
      expect(outcomes.map((outcome) => JSON.parse(outcome.response.body).id)).toEqual(ids);
      expect(writer.commits).toBe(1);
      expect(await countRows(open.db, "contacts")).toBe(40);
      expect(await countRows(open.db, "idempotencyKeys")).toBe(40);
      expect(await changedIds()).toEqual(ids);
    });

    it.each([
      ["on its own statement", writeContact],
      ["in the group's INSERT", appendContact],
    ])(
      "stores the rest of a group when one member's row fails %s, each then in its own commit",
      async (_how, write) => {
        const writer = new SubmissionWriter(open.db);
        await storeWith(writer, "taken-id", null);
        const outcomes = await Promise.allSettled(
          [
            ["ok-1", "k-ok-1"],
            ["taken-id", "k-dup"],
            ["ok-2", "k-ok-2"],
          ].map(([id, key]) => writer.store(scope(key!), write(id!))),
        );
        expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
        const ids = await open.db.selectFrom("contacts").select("id").orderBy("id").execute();
        expect(ids.map((row) => row.id)).toEqual(["ok-1", "ok-2", "taken-id"]);
        const keys = await open.db.selectFrom("idempotencyKeys").select("key").orderBy("key").execute();
        expect(keys.map((row) => row.key)).toEqual(["k-ok-1", "k-ok-2"]);
        expect(await changedIds()).toEqual(["taken-id", "ok-1", "ok-2"]);
      },
    );

    it("answers a key used twice in one group with the first record, stored once", async () => {
      const writer = new SubmissionWriter(open.db);
      const [first, second] = await Promise.all([
        storeWith(writer, "first", "same"),
        storeWith(writer, "second", "same"),
      ]);
      expect(first).toEqual({ response: { status: 201, body: '{"id":"first"}' }, replayed: false });
      expect(second).toEqual({ response: { status: 201, body: '{"id":"first"}' }, replayed: true });
      expect(await countRows(open.db, "contacts")).toBe(1);
      expect(await changedIds()).toEqual(["first"]);
    });

    it("refuses a key used twice in one group with two requests, storing the first and the rest of the group", async () => {
      const writer = new SubmissionWriter(open.db);
      const outcomes = await Promise.allSettled([
        writer.store(scope("shared", "body-a"), writeContact("first")),
        writer.store(scope("shared", "body-b"), writeContact("second")),
        writer.store(scope("other"), writeContact("third")),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(IdempotencyKeyReused);
      expect(await changedIds()).toEqual(["first", "third"]);
      expect(await countRows(open.db, "idempotencyKeys")).toBe(2);
    });

    it("sends the appended rows and the keys of a whole group in one INSERT each", async () => {
      // A second connection to the same tables, whose query log counts every statement it runs.
      const inserts = new Map<string, number>();
      const ids = Array.from({ length: 25 }, (_, index) => `batch-${index}`);
      const counted = connectDatabase(open.url, {
        ...(open.schema !== undefined && { searchPath: open.schema }),
        log: (event) => {
          const table = /\binsert into "?(\w+)"?/.exec(event.query.sql)?.[1];
          if (table) inserts.set(table, (inserts.get(table) ?? 0) + 1);
        },
      });
      try {
        const writer = new SubmissionWriter(counted);
        const outcomes = await Promise.all(ids.map((id) => writer.store(scope(`key-${id}`), appendContact(id))));
        expect(outcomes.map((outcome) => JSON.parse(outcome.response.body).id)).toEqual(ids);
        expect(writer.commits).toBe(1);
        expect(Object.fromEntries(inserts)).toEqual({ contacts: 1, idempotency_keys: 1, changes: 1 });
      } finally {
        await counted.destroy();
      }
      expect(await countRows(open.db, "contacts")).toBe(25);
      expect(await countRows(open.db, "idempotencyKeys")).toBe(25);
      expect(await changedIds()).toEqual(ids);
    });

    it("caps a group and commits the rest in the next one", async () => {
      const writer = new SubmissionWriter(open.db, { maxGroup: 3 });
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => storeWith(writer, `cap-${index}`, null)),
      );
      expect(outcomes.every((outcome) => !outcome.replayed)).toBe(true);
      expect(writer.commits).toBe(4);
      expect(await countRows(open.db, "contacts")).toBe(10);
    });
  });

  it("finds nothing left to migrate on a second run", async () => {
    expect(await migrateToLatest(open.db)).toEqual([]);
  });
});
