import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrl, testDatabases } from "../test-support/databases";
import { useTestDatabase } from "../test-support/storage-suite";
import { connectDatabase, PREPARED_PER_CONNECTION } from "./connect";
import type { Db } from "./schema";

// On PostgreSQL each pooled connection prepares a statement the first time it runs it and runs it by
// name after that (decision 0039): once per text, up to PREPARED_PER_CONNECTION texts, each run planned
// for its own values, and a statement whose result columns changed under it prepared afresh.

const postgres = testDatabases.find((database) => database.name === "postgres");

describe.skipIf(!postgres || !postgresUrl)("prepared statements on PostgreSQL", () => {
  const open = useTestDatabase(postgres!, { clear: "once" });
  /** One connection, so every statement below meets the same session's prepared statements. */
  let db: Db;
  beforeAll(() => {
    db = connectDatabase(postgresUrl!, { searchPath: open.schema!, maxConnections: 1 });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const preparedTexts = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it("prepares a statement once, and answers each run with its own values", async () => {
    await sql`create table prepared_rows (id int primary key, label text not null)`.execute(db);
    await sql`insert into prepared_rows values (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
    const labelOf = (id: number) =>
      sql<{ label: string }>`select label from prepared_rows where id = ${id}`.execute(db);
    const answers = [];
    for (const id of [1, 2, 3, 2]) answers.push((await labelOf(id)).rows.map((row) => row.label));
    expect(answers).toEqual([["one"], ["two"], ["three"], ["two"]]);
    const texts = await preparedTexts();
    expect(texts.filter((text) => text === "select label from prepared_rows where id = $1")).toHaveLength(1);
  });

  it("plans each run for its values, not once for all (plan_cache_mode)", async () => {
    const { rows } = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db);
    expect(rows[0]?.mode).toBe("force_custom_plan");
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION} texts a connection, and answers the rest unnamed`, async () => {
    const total = PREPARED_PER_CONNECTION + 20;
    for (let n = 0; n < total; n += 1) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(n)}::int + ${0}::int as n`.execute(db);
      expect(rows[0]?.n).toBe(n);
    }
    const texts = await preparedTexts();
    expect(texts.length).toBe(PREPARED_PER_CONNECTION);
    expect(texts).not.toContain(`select ${total - 1}::int + $1::int as n`);
  });
});

describe.skipIf(!postgres || !postgresUrl)("a prepared statement whose table changed under it", () => {
  const open = useTestDatabase(postgres!, { clear: "once" });
  let db: Db;
  beforeAll(async () => {
    db = connectDatabase(postgresUrl!, { searchPath: open.schema!, maxConnections: 1 });
    await sql`create table widened (id int primary key)`.execute(db);
    await sql`insert into widened values (1)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  const everything = (executor: Db = db) =>
    sql<Record<string, unknown>>`select * from widened where id = ${1}`.execute(executor);

  it("is prepared afresh at once outside a transaction", async () => {
    expect((await everything()).rows).toEqual([{ id: 1 }]);
    await sql`alter table widened add column label text not null default 'new'`.execute(db);
    expect((await everything()).rows).toEqual([{ id: 1, label: "new" }]);
  });

  it("fails once inside a transaction, and is prepared afresh the next time", async () => {
    await sql`alter table widened add column size int not null default 7`.execute(db);
    await expect(db.transaction().execute((trx) => everything(trx))).rejects.toMatchObject({ code: "0A000" });
    expect((await db.transaction().execute((trx) => everything(trx))).rows).toEqual([{ id: 1, label: "new", size: 7 }]);
    // Kysely's rollback and commit above ended the transaction for the connection's tracker too (it reads
    // their texts): outside one, a changed statement is again prepared afresh at once.
    await sql`alter table widened add column colour text not null default 'red'`.execute(db);
    expect((await everything()).rows).toEqual([{ id: 1, label: "new", size: 7, colour: "red" }]);
  });
});
