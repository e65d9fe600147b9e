import { BRAND } from "../../src/config/brand";
import type { ContactRecord, LeadRecord } from "../../src/domain/records";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";

// The speed-to-lead alert: enough to act on from a phone (who, how to reach them, what they want) and
// a link to the record in the dashboard. Reply-To is the lead, so "reply" answers them directly.

/** Header values come from visitors: line breaks would otherwise start new headers. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const line = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);

export function dashboardLink(settings: MailSettings, tab: "leads" | "contacts", email: string): string {
  return `${settings.publicUrl}/admin/dashboard?tab=${tab}&q=${encodeURIComponent(email)}`;
}

export function leadAlertEmail(record: LeadRecord | ContactRecord, settings: MailSettings): MailMessage {
  const name = oneLine(`${record.firstName} ${record.lastName}`);
  const isContact = record.type === "contact";
  const kind = isContact ? "contact message" : record.type === "demo" ? "demo request" : "signup";
  const company = record.companyName ? `, ${oneLine(record.companyName)}` : "";
  const details = isContact
    ? [...line("Message", record.message)]
    : [
        ...line("Company", record.companyName),
        ...line("Job title", record.jobTitle),
        ...line("Organisation type", record.organizationType),
        ...line("Properties", record.propertyCount),
        ...line("Challenges", record.challenges),
        ...(record.type === "signup" ? [`Marketing emails: ${record.marketingOptIn ? "opted in" : "not opted in"}`] : []),
      ];
  const text = [
    `New ${kind} on ${BRAND.name}, received ${record.createdAt}.`,
    "",
    `Name: ${name}`,
    `Email: ${record.email}`,
    ...line("Phone", record.phone),
    ...details,
    ...line("Bot check", record.botCheck === "skipped" ? null : record.botCheck),
    "",
    `Open it in the dashboard: ${dashboardLink(settings, isContact ? "contacts" : "leads", record.email)}`,
  ].join("\n");
  return {
    from: settings.from,
    to: settings.notifyTo,
    replyTo: record.email,
    subject: `New ${kind}: ${name}${company}`,
    text,
  };
}
