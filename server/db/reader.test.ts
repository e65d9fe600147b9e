import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAdmin, send, signIn } from "../test-support/admin";
import { postJson, testApp, validContact } from "../test-support/app";
import { sseReader } from "../test-support/sse";
import { connectDatabase, connectReader } from "./connect";
import { migrateToLatest } from "./migrate";
import type { Db } from "./schema";

// The read-only second connection on a SQLite file: it reads the last commit while the write
// connection's transaction is open (on the write connection such a read would queue behind it), it
// cannot write, and the staff API answers through it.

describe("connectReader (SQLite file)", () => {
  let dir: string;
  let url: string;
  let db: Db;
  let reader: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "erf-reader-"));
    url = `sqlite:${join(dir, "erf.sqlite")}`;
    db = connectDatabase(url);
    await migrateToLatest(db);
    reader = connectReader(url, db);
  });
  afterAll(async () => {
    await reader.destroy();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const idsIn = async (handle: Db) =>
    (await handle.selectFrom("newsletter").select("id").orderBy("id").execute()).map((row) => row.id);
  const row = (id: string) => ({
    id,
    email: `${id}@example.com`,
    status: "subscribed" as const,
    botCheck: "skipped" as const,
    createdAt: new Date().toISOString(),
  });

  it("is a connection of its own, and the same handle for PostgreSQL and in-memory databases", () => {
    expect(reader).not.toBe(db);
    expect(connectReader("sqlite::memory:", db)).toBe(db);
    expect(connectReader("postgres://postgres@127.0.0.1:5432/test", db)).toBe(db);
  });

  it("reads the last commit while a write transaction is open, without waiting for it", async () => {
    await db.insertInto("newsletter").values(row("a-committed")).execute();
    const seenInside = await db.transaction().execute(async (trx) => {
      await trx.insertInto("newsletter").values(row("b-uncommitted")).execute();
      // Through `db` this would wait for the transaction it is inside of: a deadlock, not an answer.
      return idsIn(reader);
    });
    expect(seenInside).toEqual(["a-committed"]);
    expect(await idsIn(reader)).toEqual(["a-committed", "b-uncommitted"]);
  });

  it("gives rows the keys and values the write connection gives them (camelCase, nulls, numbers)", async () => {
    await db
      .insertInto("newsletter")
      .values({ ...row("d-keys"), statusChangedAt: null })
      .execute();
    const query = (handle: Db) =>
      handle
        .selectFrom("newsletter")
        .selectAll()
        .select((eb) => eb.fn.countAll().over().as("rowCount"))
        .where("id", "=", "d-keys")
        .executeTakeFirstOrThrow();
    const [viaReader, viaWriter] = [await query(reader), await query(db)];
    expect(Object.keys(viaReader)).toEqual(Object.keys(viaWriter));
    expect(viaReader).toEqual(viaWriter);
    expect(viaReader).toMatchObject({ botCheck: "skipped", statusChangedAt: null, rowCount: 1 });
  });

  it("cannot write", async () => {
    await expect(reader.insertInto("newsletter").values(row("c-refused")).execute()).rejects.toThrow(
      /readonly|query_only/i,
    );
  });

  it("serves the staff lists, stats, export and live stream of an app given it", async () => {
    const app = testApp(db, { reader });
    await seedAdmin(db);
    const cookie = await signIn(app);
    const events = sseReader(await send(app, "GET", "/api/admin/events", { cookie }));
    await events.nextFrame();
    const { id } = (await (
      await postJson(app, "/api/contacts", { ...validContact, email: "reader@example.com" })
    ).json()) as { id: string };

    expect((await events.nextChange()).change.record.id).toBe(id);
    const page = (await (await send(app, "GET", "/api/admin/contacts", { cookie })).json()) as {
      items: { id: string }[];
    };
    expect(page.items.map((item) => item.id)).toEqual([id]);
    expect(
      ((await (await send(app, "GET", "/api/admin/stats", { cookie })).json()) as { tabs: { contacts: number } }).tabs
        .contacts,
    ).toBe(1);
    const csv = await (await send(app, "GET", "/api/admin/export.csv", { cookie })).text();
    expect(csv).toContain("reader@example.com");
    // The export's audit entry is written through the write connection.
    const audit = await db.selectFrom("audit").select("action").where("action", "=", "export.csv").execute();
    expect(audit).toHaveLength(1);
    await events.close();
  });
});
