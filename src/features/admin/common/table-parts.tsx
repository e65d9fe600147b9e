import type { ReactNode } from "react";

// The pieces of the dashboard's small read-only tables (the audit log, a person's records and consents),
// so they share one look. The record tabs use the virtualised RecordTable instead.

export const cellClass = "px-3 py-2 align-top";
const headClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={headClass}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The one row of a table with nothing in it, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}
