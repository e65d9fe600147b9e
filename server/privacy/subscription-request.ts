import type { Transaction } from "kysely";
import {
  changeSubscriptionStatus,
  findSubscriptionByEmail,
  insertSubscription,
  isSuppressed,
  type ChangeOp,
  type NewSubscription,
  type Tables,
} from "../db/store";
import { emailHash, type PrivacyKeys } from "./keys";

// What a newsletter form submission may do to an address. Anyone can type anyone's address into the
// form, so a submission alone never undoes an opt-out: an address that unsubscribed or was erased (it is
// on the suppression list) is only subscribed again by a click on a link emailed to it. With
// NEWSLETTER_DOUBLE_OPT_IN every new address waits for that click too, as "pending".

/** A row that holds the address's state: the newsletter row, or (erased: none) its suppression. */
export type StateRow = { newsletterId: string } | { emailHash: string };

export type SubscriptionRequest =
  /** Subscribed by this submission: a new address (double opt-in off). */
  | { kind: "subscribed"; id: string; op: ChangeOp }
  /** Needs the address's confirmation; `pending` is the row this submission created to wait, if any. */
  | { kind: "confirm"; pending: { id: string; op: ChangeOp } | null; state: StateRow }
  /** Already subscribed, or another request changed the row first: nothing to do. */
  | { kind: "unchanged"; state: StateRow };

/**
 * Decides and makes the row change (none for an opted-out address: its row, if any, stays as it is until
 * the click). Runs in the submission's transaction; the caller records consent and queues the email.
 */
export async function requestSubscription(
  trx: Transaction<Tables>,
  record: NewSubscription,
  { keys, doubleOptIn }: { keys: PrivacyKeys; doubleOptIn: boolean },
): Promise<SubscriptionRequest> {
  const email = record.data.email;
  const hash = emailHash(keys, email);
  const suppressed = await isSuppressed(trx, hash);
  const row = await findSubscriptionByEmail(trx, email);
  const state: StateRow = row ? { newsletterId: row.id } : { emailHash: hash };
  if (row?.status === "subscribed") return { kind: "unchanged", state };
  // An "unsubscribed" row off the suppression list (one from before the list existed) is an opt-out too.
  if (suppressed || row?.status === "unsubscribed") return { kind: "confirm", pending: null, state };
  if (doubleOptIn) {
    const created = !row && (await insertSubscription(trx, record, "pending"));
    return created
      ? { kind: "confirm", pending: { id: record.id, op: "insert" }, state: { newsletterId: record.id } }
      : { kind: "confirm", pending: null, state };
  }
  // A new address, or one left pending while double opt-in was on: the spec's subscribe-at-once.
  if (!row)
    return (await insertSubscription(trx, record, "subscribed"))
      ? { kind: "subscribed", id: record.id, op: "insert" }
      : { kind: "unchanged", state };
  return (await changeSubscriptionStatus(trx, row.id, "pending", "subscribed", record.createdAt))
    ? { kind: "subscribed", id: row.id, op: "update" }
    : { kind: "unchanged", state };
}

/**
 * Rewrites the address's state row as it is, for a submission that wrote nothing else. A transaction
 * that writes nothing commits without flushing anything to disk (SQLite skips the WAL sync, PostgreSQL
 * the WAL flush) and answered in about half the time of one that writes: anyone timing the form could
 * have told an address already on the list from a new one. With this every submission pays for one
 * flush. (newsletter-timing.test.ts measures it.)
 */
export async function rewriteState(trx: Transaction<Tables>, state: StateRow): Promise<void> {
  if ("newsletterId" in state) {
    await trx
      .updateTable("newsletter")
      .set((eb) => ({ status: eb.ref("status") }))
      .where("id", "=", state.newsletterId)
      .execute();
  } else {
    await trx
      .updateTable("suppressions")
      .set((eb) => ({ reason: eb.ref("reason") }))
      .where("emailHash", "=", state.emailHash)
      .execute();
  }
}
