import type { SubjectRecords } from "../../../domain/privacy";
import { formatDate, orNA } from "../common/format";
import { StatusBadge } from "../common/status-badge";
import { cellClass, EmptyRow, TableHead } from "../common/table-parts";

const RECORD_HEADINGS = ["Kind", "Details", "Status", "Created"];
const CONSENT_HEADINGS = ["When", "Consent", "Wording", "Where"];

/** What is stored about one address: its records and its consent history. */
export function SubjectSummary({ subject }: { subject: SubjectRecords }) {
  const records = [
    ...subject.leads.map((lead) => ({
      id: lead.id,
      kind: lead.type === "demo" ? "Demo request" : "Signup",
      detail: `${lead.name} · ${lead.companyName}`,
      status: lead.status,
      createdAt: lead.createdAt,
    })),
    ...subject.contacts.map((contact) => ({
      id: contact.id,
      kind: "Contact message",
      detail: contact.message,
      status: contact.status,
      createdAt: contact.createdAt,
    })),
    ...subject.newsletter.map((entry) => ({
      id: entry.id,
      kind: "Newsletter",
      detail: entry.email,
      status: entry.status,
      createdAt: entry.createdAt,
    })),
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Records", records.length],
          ["Consent records", subject.consents.length],
          ["Emails about them", subject.outbox],
          ["On suppression list", subject.suppressed ? "Yes" : "No"],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <table className="w-full border-collapse text-sm" aria-label="Records about this address">
        <TableHead headings={RECORD_HEADINGS} />
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-t border-slate-100">
              <td className={cellClass}>{record.kind}</td>
              <td className={`${cellClass} max-w-[24rem] break-words`}>{orNA(record.detail)}</td>
              <td className={cellClass}>
                <StatusBadge status={record.status} />
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDate(record.createdAt)}</td>
            </tr>
          ))}
          {records.length === 0 && <EmptyRow columns={RECORD_HEADINGS.length}>No records for this address.</EmptyRow>}
        </tbody>
      </table>

      <table className="w-full border-collapse text-sm" aria-label="Consent history">
        <TableHead headings={CONSENT_HEADINGS} />
        <tbody>
          {subject.consents.map((consent) => (
            <tr key={consent.id} className="border-t border-slate-100">
              <td className={`${cellClass} whitespace-nowrap`}>{formatDate(consent.createdAt)}</td>
              <td className={cellClass}>
                {consent.purpose} ({consent.channel}): <strong>{consent.action}</strong>
              </td>
              <td className={`${cellClass} max-w-[24rem]`} title={consent.wording ?? undefined}>
                {orNA(consent.wordingVersion)}
              </td>
              <td className={cellClass}>{[consent.source, consent.ip].filter(Boolean).join(" · ") || "N/A"}</td>
            </tr>
          ))}
          {subject.consents.length === 0 && <EmptyRow columns={CONSENT_HEADINGS.length}>No consent records.</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}
