import { BRAND } from "../../src/config/brand";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";

/**
 * RFC 2369 List-Unsubscribe (a link and a mailto) plus RFC 8058 List-Unsubscribe-Post, which lets mail
 * clients offer a one-click unsubscribe that POSTs to the link without opening it.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string, settings: MailSettings): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <${settings.unsubscribeMailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The one email a new subscriber gets at once: who we are, what to expect, how to leave (POPIA s69(4)). */
export function welcomeEmail(to: string, unsubscribeUrl: string, settings: MailSettings): MailMessage {
  const text = [
    "Hello,",
    "",
    `Thank you for subscribing to the ${BRAND.name} newsletter. About once a month we will send you product news and property-management insights.`,
    "",
    `You are receiving this because this address was subscribed on ${settings.publicUrl}. If that was not you, or you change your mind, unsubscribe with one click:`,
    unsubscribeUrl,
    "",
    `${BRAND.name}`,
    `${BRAND.legalName}, ${BRAND.address}`,
    `Privacy questions: ${BRAND.emails.privacy} - ${settings.publicUrl}/privacy`,
  ].join("\n");
  return {
    from: settings.from,
    to: [to],
    subject: `Welcome to the ${BRAND.name} newsletter`,
    text,
    headers: listUnsubscribeHeaders(unsubscribeUrl, settings),
  };
}
