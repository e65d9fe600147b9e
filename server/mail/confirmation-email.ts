import { BRAND } from "../../src/config/brand";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";

/**
 * The email that asks the owner of an address to confirm a subscription someone asked for. Written for
 * the person who did not ask too: ignoring it changes nothing. Not a newsletter, so no List-Unsubscribe:
 * there is nothing to leave yet.
 */
export function confirmationEmail(to: string, confirmUrl: string, settings: MailSettings): MailMessage {
  const text = [
    "Hello,",
    "",
    `Someone asked on ${settings.publicUrl} to subscribe this address to the ${BRAND.name} newsletter. We only add an address when its owner confirms, so we have not added it yet.`,
    "",
    "If it was you, open this link within 48 hours and press Confirm:",
    confirmUrl,
    "",
    "If it was not you, ignore this email: nothing changes, and we will not write to you about it again.",
    "",
    `${BRAND.name}`,
    `${BRAND.legalName}, ${BRAND.address}`,
    `Privacy questions: ${BRAND.emails.privacy} - ${settings.publicUrl}/privacy`,
  ].join("\n");
  return { from: settings.from, to: [to], subject: `Confirm your ${BRAND.name} newsletter subscription`, text };
}
