import type { ReactNode } from "react";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "../../../domain/records";
import { LEAD_STATUSES, NEWSLETTER_STAFF_STATUSES } from "../../../domain/status";
import { formatDate, orNA } from "../common/format";
import { StatusBadge } from "../common/status-badge";
import { LeadAgeCell } from "./lead-age-cell";
import { MessageCell } from "./message-cell";
import { OwnerCell } from "./owner-cell";
import { PersonBadge } from "./person-badge";
import type { Column } from "./record-table";
import { StatusMenu } from "./status-menu";

type SetStatus = (id: string, status: string) => Promise<void>;

/** What the cells need besides the record. */
export interface ColumnContext {
  setStatus: SetStatus;
  /** Ages ("3 min ago") and the speed-to-lead markers are as of this time. */
  now: number;
  /** The person's record count when they have several (the "3 records" badge). */
  personRecords?: (email: string) => number | undefined;
  /** The signed-in staff member, whose records read "You" in the Owner column. */
  me?: string;
}

const fullName = (first: string, last: string) => `${first ?? ""} ${last ?? ""}`.trim();

function NameCell({ name, count }: { name: string; count: number | undefined }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium">{orNA(name)}</span>
      <PersonBadge count={count} />
    </span>
  );
}

// The three tables' columns, in order (docs/product.md, "The dashboard").

export function leadColumns({ setStatus, now, personRecords, me }: ColumnContext): Column<LeadRecord>[] {
  return [
    {
      header: "Name",
      cell: (lead) => (
        <NameCell name={lead.name || fullName(lead.firstName, lead.lastName)} count={personRecords?.(lead.email)} />
      ),
    },
    { header: "Email", cell: (lead) => orNA(lead.email) },
    { header: "Company", cell: (lead) => orNA(lead.companyName) },
    { header: "Type", cell: (lead) => <span className="capitalize">{orNA(lead.type)}</span> },
    { header: "Status", cell: (lead) => <StatusBadge status={lead.status} /> },
    { header: "Owner", cell: (lead) => <OwnerCell owner={lead.owner} me={me} /> },
    {
      header: "Created",
      cell: (lead) => (
        <LeadAgeCell createdAt={lead.createdAt} status={lead.status} firstResponseAt={lead.firstResponseAt} now={now} />
      ),
      className: "whitespace-nowrap",
    },
    {
      header: "Actions",
      cell: (lead) => (
        <StatusMenu
          label={`Status of ${lead.email}`}
          value={lead.status}
          options={LEAD_STATUSES}
          onChange={(status) => setStatus(lead.id, status)}
        />
      ),
    },
  ];
}

export function contactColumns({ setStatus, now, personRecords, me }: ColumnContext): Column<ContactRecord>[] {
  return [
    {
      header: "Name",
      cell: (contact) => (
        <NameCell name={fullName(contact.firstName, contact.lastName)} count={personRecords?.(contact.email)} />
      ),
    },
    { header: "Email", cell: (contact) => orNA(contact.email) },
    { header: "Message", cell: (contact) => <MessageCell message={contact.message} /> },
    { header: "Status", cell: (contact) => <StatusBadge status={contact.status} /> },
    { header: "Owner", cell: (contact) => <OwnerCell owner={contact.owner} me={me} /> },
    {
      header: "Created",
      cell: (contact) => (
        <LeadAgeCell
          createdAt={contact.createdAt}
          status={contact.status}
          firstResponseAt={contact.firstResponseAt}
          now={now}
        />
      ),
      className: "whitespace-nowrap",
    },
    {
      header: "Actions",
      cell: (contact) => (
        <StatusMenu
          label={`Status of ${contact.email}`}
          value={contact.status}
          options={LEAD_STATUSES}
          onChange={(status) => setStatus(contact.id, status)}
        />
      ),
    },
  ];
}

export function newsletterColumns({ setStatus, personRecords }: ColumnContext): Column<NewsletterRecord>[] {
  return [
    {
      header: "Email",
      cell: (entry) => <NameCell name={entry.email} count={personRecords?.(entry.email)} />,
    },
    { header: "Status", cell: (entry) => <StatusBadge status={entry.status} /> },
    { header: "Subscribed Date", cell: (entry) => formatDate(entry.createdAt), className: "whitespace-nowrap" },
    {
      header: "Actions",
      cell: (entry) => (
        // A pending row shows its status; staff can only move it on (to subscribed or unsubscribed).
        <StatusMenu
          label={`Status of ${entry.email}`}
          value={entry.status}
          options={NEWSLETTER_STAFF_STATUSES}
          onChange={(status) => setStatus(entry.id, status)}
        />
      ),
    },
  ];
}

/** A record as a phone shows it: a card with what the row's first columns say. */
export type CardOf<T> = (record: T) => ReactNode;

interface CardProps {
  title: string;
  count: number | undefined;
  /** The company (leads), the email (contacts); nothing for a subscriber, whose email is the title. */
  detail?: string;
  status: string;
  /** When it arrived, and its speed-to-lead clock. */
  when: ReactNode;
}

function Card({ title, count, detail, status, when }: CardProps) {
  return (
    <span className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1">
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold break-words text-slate-900">{orNA(title)}</span>
        <PersonBadge count={count} />
      </span>
      <StatusBadge status={status} />
      {detail !== undefined && <span className="col-span-full truncate text-slate-700">{orNA(detail)}</span>}
      <span className="col-span-full text-xs text-slate-600">{when}</span>
    </span>
  );
}

// The three tabs' cards: name, company (or email), status and age.

export function leadCard({ now, personRecords }: ColumnContext): CardOf<LeadRecord> {
  return (lead) => (
    <Card
      title={lead.name || fullName(lead.firstName, lead.lastName)}
      count={personRecords?.(lead.email)}
      detail={lead.companyName ?? ""}
      status={lead.status}
      when={
        <LeadAgeCell
          createdAt={lead.createdAt}
          status={lead.status}
          firstResponseAt={lead.firstResponseAt}
          now={now}
          inline
        />
      }
    />
  );
}

export function contactCard({ now, personRecords }: ColumnContext): CardOf<ContactRecord> {
  return (contact) => (
    <Card
      title={fullName(contact.firstName, contact.lastName)}
      count={personRecords?.(contact.email)}
      detail={contact.email}
      status={contact.status}
      when={
        <LeadAgeCell
          createdAt={contact.createdAt}
          status={contact.status}
          firstResponseAt={contact.firstResponseAt}
          now={now}
          inline
        />
      }
    />
  );
}

export function newsletterCard({ personRecords }: ColumnContext): CardOf<NewsletterRecord> {
  return (entry) => (
    <Card
      title={entry.email}
      count={personRecords?.(entry.email)}
      status={entry.status}
      when={`Subscribed ${formatDate(entry.createdAt)}`}
    />
  );
}
