import type { Transaction } from "kysely";
import { expect, it } from "vitest";
import { describeStorage } from "../test-support/storage-suite";
import { changesAfter, latestPosition, LOG_START, recordChange } from "./changes";
import type { Db, Tables } from "./schema";

// The change log's order. On PostgreSQL it must hold with writers that overlap, and without a lock:
// a reader never sends a change and later finds a committed one that belongs before it. There a
// change is read once every older transaction in the cluster has ended, and other test files run
// theirs at the same time: reads that expect a committed change poll until it has settled.

const logIn = (trx: Transaction<Tables>, recordId: string) =>
  recordChange(trx, { collection: "contacts", recordId, op: "insert", createdAt: new Date().toISOString() });
const log = (db: Db, recordId: string) => db.transaction().execute((trx) => logIn(trx, recordId));
/** A write that gives a transaction its id without logging a change. */
const takeId = (trx: Transaction<Tables>) =>
  trx.insertInto("loginThrottle").values({ key: "slow", windowStart: new Date().toISOString(), failures: 1 }).execute();

const idsAfter = async (db: Db, position: string) => {
  const { changes, heldBack } = await changesAfter(db, position, 100);
  return { ids: changes.map((change) => change.recordId), heldBack };
};

/** A transaction left open after `body` until release(): the test's hand on a slow writer. */
function openTransaction(db: Db, body: (trx: Transaction<Tables>) => Promise<unknown>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const done = db.transaction().execute(async (trx) => {
    await body(trx);
    ready();
    await held;
  });
  return { started, release, done };
}

describeStorage("change log", (open) => {
  it("gives each change a greater position than the last, and latestPosition the last one", async () => {
    const before = await latestPosition(open.db);
    await log(open.db, "a");
    await log(open.db, "b");
    await expect.poll(() => idsAfter(open.db, before)).toEqual({ ids: ["a", "b"], heldBack: false });
    const { changes } = await changesAfter(open.db, before, 100);
    expect(changes[0]!.position > before).toBe(true);
    expect(changes[1]!.position > changes[0]!.position).toBe(true);
    await expect.poll(() => latestPosition(open.db)).toBe(changes[1]!.position);
    expect((await idsAfter(open.db, changes[0]!.position)).ids).toEqual(["b"]);
    expect((await idsAfter(open.db, LOG_START)).ids).toEqual(["a", "b"]);
  });

  it("reads in pages of the limit asked for", async () => {
    for (const id of ["a", "b", "c"]) await log(open.db, id);
    await expect.poll(async () => (await idsAfter(open.db, LOG_START)).ids).toHaveLength(3);
    const first = await changesAfter(open.db, LOG_START, 2);
    expect(first.changes.map((change) => change.recordId)).toEqual(["a", "b"]);
    const rest = await changesAfter(open.db, first.changes[1]!.position, 2);
    expect(rest.changes.map((change) => change.recordId)).toEqual(["c"]);
  });

  it("rejects a position it did not give out", async () => {
    await expect(changesAfter(open.db, "12", 10)).rejects.toThrow(/log position/);
  });

  // SQLite has one writer, and its test database one connection: these overlaps cannot happen there.
  if (open.name === "postgres") {
    it("sends nothing of a change whose transaction has not committed", async () => {
      const slow = openTransaction(open.db, (trx) => logIn(trx, "slow"));
      await slow.started;
      expect((await idsAfter(open.db, LOG_START)).ids).toEqual([]);
      slow.release();
      await slow.done;
      await expect.poll(async () => (await idsAfter(open.db, LOG_START)).ids).toEqual(["slow"]);
    });

    it("holds back a change committed while an older transaction runs, until that one ends", async () => {
      const slow = openTransaction(open.db, takeId);
      await slow.started;
      await log(open.db, "fast");
      // Committed, but the older transaction may still log a change, which would belong before it:
      // sending "fast" now could mean sending that one after it.
      expect(await idsAfter(open.db, LOG_START)).toEqual({ ids: [], heldBack: true });
      expect(await latestPosition(open.db)).toBe(LOG_START);
      slow.release();
      await slow.done;
      await expect.poll(() => idsAfter(open.db, LOG_START)).toEqual({ ids: ["fast"], heldBack: false });
    });

    it("places a change by its transaction, not by its seq", async () => {
      let logSlow!: () => void;
      const slowMayLog = new Promise<void>((resolve) => (logSlow = resolve));
      let idTaken!: () => void;
      const slowHasId = new Promise<void>((resolve) => (idTaken = resolve));
      const slow = open.db.transaction().execute(async (trx) => {
        await takeId(trx);
        idTaken();
        await slowMayLog;
        await logIn(trx, "slow");
      });
      await slowHasId;
      await log(open.db, "fast");
      logSlow();
      await slow;
      const bySeq = await open.db.selectFrom("changes").select("recordId").orderBy("seq").execute();
      expect(bySeq.map((row) => row.recordId)).toEqual(["fast", "slow"]);
      await expect.poll(async () => (await idsAfter(open.db, LOG_START)).ids).toEqual(["slow", "fast"]);
    });

    it("does not make a second writer wait for the first one's commit", async () => {
      const slow = openTransaction(open.db, (trx) => logIn(trx, "slow"));
      await slow.started;
      const fast = log(open.db, "fast");
      const outcome = await Promise.race([
        fast.then(() => "committed"),
        new Promise((resolve) => setTimeout(() => resolve("waiting"), 1_000)),
      ]);
      slow.release();
      await Promise.all([slow.done, fast]);
      expect(outcome).toBe("committed");
    });
  }
});
