import { useId, type ReactNode } from "react";
import { formatDate } from "../common/format";
import type { FieldSection, FieldValue } from "./field-rows";

interface RecordFieldsProps {
  sections: FieldSection[];
  /** Shown in the Status row: the status control. */
  statusControl: ReactNode;
  /** Shown in the Owner row: the owner picker. */
  ownerControl: ReactNode;
  /** The record is shown from the list while its full copy loads: its E.164 phone and consent are not known yet. */
  partial: boolean;
}

const linkClass =
  "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600";

function Value({
  value,
  statusControl,
  ownerControl,
  partial,
}: { value: FieldValue } & Omit<RecordFieldsProps, "sections">) {
  switch (value.kind) {
    case "text":
      return <span className="break-words">{value.text}</span>;
    case "long":
      return <p className="break-words whitespace-pre-wrap">{value.text}</p>;
    case "code":
      return <code className="text-xs break-all text-slate-700">{value.text}</code>;
    case "email":
      return (
        <a className={`${linkClass} break-all`} href={`mailto:${value.email}`}>
          {value.email}
        </a>
      );
    case "phone":
      if (partial) return <span>{value.raw}</span>;
      return value.e164 ? (
        <span className="flex flex-wrap items-baseline gap-x-2">
          <a className={linkClass} href={`tel:${value.e164}`} data-e164={value.e164}>
            {value.e164}
          </a>
          <span className="text-sm text-slate-600">as typed: {value.raw}</span>
        </span>
      ) : (
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span>{value.raw}</span>
          <span className="text-sm text-slate-600">(not a number that can be dialled)</span>
        </span>
      );
    case "status":
      return <>{statusControl}</>;
    case "owner":
      return <>{ownerControl}</>;
    case "date":
      return <time dateTime={value.iso}>{formatDate(value.iso)}</time>;
    case "path":
      return <code className="text-sm break-all text-slate-800">{value.path}</code>;
    case "consent":
      if (partial) return <span className="text-slate-600">Loading…</span>;
      if (!value.consent) return <span className="text-slate-600">None recorded with this record</span>;
      return (
        <span>
          {value.consent.purpose} consent <strong>{value.consent.action}</strong>, {formatDate(value.consent.at)}
          {value.consent.source ? ` (${value.consent.source})` : ""}
        </span>
      );
    case "empty":
      return <span className="text-slate-600">N/A</span>;
  }
}

/** Every stored field of the record, under its label, section by section. */
export function RecordFields({ sections, ...rest }: RecordFieldsProps) {
  const id = useId();
  return (
    <div className="grid gap-6">
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`${id}-${index}`}>
          <h3 id={`${id}-${index}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {section.title}
          </h3>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
            {section.rows.map((row) => (
              <div key={row.name} data-field={row.name} className="contents">
                <dt className="font-medium text-slate-700">{row.label}</dt>
                <dd className="min-w-0 text-slate-900">
                  <Value value={row.value} {...rest} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
