import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, type ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  className?: string;
}

interface RecordTableProps<T extends { id: string }> {
  label: string;
  columns: Column<T>[];
  records: T[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  emptyText: string;
}

const ROW_HEIGHT = 56;
const FETCH_AHEAD_ROWS = 30;

/**
 * A real <table> whose body renders only the rows in view (plus a few), with spacer rows keeping the
 * scroll height, so 100,000 records stay smooth. The next page is asked for before the end is reached.
 */
export function RecordTable<T extends { id: string }>({ label, columns, records, hasMore, loadingMore, onNeedMore, emptyText }: RecordTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => records[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= records.length - FETCH_AHEAD_ROWS) onNeedMore();
  }, [hasMore, loadingMore, lastIndex, records.length, onNeedMore]);

  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0) : 0;

  return (
    <div ref={scrollRef} className="max-h-[65vh] overflow-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm" aria-rowcount={records.length + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-3 font-semibold ${column.className ?? ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td style={{ height: paddingTop }} colSpan={columns.length} />
            </tr>
          )}
          {rows.map((row) => {
            const record = records[row.index];
            if (!record) return null;
            return (
              <tr key={record.id} data-id={record.id} aria-rowindex={row.index + 2} className="border-t border-slate-100 hover:bg-slate-50" style={{ height: ROW_HEIGHT }}>
                {columns.map((column) => (
                  <td key={column.header} className={`px-4 py-2 align-middle ${column.className ?? ""}`}>
                    {column.cell(record)}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td style={{ height: paddingBottom }} colSpan={columns.length} />
            </tr>
          )}
          {records.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loadingMore && <p className="p-3 text-center text-sm text-slate-600">Loading more…</p>}
    </div>
  );
}
