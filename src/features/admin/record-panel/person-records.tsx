import type { Collection } from "../../../domain/status";
import type { PersonRecord } from "../../../domain/workspace";
import { formatDate } from "../common/format";
import { StatusBadge } from "../common/status-badge";
import { TYPE_LABELS } from "./field-rows";

interface PersonRecordsProps {
  records: readonly PersonRecord[];
  current: { collection: Collection; id: string };
  onOpen: (collection: Collection, id: string) => void;
}

/** Everything this person sent, newest first; the others open in the panel in place of this one. */
export function PersonRecords({ records, current, onOpen }: PersonRecordsProps) {
  const sorted = [...records].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return (
    <ul className="grid gap-1.5" aria-label="This person's records">
      {sorted.map((record) => {
        const isCurrent = record.collection === current.collection && record.id === current.id;
        const label = TYPE_LABELS[record.type] ?? record.type;
        const content = (
          <>
            <span className="font-medium">{label}</span>
            <StatusBadge status={record.status} />
            <span className="text-xs text-slate-600">{formatDate(record.createdAt)}</span>
          </>
        );
        return (
          <li key={`${record.collection}/${record.id}`}>
            {isCurrent ? (
              <span
                aria-current="true"
                className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-3 py-1.5 text-sm"
              >
                {content}
                <span className="text-xs text-brand-800">(open)</span>
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onOpen(record.collection, record.id)}
                className="flex w-full flex-wrap items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-left text-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
