import { sql, type Kysely } from "kysely";
import { allowEventKinds } from "./event-kinds";

// The spam score (src/domain/spam.ts, docs/decisions/0030-spam-score.md) on the two tables whose
// records alert staff and are dealt by round-robin: leads and contacts.
//
// - spam_score, spam_signals: what the score was and which named signals fired; null on rows stored
//   before this migration (nothing scored them).
// - spam: 0 or 1, the Spam view. Every list, count, statistic, alert and assignment leaves spam = 1 out;
//   the view itself reads a partial index of just those rows, newest first, so it costs the size of
//   the Spam view however large the table.
// - content_hash: a keyed hash of what the visitor wrote, normalised (spam-score.ts), for the "same
//   content from many addresses" signal, read by (content_hash, created_at) over the last day.
//
// spam_blocklist: the addresses and domains staff refuse (admins edit it; everyone reads it).
// workspace_events gains the kind 'spam-decision': a staff "Spam" or "Not spam" on a person's timeline.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const TABLES = ["leads", "contacts"] as const;
const KINDS_BEFORE = ["status-changed", "assigned", "note-deleted", "email-sent"];
const KINDS_AFTER = [...KINDS_BEFORE, "spam-decision"];

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("spam_score", "integer").execute();
    await db.schema.alterTable(table).addColumn("spam_signals", "text").execute();
    await db.schema
      .alterTable(table)
      .addColumn("spam", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn("content_hash", "text").execute();
    await db.schema
      .createIndex(`${table}_spam_created_at_id_idx`)
      .on(table)
      .columns(["created_at", "id"])
      .where(sql.ref("spam"), "=", 1)
      .execute();
    await db.schema
      .createIndex(`${table}_content_hash_idx`)
      .on(table)
      .columns(["content_hash", "created_at"])
      .where(sql.ref("content_hash"), "is not", null)
      .execute();
  }
  await db.schema
    .createTable("spam_blocklist")
    .addColumn("entry", "text", (col) => col.primaryKey().check(sql`entry = lower(entry)`))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('address', 'domain')`))
    .addColumn("added_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await allowEventKinds(db, KINDS_AFTER);
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("workspace_events").where("kind", "=", "spam-decision").execute();
  await allowEventKinds(db, KINDS_BEFORE);
  await db.schema.dropTable("spam_blocklist").execute();
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_content_hash_idx`).execute();
    await db.schema.dropIndex(`${table}_spam_created_at_id_idx`).execute();
    for (const column of ["content_hash", "spam", "spam_signals", "spam_score"])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
