import {
  findAdminById,
  findContactById,
  findLeadById,
  findOpenConfirmation,
  findOpenInvitation,
  findOpenReset,
  findSubscriptionById,
  isSuppressed,
  type Db,
  type OutboxTable,
} from "../db/store";
import { invitationUrl, linkToken, passwordResetUrl } from "../auth/staff-links";
import { invitationEmail, passwordResetEmail, twoFactorChangedEmail } from "../mail/staff-emails";
import { assignmentEmail } from "../mail/assignment-email";
import { leadAlertEmail } from "../mail/lead-alert";
import { confirmationEmail } from "../mail/confirmation-email";
import type { MailMessage } from "../mail/mailer";
import type { MailSettings } from "../mail/settings";
import { welcomeEmail } from "../mail/welcome-email";
import {
  confirmationToken,
  confirmationUrl,
  emailHash,
  unsubscribeToken,
  unsubscribeUrl,
  type PrivacyKeys,
} from "../privacy/keys";

export type Composed = { send: MailMessage } | { cancel: string };

/**
 * Builds a queued message from the record as it is now, at send time: an erased record or an address
 * that unsubscribed (or is suppressed) since it was queued is not written to, nor a confirmation link
 * that can no longer be used.
 */
/** The lead or contact an alert or assignment email is about, as it is now. */
const findOwnedRecord = (db: Db, { recordCollection, recordId }: OutboxTable) =>
  recordCollection === "contacts"
    ? findContactById(db, recordId)
    : recordCollection === "leads"
      ? findLeadById(db, recordId)
      : Promise.resolve(undefined);

export async function composeMessage(
  db: Db,
  message: OutboxTable,
  settings: MailSettings,
  keys: PrivacyKeys,
  now: Date,
): Promise<Composed> {
  if (message.kind === "lead-alert") {
    if (settings.notifyTo.length === 0) return { cancel: "NOTIFY_TO is not set" };
    const record = await findOwnedRecord(db, message);
    return record ? { send: leadAlertEmail(record, settings) } : { cancel: "the record no longer exists" };
  }
  if (message.kind === "assignment") {
    const record = await findOwnedRecord(db, message);
    if (!record || (message.recordCollection !== "leads" && message.recordCollection !== "contacts"))
      return { cancel: "the record no longer exists" };
    // Reassigned (or unassigned) before this went: the new owner has an email of their own.
    if (!message.recipient || record.owner !== message.recipient) return { cancel: "the record has another owner now" };
    return { send: assignmentEmail(record, message.recordCollection, message.recipient, settings) };
  }
  if (message.kind === "invitation") {
    const invitation = await findOpenInvitation(db, message.recordId, now);
    if (!invitation) return { cancel: "the invitation was used, replaced or has expired" };
    const link = invitationUrl(settings.publicUrl, linkToken(keys.invitation, "invitation", invitation.id));
    return { send: invitationEmail(invitation.email, link, invitation, settings) };
  }
  if (message.kind === "password-reset") {
    const reset = await findOpenReset(db, message.recordId, now);
    if (!reset) return { cancel: "the reset link was used or has expired, or the account is disabled" };
    return {
      send: passwordResetEmail(
        reset.email,
        passwordResetUrl(settings.publicUrl, linkToken(keys.passwordReset, "password-reset", reset.id)),
        settings,
      ),
    };
  }
  if (message.kind === "two-factor-changed") {
    const account = await findAdminById(db, message.recordId);
    if (!account || account.disabledAt !== null) return { cancel: "the account no longer exists or is disabled" };
    return {
      send: twoFactorChangedEmail(account.email, { on: account.totpSecret !== null, at: message.createdAt }, settings),
    };
  }
  if (message.kind === "newsletter-confirmation") {
    // Not checked against the suppression list: this email is the one way back for an opted-out address.
    const confirmation = await findOpenConfirmation(db, message.recordId, now);
    if (!confirmation) return { cancel: "the confirmation was used, has expired or no longer exists" };
    return {
      send: confirmationEmail(
        confirmation.email,
        confirmationUrl(settings.publicUrl, confirmationToken(keys, confirmation.id)),
        settings,
      ),
    };
  }
  const subscription = await findSubscriptionById(db, message.recordId);
  if (!subscription) return { cancel: "the subscription no longer exists" };
  if (subscription.status !== "subscribed") return { cancel: "the address unsubscribed" };
  // Belt and braces: an opted-out address is only mailed after it subscribed again (which clears this).
  if (await isSuppressed(db, emailHash(keys, subscription.email))) return { cancel: "the address is suppressed" };
  const link = unsubscribeUrl(settings.publicUrl, unsubscribeToken(keys, subscription.id));
  return { send: welcomeEmail(subscription.email, link, settings) };
}
