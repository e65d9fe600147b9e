import type { Transaction } from "kysely";
import type { OutboxHealth, OutboxItem, OutboxKind } from "../../src/domain/privacy";
import { isPostgres } from "./connect";
import type { Db, OutboxSubject, OutboxTable, Tables } from "./schema";
import { newRecordId } from "./record-id";
import { workspaceEventRow } from "./workspace-events";
import { COLLECTIONS, type Collection } from "../../src/domain/status";

const isPersonCollection = (subject: OutboxSubject): subject is Collection =>
  (COLLECTIONS as readonly string[]).includes(subject);

// The transactional outbox (Richardson, "Pattern: Transactional outbox"): a message is queued in the
// same transaction as the record it is about, so a stored lead always gets its alert and a rolled-back
// one never does, and sending (slow, fallible SMTP) happens after the visitor has had their 201.

/** Wait after the 1st, 2nd, ... failed attempt; after the last one the message is marked failed. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed message is left to its worker; a worker that dies mid-send loses it after this. */
export const CLAIM_LEASE_MS = 2 * 60_000;

const FAILING_ITEMS = 20;
const ERROR_LENGTH = 500;

export interface NewOutboxMessage {
  kind: OutboxKind;
  subjectEmail: string;
  recordCollection: OutboxSubject;
  recordId: string;
  /** Assignment emails only: the staff member it goes to (the other kinds are addressed at send time). */
  recipient?: string | null;
}

/** A queued message's row: due at once. Written out, not spread (see leads.ts). */
export const outboxRow = (message: NewOutboxMessage, now: string): OutboxTable => ({
  id: newRecordId(),
  kind: message.kind,
  subjectEmail: message.subjectEmail,
  recordCollection: message.recordCollection,
  recordId: message.recordId,
  state: "pending",
  attempts: 0,
  nextAttemptAt: now,
  lockedUntil: null,
  lastError: null,
  lastErrorAt: null,
  createdAt: now,
  sentAt: null,
  recipient: message.recipient ?? null,
});

/** Queues a message; call inside the record's transaction. Due at once. */
export async function enqueueOutbox(
  trx: Transaction<Tables> | Db,
  message: NewOutboxMessage,
  now: string,
): Promise<string> {
  const row = outboxRow(message, now);
  await trx.insertInto("outbox").values(row).execute();
  return row.id;
}

/**
 * Claims up to `limit` due messages for this worker and counts the attempt. On PostgreSQL several
 * instances poll at once: FOR UPDATE SKIP LOCKED gives each row to one of them without waiting on the
 * others. SQLite has one writer at a time, so its UPDATE alone is atomic.
 */
export async function claimDueMessages(db: Db, now: Date, limit: number): Promise<OutboxTable[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  return db
    .updateTable("outbox")
    .set((eb) => ({ lockedUntil: lease, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", (eb) => {
      let due = eb
        .selectFrom("outbox")
        .select("id")
        .where("state", "=", "pending")
        .where("nextAttemptAt", "<=", at)
        .where((w) => w.or([w("lockedUntil", "is", null), w("lockedUntil", "<=", at)]))
        .orderBy("nextAttemptAt")
        .limit(limit);
      if (isPostgres(db)) due = due.forUpdate().skipLocked();
      return due;
    })
    .returningAll()
    .execute();
}

/**
 * Marks a message sent and, in the same transaction, writes its `email-sent` entry in the timeline of
 * the person it is about (under the message's id): the entry outlives the outbox row, which
 * purgeFinishedOutbox deletes after 30 days. A message already marked sent, or deleted meanwhile (its
 * person erased while it went out), writes nothing.
 */
export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const sent = await trx
      .updateTable("outbox")
      .set({ state: "sent", sentAt: at, nextAttemptAt: null, lockedUntil: null })
      .where("id", "=", id)
      .where("state", "!=", "sent")
      .returning(["kind", "subjectEmail", "recordCollection", "recordId"])
      .executeTakeFirst();
    // Staff emails (an invitation, a password reset) are about an account, not a person's records.
    if (!sent || !isPersonCollection(sent.recordCollection)) return;
    const event = workspaceEventRow({
      email: sent.subjectEmail,
      collection: sent.recordCollection,
      recordId: sent.recordId,
      kind: "email-sent",
      actor: "system",
      details: { email: sent.kind },
      at,
    });
    await trx
      .insertInto("workspaceEvents")
      .values({ ...event, id })
      .execute();
  });
}

/** Nothing to send any more (the record was erased, the address unsubscribed): never retried. */
export async function markCancelled(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ state: "cancelled", nextAttemptAt: null, lockedUntil: null, lastError: reason })
    .where("id", "=", id)
    .execute();
}

/** Schedules the next attempt with exponential backoff, or gives up after MAX_ATTEMPTS. */
export async function markAttemptFailed(
  db: Db,
  message: Pick<OutboxTable, "id" | "attempts">,
  error: string,
  now: Date,
): Promise<"retry" | "failed"> {
  const delay = RETRY_DELAYS_MS[message.attempts - 1];
  const outcome = delay === undefined ? "failed" : "retry";
  await db
    .updateTable("outbox")
    .set({
      state: outcome === "failed" ? "failed" : "pending",
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay).toISOString(),
      lockedUntil: null,
      lastError: error.slice(0, ERROR_LENGTH),
      lastErrorAt: now.toISOString(),
    })
    .where("id", "=", message.id)
    .execute();
  return outcome;
}

/** Cancels queued messages of one kind about one record (a welcome email after an unsubscribe). */
export async function cancelPending(
  db: Db | Transaction<Tables>,
  { kind, recordId }: { kind: OutboxKind; recordId: string },
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ state: "cancelled", nextAttemptAt: null, lastError: "cancelled: no longer wanted" })
    .where("kind", "=", kind)
    .where("recordId", "=", recordId)
    .where("state", "=", "pending")
    .execute();
}

const toItem = ({
  subjectEmail: _subject,
  lockedUntil: _locked,
  lastErrorAt: _at,
  recipient: _recipient,
  ...row
}: OutboxTable): OutboxItem => ({ ...row, attempts: Number(row.attempts) });

/** Messages that failed at least once and are not sent: still retrying, or given up on. */
export async function outboxHealth(db: Db): Promise<OutboxHealth> {
  const failing = db
    .selectFrom("outbox")
    .where((eb) =>
      eb.or([eb("state", "=", "failed"), eb.and([eb("state", "=", "pending"), eb("lastError", "is not", null)])]),
    );
  const [{ count }, rows] = await Promise.all([
    failing.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    failing.selectAll().orderBy("lastErrorAt", "desc").orderBy("id").limit(FAILING_ITEMS).execute(),
  ]);
  const latest = rows[0];
  return {
    failing: Number(count),
    lastError: latest?.lastError ?? null,
    lastErrorAt: latest?.lastErrorAt ?? null,
    items: rows.map(toItem),
  };
}

/** Gives failed messages a fresh set of attempts (after SMTP was fixed); returns how many. */
export async function requeueFailed(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable("outbox")
    .set({ state: "pending", attempts: 0, nextAttemptAt: now.toISOString(), lockedUntil: null })
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sent and cancelled messages are kept a while for the record, then deleted. */
export async function purgeFinishedOutbox(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("outbox")
    .where("state", "in", ["sent", "cancelled"])
    .where("createdAt", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
