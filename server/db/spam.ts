import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordsByCollection } from "../../src/domain/admin";
import type { BlocklistEntry, SpamVerdict } from "../../src/domain/spam";
import { appendAuditEntries } from "./audit";
import { insertRows } from "./bulk-insert";
import { recordChanges } from "./changes";
import { isPostgres } from "./connect";
import { GroupRows } from "./group-rows";
import { outboxRow } from "./outbox";
import { findRecords } from "./record-lists";
import { assignRoundRobin } from "./round-robin";
import type { Db, OutboxTable, Tables, Writer } from "./schema";
import { enqueueWebhookEvents } from "./webhooks";
import { workspaceEventRow } from "./workspace-events";

// The spam score's storage: the blocklist staff edit, the one read a submission makes before it is
// scored (is the address blocked, how many other addresses sent the same words lately), and a staff
// decision's change of a record's `spam` flag. docs/decisions/0030-spam-score.md.

export async function listBlocklist(db: Db): Promise<BlocklistEntry[]> {
  return db.selectFrom("spamBlocklist").selectAll().orderBy("entry").execute();
}

/** Adds an entry; false when it was there already. */
export async function addBlocklistEntry(db: Writer, entry: BlocklistEntry): Promise<boolean> {
  const row = await db
    .insertInto("spamBlocklist")
    .values(entry)
    .onConflict((conflict) => conflict.column("entry").doNothing())
    .returning("entry")
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes an entry; false when there was none. */
export async function removeBlocklistEntry(db: Writer, entry: string): Promise<boolean> {
  const result = await db.deleteFrom("spamBlocklist").where("entry", "=", entry).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The entries that would block `email`: the address itself, its domain and every parent domain of it. */
export function blocklistCandidates(email: string): string[] {
  const address = email.toLowerCase();
  const labels = (address.split("@")[1] ?? "").split(".");
  const domains = labels.slice(0, -1).map((_label, index) => labels.slice(index).join("."));
  return [address, ...domains];
}

export interface SpamLookup {
  /** The address or one of its domains is on the blocklist. */
  blocked: boolean;
  /**
   * Other sources that sent the same content (hash) to leads or contacts since `since`: distinct client
   * buckets (their keyed hashes, migration 0023), not this submission's own, from other addresses; a row
   * stored before 0023 (or from an unknown client) counts by its address.
   */
  otherSources: number;
}

/**
 * One statement, on the reader: the blocklist (primary-key lookups) and the other sources that sent
 * this content lately (the content_hash index, migration 0015). No content: only the blocklist is read.
 */
export async function spamLookup(
  db: Db,
  {
    email,
    contentHash,
    sourceHash,
    since,
  }: { email: string; contentHash: string | null; sourceHash: string | null; since: string },
): Promise<SpamLookup> {
  const candidates = sql.join(blocklistCandidates(email).map((entry) => sql`${entry}`));
  const otherSource = sourceHash === null ? sql`` : sql` and (source_hash is null or source_hash <> ${sourceHash})`;
  const repeated =
    contentHash === null
      ? sql`0`
      : sql`(select count(distinct coalesce(source_hash, 'address:' || email)) from (
          select email, source_hash from contacts where content_hash = ${contentHash} and created_at >= ${since} and email <> ${email}${otherSource}
          union all
          select email, source_hash from leads where content_hash = ${contentHash} and created_at >= ${since} and email <> ${email}${otherSource}
        ) as senders)`;
  const { rows } = await sql<{ blocked: number | string; others: number | string }>`
    select (select count(*) from spam_blocklist where entry in (${candidates})) as blocked, ${repeated} as others`.execute(
    db,
  );
  const row = rows[0]!;
  return { blocked: Number(row.blocked) > 0, otherSources: Number(row.others) };
}

// One of two tables chosen at run time (see record-lists.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTrx = Kysely<any>;

export interface SpamRow {
  id: string;
  email: string;
  spam: boolean;
  owner: string | null;
  createdAt: string;
}

/** The record's spam flag and what a "Not spam" needs, locked for the decision (PostgreSQL); undefined when there is none. */
export async function lockSpamRow(
  trx: Transaction<Tables>,
  collection: "leads" | "contacts",
  id: string,
  postgres: boolean,
): Promise<SpamRow | undefined> {
  let query = (trx as unknown as AnyTrx)
    .selectFrom(collection)
    .select(["id", "email", "spam", "owner", "createdAt"])
    .where("id", "=", id);
  if (postgres) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as (Omit<SpamRow, "spam"> & { spam: number }) | undefined;
  return row && { ...row, spam: row.spam === 1 };
}

export async function setSpamFlag(
  trx: Transaction<Tables>,
  collection: "leads" | "contacts",
  id: string,
  spam: boolean,
  owner?: string | null,
): Promise<void> {
  await (trx as unknown as AnyTrx)
    .updateTable(collection)
    .set({ spam: spam ? 1 : 0, ...(owner !== undefined && { owner }) })
    .where("id", "=", id)
    .execute();
}

export interface SpamDecision {
  collection: "leads" | "contacts";
  id: string;
  verdict: SpamVerdict;
  /** The staff member, and where from (the audit log). */
  actor: { email: string; ip: string | null; userAgent: string | null };
  now: Date;
  /** Staff alerts are on (SMTP_URL and NOTIFY_TO): a "Not spam" sends the alert the record missed. */
  alerts: boolean;
  /** Assignment emails are on (SMTP is configured): a record "Not spam" deals by round-robin gets one. */
  notifyOwners: boolean;
}

export type SpamDecisionOutcome<C extends "leads" | "contacts"> =
  { found: false } | { found: true; changed: boolean; record: RecordsByCollection[C]; queuedMail: boolean };

/**
 * A staff "Spam" or "Not spam", in one transaction: the flag, a timeline entry and an audit entry, and
 * a change-log row for open dashboards. A record restored from the Spam view gets what its arrival
 * skipped, once: the staff alert and the created webhook; and round-robin's deal (with its assignment email) while
 * round-robin is on and nobody owns it. The same verdict twice changes, and announces, nothing the second time.
 */
export async function decideSpam<C extends "leads" | "contacts">(
  db: Db,
  decision: SpamDecision & { collection: C },
): Promise<SpamDecisionOutcome<C>> {
  const { collection, id, verdict, actor, now } = decision;
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<SpamDecisionOutcome<C>> => {
    const row = await lockSpamRow(trx, collection, id, isPostgres(trx));
    if (!row) return { found: false };
    const before: SpamVerdict = row.spam ? "spam" : "not-spam";
    let queuedMail = false;
    if (before !== verdict) {
      let owner: string | null | undefined;
      const outbox: OutboxTable[] = [];
      // What arrival skipped is sent only once: on the first decision about a record that arrived held.
      // After any earlier decision it has been sent, on arrival (the record came in clean) or at that
      // earlier "Not spam".
      const firstRestore =
        verdict === "not-spam" &&
        !(await trx
          .selectFrom("workspaceEvents")
          .select("id")
          .where("recordId", "=", id)
          .where("collection", "=", collection)
          .where("kind", "=", "spam-decision")
          .limit(1)
          .executeTakeFirst());
      if (verdict === "not-spam") {
        if (decision.alerts && firstRestore)
          outbox.push(
            outboxRow({ kind: "lead-alert", subjectEmail: row.email, recordCollection: collection, recordId: id }, at),
          );
        if (row.owner === null) {
          // Round-robin's own step, on a group of this one record, dealt now.
          const rows = new GroupRows();
          const dealt = { id, email: row.email, createdAt: at, owner: null as string | null, spam: 0 };
          rows.add(collection, dealt as never);
          const step = await assignRoundRobin(trx, rows, { notify: decision.notifyOwners });
          if (dealt.owner !== null) owner = dealt.owner;
          outbox.push(...(rows.rowsOf("outbox") as OutboxTable[]));
          queuedMail ||= step.queuedMail;
        }
      }
      await setSpamFlag(trx, collection, id, verdict === "spam", owner);
      await insertRows(trx, "workspaceEvents", [
        workspaceEventRow({
          email: row.email,
          collection,
          recordId: id,
          kind: "spam-decision",
          actor: actor.email,
          details: { from: before, to: verdict },
          at,
        }),
      ]);
      await appendAuditEntries(trx, [
        {
          actor: actor.email,
          ip: actor.ip,
          userAgent: actor.userAgent,
          at: now,
          action: "record.spam",
          details: { collection, id, from: before, to: verdict },
        },
      ]);
      if (outbox.length > 0) await insertRows(trx, "outbox", outbox);
      queuedMail ||= outbox.length > 0;
      // Held back on arrival, so its created webhook goes now; never for spam.
      if (firstRestore)
        await enqueueWebhookEvents(
          trx,
          [
            {
              type: collection === "contacts" ? "contact.created" : "lead.created",
              collection,
              recordId: id,
              email: row.email,
            },
          ],
          at,
        );
      await recordChanges(trx, [{ collection, recordId: id, op: "update", createdAt: at }]);
    }
    const [record] = await findRecords(trx, collection, [id]);
    return { found: true, changed: before !== verdict, record: record as RecordsByCollection[C], queuedMail };
  });
}
