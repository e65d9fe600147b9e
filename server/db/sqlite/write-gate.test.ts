import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sqliteWriterDialect } from "./sqlite-writer";
import { newWriteGateBuffer, writeGate } from "./write-gate";

// Two write connections of one process on one SQLite file take turns at the write gate (write-gate.ts):
// the server's waits there without blocking its thread, and never meets the file's lock held by the
// other (which would be SQLITE_BUSY, and better-sqlite3 sleeping the whole thread).

interface Notes {
  notes: { id: Generated<number>; text: string };
}

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

describe("the write gate", () => {
  /** The thread's and the server's side of one new gate. */
  const twoSides = () => {
    const buffer = newWriteGateBuffer();
    return { thread: writeGate(buffer, "thread"), server: writeGate(buffer, "server") };
  };

  it("keeps the server's side waiting, its event loop free, while the thread's side holds it", async () => {
    const { thread, server } = twoSides();
    await thread.acquire();
    const acquired = state(Promise.resolve(server.acquire()));
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 1);
    await settle();
    clearInterval(ticking);
    expect(acquired()).toBe(false);
    expect(ticks).toBeGreaterThan(3);
    thread.release();
    await settle();
    expect(acquired()).toBe(true);
    server.release();
  });

  it("lets one side free a gate the other left held (its thread ended mid-transaction)", async () => {
    const { thread, server } = twoSides();
    await thread.acquire();
    const acquired = state(Promise.resolve(server.acquire()));
    await settle();
    expect(acquired()).toBe(false);
    // Freeing one's own side does nothing to the other's hold.
    server.release();
    await settle();
    expect(acquired()).toBe(false);
    server.releaseOther();
    await settle();
    expect(acquired()).toBe(true);
  });
});

describe("a write connection with the gate", () => {
  let dir: string;
  let file: string;
  let other: SQLite.Database;
  let buffer: SharedArrayBuffer;
  /** Whether either side holds the gate (0: free), read without waiting. */
  const held = () => new Int32Array(buffer)[0] !== 0;

  beforeEach(async () => {
    buffer = newWriteGateBuffer();
    dir = await mkdtemp(join(tmpdir(), "erf-gate-"));
    file = join(dir, "g.sqlite");
    other = new SQLite(file);
    other.pragma("journal_mode = WAL");
    other.exec("create table notes (id integer primary key, text text not null)");
  });
  afterEach(async () => {
    other.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The server's write connection to the file (with the server's side of the gate unless `gated` is false), closed after `body`. */
  const withWriter = async (pragmas: string[], gated: boolean, body: (db: Kysely<Notes>) => Promise<void>) => {
    const db = new Kysely<Notes>({ dialect: sqliteWriterDialect({ file, pragmas, ...(gated && { gate: writeGate(buffer, "server") }) }) });
    try {
      await body(db);
    } finally {
      await db.destroy();
    }
  };

  /** The other connection holds the file's write lock, under the thread's side of the gate. */
  const holdTheLock = () => {
    const thread = writeGate(buffer, "thread");
    void thread.acquire();
    other.exec("begin immediate; insert into notes (text) values ('from the thread')");
    return () => {
      other.exec("commit");
      thread.release();
    };
  };

  it("waits its turn at the gate instead of meeting the file's lock, and writes once the other commits", async () => {
    // No busy timeout: met at the file's lock, the write would fail at once with SQLITE_BUSY.
    await withWriter(["busy_timeout = 0"], true, async (db) => {
      const letGo = holdTheLock();
      const inserted = state(db.insertInto("notes").values({ text: "from the server" }).execute());
      const transaction = state(db.transaction().execute((trx) => trx.insertInto("notes").values({ text: "in a transaction" }).execute()));
      await settle();
      expect(inserted()).toBe(false);
      expect(transaction()).toBe(false);
      letGo();
      // Two turns at the gate, one after the other: on a loaded machine longer than one settle.
      await vi.waitFor(() => {
        expect(inserted()).toBe(true);
        expect(transaction()).toBe(true);
      }, { timeout: 5_000, interval: 10 });
      expect((await db.selectFrom("notes").select("text").orderBy("id").execute()).map((row) => row.text)).toEqual(["from the thread", "from the server", "in a transaction"]);
      // Every turn was given back.
      expect(held()).toBe(false);
    });
  });

  it("meets SQLITE_BUSY without it: what the gate is for", async () => {
    await withWriter(["busy_timeout = 0"], false, async (db) => {
      const letGo = holdTheLock();
      await expect(db.insertInto("notes").values({ text: "from the server" }).execute()).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      letGo();
      expect(held()).toBe(false);
      await sql`select 1`.execute(db);
    });
  });

  it("gives the gate back when a transaction fails and rolls back", async () => {
    await withWriter([], true, async (db) => {
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto("notes").values({ text: "gone" }).execute();
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      expect(held()).toBe(false);
      expect(await db.selectFrom("notes").selectAll().execute()).toEqual([]);
    });
  });
});
