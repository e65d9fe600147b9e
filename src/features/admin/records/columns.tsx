import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../../domain/records";
import { LEAD_STATUSES, NEWSLETTER_STAFF_STATUSES, NEWSLETTER_STATUSES } from "../../../domain/status";
import { formatDate, orNA } from "../common/format";
import { LeadAgeCell } from "./lead-age-cell";
import { MessageCell } from "./message-cell";
import type { Column } from "./record-table";
import { StatusBadge } from "../common/status-badge";
import { StatusSelect } from "./status-select";

type SetStatus = (id: string, status: string) => Promise<void>;

const fullName = (first: string, last: string) => `${first ?? ""} ${last ?? ""}`.trim();

// The three tables' columns, in order (docs/product.md, "The dashboard").

// Leads and contacts show their age ("3 min ago") as of `now`, and a marker once overdue.

export function leadColumns(setStatus: SetStatus, now: number): Column<LeadRecord>[] {
  return [
    { header: "Name", cell: (lead) => <span className="font-medium">{orNA(lead.name || fullName(lead.firstName, lead.lastName))}</span> },
    { header: "Email", cell: (lead) => orNA(lead.email) },
    { header: "Company", cell: (lead) => orNA(lead.companyName) },
    { header: "Type", cell: (lead) => <span className="capitalize">{orNA(lead.type)}</span> },
    { header: "Status", cell: (lead) => <StatusBadge status={lead.status} /> },
    { header: "Created", cell: (lead) => <LeadAgeCell createdAt={lead.createdAt} status={lead.status} now={now} />, className: "whitespace-nowrap" },
    {
      header: "Actions",
      cell: (lead) => (
        <StatusSelect label={`Status of ${lead.email}`} value={lead.status} options={LEAD_STATUSES} onChange={(status) => setStatus(lead.id, status)} />
      ),
    },
  ];
}

export function contactColumns(setStatus: SetStatus, now: number): Column<ContactRecord>[] {
  return [
    { header: "Name", cell: (contact) => <span className="font-medium">{orNA(fullName(contact.firstName, contact.lastName))}</span> },
    { header: "Email", cell: (contact) => orNA(contact.email) },
    { header: "Message", cell: (contact) => <MessageCell message={contact.message} /> },
    { header: "Status", cell: (contact) => <StatusBadge status={contact.status} /> },
    {
      header: "Created",
      cell: (contact) => <LeadAgeCell createdAt={contact.createdAt} status={contact.status} now={now} />,
      className: "whitespace-nowrap",
    },
    {
      header: "Actions",
      cell: (contact) => (
        <StatusSelect label={`Status of ${contact.email}`} value={contact.status} options={LEAD_STATUSES} onChange={(status) => setStatus(contact.id, status)} />
      ),
    },
  ];
}

export function newsletterColumns(setStatus: SetStatus): Column<NewsletterRecord>[] {
  return [
    { header: "Email", cell: (entry) => <span className="font-medium">{orNA(entry.email)}</span> },
    { header: "Status", cell: (entry) => <StatusBadge status={entry.status} /> },
    { header: "Subscribed Date", cell: (entry) => formatDate(entry.createdAt), className: "whitespace-nowrap" },
    {
      header: "Actions",
      cell: (entry) => (
        <StatusSelect
          label={`Status of ${entry.email}`}
          value={entry.status}
          // A pending row shows its status; staff can only move it on (to subscribed or unsubscribed).
          options={entry.status === "pending" ? NEWSLETTER_STATUSES : NEWSLETTER_STAFF_STATUSES}
          onChange={(status) => setStatus(entry.id, status)}
        />
      ),
    },
  ];
}
