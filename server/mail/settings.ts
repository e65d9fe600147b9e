import { BRAND } from "../../src/config/brand";
import type { Config } from "../env";

/** What composing an email needs from the config. */
export interface MailSettings {
  from: string;
  /** Staff addresses for new-lead alerts. */
  notifyTo: string[];
  /** The site's origin, for links (no trailing slash). */
  publicUrl: string;
  /** The mailto: half of List-Unsubscribe, for mail clients that cannot POST. */
  unsubscribeMailto: string;
}

export function mailSettings(config: Config): MailSettings {
  return {
    from: config.mailFrom,
    notifyTo: config.notifyTo,
    publicUrl: config.publicUrl,
    unsubscribeMailto: `mailto:${BRAND.emails.privacy}?subject=unsubscribe`,
  };
}

/**
 * Alerts need somewhere to send from and to; welcome, confirmation and assignment emails only the former
 * (an assignment email goes to the new owner's own address), and so do the staff team's invitation and
 * password-reset emails.
 */
export function mailSwitches(config: Config) {
  const smtp = config.smtpUrl !== null;
  return {
    alerts: smtp && config.notifyTo.length > 0,
    welcome: smtp,
    confirmations: smtp,
    assignments: smtp,
    staff: smtp,
  };
}
