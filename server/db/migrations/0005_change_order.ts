import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// PostgreSQL: the change log is read in the order of the transactions that wrote it, not of seq
// (server/db/changes.ts), so each row records its transaction's id. Existing rows all get this
// migration's id, and so keep their seq order ahead of every later change. SQLite's one writer commits
// in seq order already.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table changes add column tx_id xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index changes_tx_id_seq_idx on changes (tx_id, seq)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table changes drop column tx_id`.execute(db);
}
