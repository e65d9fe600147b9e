import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CamelCasePlugin, Kysely, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteWriterDialect } from "./sqlite-writer";

// The write connection answers a write only after the WAL is on disk (its own fdatasync stands in for
// synchronous=FULL, off the event loop). Here the sync is a gate the test opens, to see what waits for it.

interface Gate {
  calls: number;
  open(): void;
}

describe("sqliteWriterDialect", () => {
  let dir: string;
  let db: Kysely<{ notes: { id: Generated<number>; text: string } }>;
  let gate: Gate;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "erf-writer-"));
    const waiting: (() => void)[] = [];
    gate = {
      calls: 0,
      open: () => waiting.splice(0).forEach((release) => release()),
    };
    const syncWal = () => {
      gate.calls += 1;
      return new Promise<void>((resolve) => waiting.push(resolve));
    };
    db = new Kysely({
      dialect: sqliteWriterDialect({ file: join(dir, "w.sqlite"), pragmas: [], syncWal }),
      plugins: [new CamelCasePlugin()],
    });
    const created = sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await settle();
    gate.open();
    await created;
    gate.calls = 0;
  });

  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  /** Lets pending promise callbacks and I/O run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const state = <T>(promise: Promise<T>) => {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    return () => settled;
  };

  /** One sync is under way and the promise waits for it; it settles once the sync is let through. */
  const expectHeldUntilTheSync = async (settled: () => boolean) => {
    await settle();
    expect(gate.calls).toBe(1);
    expect(settled()).toBe(false);
    gate.open();
    await settle();
    expect(settled()).toBe(true);
  };

  it("resolves a write outside a transaction only after the WAL sync", async () => {
    await expectHeldUntilTheSync(state(db.insertInto("notes").values({ text: "one" }).execute()));
  });

  it("syncs a transaction once, at its commit, and holds the answer until then", async () => {
    const committed = state(
      db.transaction().execute(async (trx) => {
        for (const text of ["a", "b", "c"]) await trx.insertInto("notes").values({ text }).execute();
      }),
    );
    await expectHeldUntilTheSync(committed);
    expect(gate.calls).toBe(1);
  });

  it("does not sync for reads, nor for a rolled-back transaction's statements", async () => {
    await db.selectFrom("notes").selectAll().execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ text: "gone" }).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // Nothing was committed, so nothing waits for the disk.
    expect(gate.calls).toBe(0);
    gate.open();
    expect(await db.selectFrom("notes").selectAll().execute()).toEqual([]);
  });
});
