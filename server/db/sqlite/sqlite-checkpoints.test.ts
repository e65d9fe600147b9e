import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckpointThread } from "./sqlite-checkpoints";
import { sqliteWriterDialect, WAL_LIMIT_PAGES } from "./sqlite-writer";

// The write connection's checkpoints in a thread of their own (sqlite-checkpoints.ts). With the thread,
// the connection's own automatic checkpoint waits for a WAL of 10,000 pages, which these tests never
// reach: only the thread copies the WAL into the database file, so the file growing while the connection
// is open shows the thread at work, and a WAL that stays small shows that the writer could start it
// again from the beginning.

const PAGE = 4096;
const size = async (path: string) => (await stat(path).catch(() => ({ size: 0 }))).size;
const row = "x".repeat(4000); // about a page per row

describe("checkpoints in a thread of their own", () => {
  let dir: string;
  let file: string;
  let db: Kysely<{ notes: { id: number; text: string } }>;
  let onFailure: ReturnType<typeof vi.fn<(error: Error) => void>>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "erf-checkpoints-"));
    file = join(dir, "c.sqlite");
    onFailure = vi.fn<(error: Error) => void>();
    db = new Kysely({
      dialect: sqliteWriterDialect({ file, pragmas: [], checkpointThread: { onFailure, intervalMs: 5 } }),
    });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (commits: number) => {
    for (let i = 0; i < commits; i += 1)
      await db
        .insertInto("notes")
        .values({ id: undefined as unknown as number, text: row })
        .execute();
  };

  it("copies the WAL into the database file while the writer is open, and the WAL is reused", async () => {
    const { wal_autocheckpoint: own } = (
      await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)
    ).rows[0]!;
    expect(own).toBe(WAL_LIMIT_PAGES);
    const before = await size(file);
    // Six rounds of 100 commits, each commit about three pages of WAL (the row, the table's tree, the
    // header page): 7 MB of frames in all, with pauses in which the thread can catch up.
    for (let round = 0; round < 6; round += 1) {
      await write(100);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await vi.waitFor(async () => expect(await size(file)).toBeGreaterThan(before + 550 * PAGE), {
      timeout: 5_000,
      interval: 20,
    });
    // Never started again, the WAL would hold every frame: over 7 MB.
    expect(await size(`${file}-wal`)).toBeLessThan(2.5 * 1024 * 1024);
    expect(
      (
        await db
          .selectFrom("notes")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(600);
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe("CheckpointThread", () => {
  it("reports a thread that cannot work, once", async () => {
    const failures: Error[] = [];
    const thread = new CheckpointThread({
      file: join(tmpdir(), "erf-no-such-dir", "missing.sqlite"),
      onFailure: (error) => failures.push(error),
    });
    await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 5_000 });
    await thread.close();
    expect(failures).toHaveLength(1);
  });

  it("closes without reporting a failure", async () => {
    const dir = await mkdtemp(join(tmpdir(), "erf-checkpoints-"));
    const file = join(dir, "c.sqlite");
    const db = new Kysely({ dialect: sqliteWriterDialect({ file, pragmas: [] }) });
    await sql`create table t (x)`.execute(db);
    const onFailure = vi.fn();
    const thread = new CheckpointThread({ file, onFailure, intervalMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await thread.close();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
    expect(onFailure).not.toHaveBeenCalled();
  });
});
