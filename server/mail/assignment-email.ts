import { BRAND } from "../../src/config/brand";
import type { ContactRecord, LeadRecord } from "../../src/domain/records";
import type { OwnedCollection } from "../../src/domain/workspace";
import type { MailMessage } from "./mailer";
import type { MailSettings } from "./settings";
import { visitorLine } from "./visitor-text";

// The email a staff member gets when a lead or contact becomes theirs: who it is and a link to its
// record panel. Like the staff alert, the visitor's name and company are one line each and never a link;
// the one link is ours, built from PUBLIC_URL, and names the record by its id, not by the address.

export const recordPanelLink = (settings: MailSettings, collection: OwnedCollection, id: string) =>
  `${settings.publicUrl}/admin/dashboard?tab=${collection}&record=${encodeURIComponent(id)}`;

export function assignmentEmail(
  record: LeadRecord | ContactRecord,
  collection: OwnedCollection,
  to: string,
  settings: MailSettings,
): MailMessage {
  const name = visitorLine(`${record.firstName} ${record.lastName}`);
  const company = record.companyName ? `, ${visitorLine(record.companyName)}` : "";
  const kind = record.type === "contact" ? "contact message" : record.type === "demo" ? "demo request" : "signup";
  const text = [
    `The ${kind} from ${name}${company} (received ${record.createdAt}) is now yours on ${BRAND.name}.`,
    "",
    `Open it in the dashboard: ${recordPanelLink(settings, collection, record.id)}`,
  ].join("\n");
  return { from: settings.from, to: [to], subject: `Assigned to you: ${name}${company}`, text };
}
