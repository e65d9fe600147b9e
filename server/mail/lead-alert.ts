import { BRAND } from "../../src/config/brand";
import type { ContactRecord, LeadRecord } from "../../src/domain/records";
import { recordPanelLink } from "./assignment-email";
import { renderAlertHtml, renderAlertText, type AlertContent, type AlertField } from "./alert-render";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";
import { oneLine, quotedLines, visitorLine } from "./visitor-text";

// The speed-to-lead alert: enough to act on from a phone (who, how to reach them, what they want) and
// a link to the record's panel in the dashboard, by its id: never by the visitor's address, which
// proxies, browser history and mail gateways' link scanners would keep (decision 0046). Reply-To is
// the lead, so "reply" answers them directly.
// Everything but the address (checked by the schema, and the Reply-To anyway) is the visitor's own
// text: single-line fields stay one line, free text is quoted as theirs after our link, and nothing of
// theirs can become a link (visitor-text.ts). The one link is ours, built from PUBLIC_URL.

const field = (label: string, value: string | null | undefined): AlertField[] => {
  const shown = visitorLine(value);
  return shown ? [{ label, value: shown }] : [];
};

function alertContent(record: LeadRecord | ContactRecord, settings: MailSettings): AlertContent {
  const name = visitorLine(`${record.firstName} ${record.lastName}`);
  const isContact = record.type === "contact";
  const kind = isContact ? "contact message" : record.type === "demo" ? "demo request" : "signup";
  const company = record.companyName ? `, ${visitorLine(record.companyName)}` : "";
  const details = isContact
    ? []
    : [
        ...field("Company", record.companyName),
        ...field("Job title", record.jobTitle),
        ...field("Organisation type", record.organizationType),
        ...field("Properties", record.propertyCount),
        ...(record.type === "signup"
          ? [{ label: "Marketing emails", value: record.marketingOptIn ? "opted in" : "not opted in" }]
          : []),
      ];
  const words = isContact
    ? { label: "message", text: record.message }
    : { label: "challenges", text: record.challenges };
  const lines = quotedLines(words.text);
  return {
    subject: `New ${kind}: ${name}${company}`,
    intro: `New ${kind} on ${BRAND.name}, received ${record.createdAt}.`,
    fields: [
      { label: "Name", value: name },
      { label: "Email", value: oneLine(record.email) },
      ...field("Phone", record.phone),
      ...details,
      ...field("Bot check", record.botCheck === "skipped" ? null : record.botCheck),
    ],
    link: {
      text: "Open it in the dashboard",
      href: recordPanelLink(settings, isContact ? "contacts" : "leads", record.id),
    },
    quotes:
      lines.length > 0 ? [{ heading: `Their words (${words.label}), quoted as sent, links disabled:`, lines }] : [],
  };
}

export function leadAlertEmail(record: LeadRecord | ContactRecord, settings: MailSettings): MailMessage {
  const content = alertContent(record, settings);
  return {
    from: settings.from,
    to: settings.notifyTo,
    replyTo: record.email,
    subject: content.subject,
    text: renderAlertText(content),
    html: renderAlertHtml(content),
  };
}
