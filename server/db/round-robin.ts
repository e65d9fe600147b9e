import { CompiledQuery, type Transaction } from "kysely";
import { isPostgres } from "./connect";
import type { GroupRows } from "./group-rows";
import { outboxRow } from "./outbox";
import type { Tables } from "./schema";
import { ROUND_ROBIN_CURSOR_KEY } from "./settings";
import { workspaceEventRow } from "./workspace-events";

// Round-robin assignment of new contacts, signups and demo requests, inside the submission group's
// transaction (docs/decisions/0025-lead-workspace-storage.md). The staff marked available, in email
// order, take turns; the cursor is the email of the one who got the last record, kept in a settings row
// that a group locks once (SELECT ... FOR UPDATE on PostgreSQL; SQLite has one writer) before it
// hands out its records. Whatever the number of groups, processes or instances, records are dealt one
// at a time in commit order, so N records among K staff give each ⌊N/K⌋ or ⌈N/K⌉.
//
// The statements are fixed text (decision 0011): they run for every group that holds a lead or contact.

/** The available staff, in turn order; none while the setting is off (one statement either way). */
const STAFF_WHEN_ON = CompiledQuery.raw(
  "select email from admins where available = 1 and exists (select 1 from settings where key = 'assignment' and value = 'round-robin') order by email",
);
const CURSOR = `select value from settings where key = '${ROUND_ROBIN_CURSOR_KEY}'`;
const LOCK_CURSOR = { sqlite: CompiledQuery.raw(CURSOR), postgres: CompiledQuery.raw(`${CURSOR} for update`) };
const MAKE_CURSOR = {
  sqlite: (at: string) => CompiledQuery.raw(`insert into settings (key, value, updated_at) values ('${ROUND_ROBIN_CURSOR_KEY}', '', ?) on conflict (key) do nothing`, [at]),
  postgres: (at: string) => CompiledQuery.raw(`insert into settings (key, value, updated_at) values ('${ROUND_ROBIN_CURSOR_KEY}', '', $1) on conflict (key) do nothing`, [at]),
};
const MOVE_CURSOR = {
  sqlite: (value: string, at: string) => CompiledQuery.raw(`update settings set value = ?, updated_at = ? where key = '${ROUND_ROBIN_CURSOR_KEY}'`, [value, at]),
  postgres: (value: string, at: string) => CompiledQuery.raw(`update settings set value = $1, updated_at = $2 where key = '${ROUND_ROBIN_CURSOR_KEY}'`, [value, at]),
};

/** The next in turn after `last`: the first email after it, or the first of all (also when `last` left). */
export function nextInTurn(staff: readonly string[], last: string): string {
  for (const email of staff) if (email > last) return email;
  return staff[0]!;
}

/** Locks the cursor row for the rest of the transaction and reads it; makes it first if it is missing. */
async function lockCursor(trx: Transaction<Tables>, at: string): Promise<string> {
  const dialect = isPostgres(trx) ? "postgres" : "sqlite";
  const locked = await trx.executeQuery<{ value: string }>(LOCK_CURSOR[dialect]);
  if (locked.rows[0]) return locked.rows[0].value;
  await trx.executeQuery(MAKE_CURSOR[dialect](at));
  const made = await trx.executeQuery<{ value: string }>(LOCK_CURSOR[dialect]);
  return made.rows[0]?.value ?? "";
}

export interface RoundRobinOptions {
  /** Queue an assignment email to each new owner (SMTP is configured). */
  notify: boolean;
}

/**
 * Gives each new lead and contact of the group an owner, when round-robin is on and someone is
 * available: sets `owner` on the rows before they are inserted, and appends an "assigned" timeline entry
 * (and an assignment email) for each. Returns whether it queued email.
 */
export async function assignRoundRobin(trx: Transaction<Tables>, rows: GroupRows, { notify }: RoundRobinOptions): Promise<boolean> {
  const leads = rows.rowsOf("leads");
  const contacts = rows.rowsOf("contacts");
  if (leads.length + contacts.length === 0) return false;
  const staff = (await trx.executeQuery<{ email: string }>(STAFF_WHEN_ON)).rows.map((row) => row.email);
  if (staff.length === 0) return false;
  const at = (leads[0] ?? contacts[0])!.createdAt;
  let last = await lockCursor(trx, at);
  const deal = (collection: "leads" | "contacts", row: { id: string; email: string; createdAt: string; owner?: string | null }) => {
    const owner = nextInTurn(staff, last);
    last = owner;
    row.owner = owner;
    rows.add(
      "workspaceEvents",
      workspaceEventRow({ email: row.email, collection, recordId: row.id, kind: "assigned", actor: "round-robin", details: { from: null, to: owner }, at: row.createdAt }),
    );
    if (notify) rows.add("outbox", outboxRow({ kind: "assignment", subjectEmail: row.email, recordCollection: collection, recordId: row.id, recipient: owner }, row.createdAt));
  };
  for (const row of leads) deal("leads", row);
  for (const row of contacts) deal("contacts", row);
  await trx.executeQuery(MOVE_CURSOR[isPostgres(trx) ? "postgres" : "sqlite"](last, at));
  return notify;
}
