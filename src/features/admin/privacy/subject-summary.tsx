import type { SubjectRecords } from "../../../domain/privacy";
import { formatDate, orNA } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";

const cell = "px-3 py-2 align-top";
const head = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

/** What is stored about one address: its records and its consent history. */
export function SubjectSummary({ subject }: { subject: SubjectRecords }) {
  const records = [
    ...subject.leads.map((lead) => ({ id: lead.id, kind: lead.type === "demo" ? "Demo request" : "Signup", detail: `${lead.name} · ${lead.companyName}`, status: lead.status, createdAt: lead.createdAt })),
    ...subject.contacts.map((contact) => ({ id: contact.id, kind: "Contact message", detail: contact.message, status: contact.status, createdAt: contact.createdAt })),
    ...subject.newsletter.map((entry) => ({ id: entry.id, kind: "Newsletter", detail: entry.email, status: entry.status, createdAt: entry.createdAt })),
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
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>Kind</th>
            <th scope="col" className={head}>Details</th>
            <th scope="col" className={head}>Status</th>
            <th scope="col" className={head}>Created</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-t border-slate-100">
              <td className={cell}>{record.kind}</td>
              <td className={`${cell} max-w-[24rem] break-words`}>{orNA(record.detail)}</td>
              <td className={cell}>
                <StatusBadge status={record.status} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatDate(record.createdAt)}</td>
            </tr>
          ))}
          {records.length === 0 && (
            <tr>
              <td colSpan={4} className="px-3 py-6 text-center text-slate-600">
                No records for this address.
              </td>
            </tr>
          )}
        </tbody>
      </table>

      <table className="w-full border-collapse text-sm" aria-label="Consent history">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>When</th>
            <th scope="col" className={head}>Consent</th>
            <th scope="col" className={head}>Wording</th>
            <th scope="col" className={head}>Where</th>
          </tr>
        </thead>
        <tbody>
          {subject.consents.map((consent) => (
            <tr key={consent.id} className="border-t border-slate-100">
              <td className={`${cell} whitespace-nowrap`}>{formatDate(consent.createdAt)}</td>
              <td className={cell}>
                {consent.purpose} ({consent.channel}): <strong>{consent.action}</strong>
              </td>
              <td className={`${cell} max-w-[24rem]`} title={consent.wording ?? undefined}>
                {orNA(consent.wordingVersion)}
              </td>
              <td className={cell}>{[consent.source, consent.ip].filter(Boolean).join(" · ") || "N/A"}</td>
            </tr>
          ))}
          {subject.consents.length === 0 && (
            <tr>
              <td colSpan={4} className="px-3 py-6 text-center text-slate-600">
                No consent records.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
