import type { ConfirmSubscriptionStatus } from "../../src/domain/privacy";
import {
  claimConfirmation,
  closeConfirmations,
  confirmSubscription,
  enqueueOutbox,
  enqueueWebhookEvents,
  newRecordId,
  recordChange,
  recordConsent,
  unclaimableReason,
  unsuppress,
  type Db,
  type RequestContext,
} from "../db/store";
import { emailHash, type PrivacyKeys } from "./keys";

export type ConfirmOutcome = ConfirmSubscriptionStatus | "expired";

/**
 * What a click on a confirmation link does, in one transaction: uses the link (once), takes the address
 * off the suppression list, subscribes it, records the consent as given by whoever clicked (their IP and
 * user agent, at the time of the click, with the wording the page showed) and queues the welcome email
 * and the newsletter.subscribed webhook.
 * A used link answers "already-confirmed" and changes nothing; an expired one "expired".
 */
export async function confirmSubscriptionLink(
  db: Db,
  {
    confirmationId,
    wordingVersion,
    keys,
    context,
    welcome,
    now,
  }: {
    confirmationId: string;
    wordingVersion: string | null;
    keys: PrivacyKeys;
    context: RequestContext;
    welcome: boolean;
    now: Date;
  },
): Promise<{ outcome: ConfirmOutcome; queuedMail: boolean }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const claimed = await claimConfirmation(trx, confirmationId, at);
    if (!claimed)
      return {
        outcome: (await unclaimableReason(trx, confirmationId)) === "used" ? "already-confirmed" : "expired",
        queuedMail: false,
      };
    const { email, botCheck } = claimed;
    await closeConfirmations(trx, email, at);
    await unsuppress(trx, emailHash(keys, email));
    const changed = await confirmSubscription(trx, { id: newRecordId(now.getTime()), email, botCheck, at });
    const subscriptionId =
      changed?.id ??
      (await trx.selectFrom("newsletter").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    await recordConsent(trx, {
      email,
      purpose: "newsletter",
      action: "given",
      wordingVersion,
      source: "confirmation-link",
      context,
      record: { collection: "newsletter", id: subscriptionId },
      createdAt: at,
    });
    const queuedMail = welcome && changed !== null;
    if (queuedMail)
      await enqueueOutbox(
        trx,
        { kind: "welcome", subjectEmail: email, recordCollection: "newsletter", recordId: subscriptionId },
        at,
      );
    if (changed)
      await enqueueWebhookEvents(
        trx,
        [{ type: "newsletter.subscribed", collection: "newsletter", recordId: changed.id, email }],
        at,
      );
    if (changed)
      await recordChange(trx, { collection: "newsletter", recordId: changed.id, op: changed.op, createdAt: at });
    return { outcome: "confirmed", queuedMail };
  });
}
