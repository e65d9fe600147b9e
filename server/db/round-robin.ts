import { CompiledQuery, type Transaction } from "kysely";
import { insertQuery, placeholdersOf } from "./bulk-insert";
import type { GroupRows } from "./group-rows";
import type { StepOutcome } from "./submissions";
import { outboxRow } from "./outbox";
import type { Tables } from "./schema";
import { ASSIGNMENT_KEY, ROUND_ROBIN_CURSOR_KEY } from "./settings";
import { workspaceEventRow } from "./workspace-events";
import type { WorkspaceEventsTable } from "./workspace-schema";

// Round-robin assignment of new contacts, signups and demo requests, inside the submission group's
// transaction (docs/decisions/0025-lead-workspace-storage.md). The staff marked available, in email
// order, take turns; the cursor is the email of the one who got the last record, kept in a settings row
// that a group locks once (FOR UPDATE on PostgreSQL; SQLite has one writer) before it hands out its
// records. Whatever the number of groups, processes or instances, records are dealt one at a time in
// commit order, so N records among K staff give each ⌊N/K⌋ or ⌈N/K⌉.
//
// Fixed SQL text (decision 0011), and as few round trips as can be: every group that holds a lead or
// contact runs the first statement, which locks and reads the cursor with the available staff only while
// the setting is on (and returns nothing, locking nothing, while it is off); a disabled account is
// never dealt to. On PostgreSQL the timeline entries and the cursor's move are then one more statement.

const DEAL = `select c.value as cursor, a.email from settings c cross join admins a
  where c.key = '${ROUND_ROBIN_CURSOR_KEY}' and a.available = 1 and a.disabled_at is null
  and exists (select 1 from settings m where m.key = '${ASSIGNMENT_KEY}' and m.value = 'round-robin')
  order by a.email`;
const LOCK_AND_READ = { sqlite: CompiledQuery.raw(DEAL), postgres: CompiledQuery.raw(`${DEAL} for update of c`) };
const MOVE_CURSOR = `update settings set value = ?, updated_at = ? where key = '${ROUND_ROBIN_CURSOR_KEY}'`;

/** The next in turn after `last`: the first email after it, or the first of all (also when `last` left). */
export function nextInTurn(staff: readonly string[], last: string): string {
  for (const email of staff) if (email > last) return email;
  return staff[0]!;
}

/** The dealt records' timeline entries, and the cursor moved to `last`: one statement on PostgreSQL. */
async function recordDeal(
  trx: Transaction<Tables>,
  events: WorkspaceEventsTable[],
  last: string,
  at: string,
): Promise<void> {
  const placeholders = placeholdersOf(trx);
  const insert = insertQuery(placeholders, "workspaceEvents", events)!;
  if (placeholders === "sqlite") {
    await trx.executeQuery(insert);
    await trx.executeQuery(CompiledQuery.raw(MOVE_CURSOR, [last, at]));
    return;
  }
  // A data-modifying WITH runs once whether or not the INSERT refers to it.
  const next = insert.parameters.length;
  const move = MOVE_CURSOR.replace("?", `$${next + 1}`).replace("?", `$${next + 2}`);
  await trx.executeQuery(CompiledQuery.raw(`with moved as (${move}) ${insert.sql}`, [...insert.parameters, last, at]));
}

const NOTHING: StepOutcome = Object.freeze({ serialized: false, queuedMail: false });

export interface RoundRobinOptions {
  /** Queue an assignment email to each new owner (SMTP is configured). */
  notify: boolean;
}

/**
 * Gives each new lead and contact of the group an owner, when round-robin is on and someone is
 * available: sets `owner` on the rows before they are inserted, and writes an "assigned" timeline entry
 * by "round-robin" (and queues an assignment email) for each.
 */
export async function assignRoundRobin(
  trx: Transaction<Tables>,
  rows: GroupRows,
  { notify }: RoundRobinOptions,
): Promise<StepOutcome> {
  // Spam is dealt to nobody: a "Not spam" deals it then (workspace/spam-decision.ts).
  const leads = rows.rowsOf("leads").filter((row) => row.spam !== 1);
  const contacts = rows.rowsOf("contacts").filter((row) => row.spam !== 1);
  if (leads.length + contacts.length === 0) return NOTHING;
  const turn = await trx.executeQuery<{ cursor: string; email: string }>(LOCK_AND_READ[placeholdersOf(trx)]);
  if (turn.rows.length === 0) return NOTHING;
  const staff = turn.rows.map((row) => row.email);
  let last = turn.rows[0]!.cursor;
  const events: WorkspaceEventsTable[] = [];
  const deal = (
    collection: "leads" | "contacts",
    row: { id: string; email: string; createdAt: string; owner?: string | null },
  ) => {
    const owner = nextInTurn(staff, last);
    last = owner;
    row.owner = owner;
    events.push(
      workspaceEventRow({
        email: row.email,
        collection,
        recordId: row.id,
        kind: "assigned",
        actor: "round-robin",
        details: { from: null, to: owner },
        at: row.createdAt,
      }),
    );
    if (notify)
      rows.add(
        "outbox",
        outboxRow(
          {
            kind: "assignment",
            subjectEmail: row.email,
            recordCollection: collection,
            recordId: row.id,
            recipient: owner,
          },
          row.createdAt,
        ),
      );
  };
  for (const row of leads) deal("leads", row);
  for (const row of contacts) deal("contacts", row);
  await recordDeal(trx, events, last, events[0]!.at);
  return { serialized: true, queuedMail: notify };
}
