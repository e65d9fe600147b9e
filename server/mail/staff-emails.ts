import { BRAND } from "../../src/config/brand";
import { ROLE_LABELS, type Role } from "../../src/domain/staff";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";

// The staff team's emails: an invitation to create an account, and a link to set a new password. Both
// carry a single-use link built from PUBLIC_URL, its token in the fragment; neither names anything but
// the inviting admin's address and the role. And the notice that an account's two-factor changed,
// which carries no link at all (a notice with a link to act on is what a phishing mail looks like).

export function invitationEmail(
  to: string,
  link: string,
  { role, invitedBy }: { role: Role; invitedBy: string },
  settings: MailSettings,
): MailMessage {
  const text = [
    "Hello,",
    "",
    `${invitedBy} invited you to the ${BRAND.name} staff dashboard (role: ${ROLE_LABELS[role]}).`,
    "",
    "Open this link within 72 hours to choose your name and a password (at least 12 characters). It works once:",
    link,
    "",
    "If you did not expect this, ignore this email: no account exists until the link is used.",
    "",
    `${BRAND.name} - ${settings.publicUrl}`,
  ].join("\n");
  return { from: settings.from, to: [to], subject: `You are invited to the ${BRAND.name} dashboard`, text };
}

export function passwordResetEmail(to: string, link: string, settings: MailSettings): MailMessage {
  const text = [
    "Hello,",
    "",
    `Someone asked to reset the password of the ${BRAND.name} staff account for this address.`,
    "",
    "If it was you, open this link within 30 minutes and choose a new password. It works once, and signs the account out everywhere:",
    link,
    "",
    "If it was not you, ignore this email: your password stays as it is.",
    "",
    `${BRAND.name} - ${settings.publicUrl}`,
  ].join("\n");
  return { from: settings.from, to: [to], subject: `Reset your ${BRAND.name} password`, text };
}

/**
 * The notice that an account's second factor was set up again, turned off or reset by an admin
 * (decision 0043). `on`: whether the account has two-factor now, when the email is composed.
 */
export function twoFactorChangedEmail(
  to: string,
  { on, at }: { on: boolean; at: string },
  settings: MailSettings,
): MailMessage {
  const text = [
    "Hello,",
    "",
    `The two-factor sign-in of the ${BRAND.name} staff account for this address was changed at ${at.slice(0, 16).replace("T", " ")} UTC.`,
    on
      ? "It is on, with a new authenticator app entry and new recovery codes."
      : "It is off now: the password alone signs this account in.",
    "Every other signed-in session of the account was signed out.",
    "",
    "If this was you, there is nothing to do.",
    "If it was not you, reset your password from the sign-in page now and tell an admin, who can reset your two-factor.",
    "",
    `${BRAND.name} - ${settings.publicUrl}`,
  ].join("\n");
  return { from: settings.from, to: [to], subject: `Your ${BRAND.name} two-factor sign-in was changed`, text };
}
