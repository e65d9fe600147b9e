import type { Transaction } from "kysely";
import type { UnsubscribeStatus } from "../../src/domain/privacy";
import {
  cancelPending,
  enqueueWebhookEvents,
  recordChange,
  recordConsent,
  suppress,
  type Db,
  type RequestContext,
  type Tables,
} from "../db/store";
import { emailHash, type PrivacyKeys } from "./keys";

/** How the person opted out, kept as the withdrawal's source. */
export type OptOutSource = "unsubscribe-link" | "one-click" | "admin";

/**
 * What every opt-out does besides the status change, in its transaction: the withdrawal in the consent
 * ledger, the address onto the suppression list, no welcome email still waiting to go, and the
 * newsletter.unsubscribed webhook.
 */
export async function recordOptOut(
  trx: Transaction<Tables>,
  {
    subscription,
    keys,
    source,
    context,
    at,
  }: {
    subscription: { id: string; email: string };
    keys: PrivacyKeys;
    source: OptOutSource;
    context: RequestContext;
    at: string;
  },
): Promise<void> {
  await recordConsent(trx, {
    email: subscription.email,
    purpose: "newsletter",
    action: "withdrawn",
    source,
    context,
    record: { collection: "newsletter", id: subscription.id },
    createdAt: at,
  });
  await suppress(trx, emailHash(keys, subscription.email), "unsubscribed", at);
  await cancelPending(trx, { kind: "welcome", recordId: subscription.id });
  await enqueueWebhookEvents(
    trx,
    [
      {
        type: "newsletter.unsubscribed",
        collection: "newsletter",
        recordId: subscription.id,
        email: subscription.email,
        change: { source },
      },
    ],
    at,
  );
}

/**
 * Unsubscribes the subscription a verified token names. Idempotent: a second click, a reused link or a
 * subscription that is gone (erased, purged) answers "already-unsubscribed" and changes nothing. The
 * conditional UPDATE makes two simultaneous clicks record one opt-out.
 */
export async function unsubscribeSubscription(
  db: Db,
  {
    subscriptionId,
    keys,
    source,
    context,
    now,
  }: { subscriptionId: string; keys: PrivacyKeys; source: OptOutSource; context: RequestContext; now: Date },
): Promise<UnsubscribeStatus> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const subscription = await trx
      .updateTable("newsletter")
      .set({ status: "unsubscribed", statusChangedAt: at })
      .where("id", "=", subscriptionId)
      .where("status", "=", "subscribed")
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!subscription) return "already-unsubscribed";
    await recordOptOut(trx, { subscription, keys, source, context, at });
    // Last: on PostgreSQL it takes the change log's lock, held until the commit.
    await recordChange(trx, { collection: "newsletter", recordId: subscription.id, op: "update", createdAt: at });
    return "unsubscribed";
  });
}
