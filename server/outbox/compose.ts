import { findContactById } from "../db/contacts";
import { findLeadById } from "../db/leads";
import { findSubscriptionById } from "../db/newsletter";
import type { Db, OutboxTable } from "../db/schema";
import { isSuppressed } from "../db/suppressions";
import { leadAlertEmail } from "../mail/lead-alert";
import type { MailMessage } from "../mail/mailer";
import type { MailSettings } from "../mail/settings";
import { welcomeEmail } from "../mail/welcome-email";
import { emailHash, unsubscribeToken, unsubscribeUrl, type PrivacyKeys } from "../privacy/keys";

export type Composed = { send: MailMessage } | { cancel: string };

/**
 * Builds a queued message from the record as it is now, at send time: an erased record or an address
 * that unsubscribed (or is suppressed) since it was queued is not written to.
 */
export async function composeMessage(db: Db, message: OutboxTable, settings: MailSettings, keys: PrivacyKeys): Promise<Composed> {
  if (message.kind === "lead-alert") {
    if (settings.notifyTo.length === 0) return { cancel: "NOTIFY_TO is not set" };
    const record =
      message.recordCollection === "contacts"
        ? await findContactById(db, message.recordId)
        : message.recordCollection === "leads"
          ? await findLeadById(db, message.recordId)
          : undefined;
    return record ? { send: leadAlertEmail(record, settings) } : { cancel: "the record no longer exists" };
  }
  const subscription = await findSubscriptionById(db, message.recordId);
  if (!subscription) return { cancel: "the subscription no longer exists" };
  if (subscription.status !== "subscribed") return { cancel: "the address unsubscribed" };
  // Belt and braces: an opted-out address is only mailed after it subscribed again (which clears this).
  if (await isSuppressed(db, emailHash(keys, subscription.email))) return { cancel: "the address is suppressed" };
  const link = unsubscribeUrl(settings.publicUrl, unsubscribeToken(keys, subscription.id));
  return { send: welcomeEmail(subscription.email, link, settings) };
}
