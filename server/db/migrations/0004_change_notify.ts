import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connect";

// PostgreSQL: the changes table no longer notifies from a trigger. A NOTIFY inside the writing
// transaction holds the notification-queue lock through that transaction's commit, so concurrent
// submission groups committed one at a time. The writers' process notifies after its commit instead
// (server/events/pg-change-feed.ts; the admin CLI through notifyChangeListeners).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger changes_notify on changes`.execute(db);
  await sql`drop function erf_notify_change()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function erf_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('erf_changes', new.seq::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger changes_notify after insert on changes for each row execute function erf_notify_change()`.execute(
    db,
  );
}
