import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type KeyboardEvent,
  memo,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { EmptyState, type EmptyStateProps } from "./empty-state";

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  className?: string;
}

/** The checkbox column's state and callbacks (see selection.ts). */
export interface TableSelection {
  isSelected: (id: string) => boolean;
  /** A row's box set by hand; `range` when shift was held (a shift-click reaches from the last one). */
  onToggle: (id: string, checked: boolean, range: boolean) => void;
  /** The header box: every shown row ticked, some, or none. */
  shown: "all" | "some" | "none";
  onToggleShown: (checked: boolean) => void;
}

export interface RecordTableHandle {
  /** Scrolls a row into view and focuses it (where focus goes back when the record panel closes). */
  focusRow: (id: string) => void;
}

interface RecordTableProps<T extends { id: string }> {
  label: string;
  columns: Column<T>[];
  records: T[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  /** Shown in place of the rows when there are none. */
  empty: EmptyStateProps;
  /** Opens a record (a click on the row, or Enter on a focused row). */
  onOpen?: (record: T) => void;
  /**
   * The record a person is about to open: the pointer has rested on its row, or the keyboard focused it.
   * The panel reads it ahead, so the click that follows shows it at once.
   */
  onIntent?: (record: T) => void;
  /** The record open in the panel: marked, and kept in view as the panel moves through the list. */
  activeId?: string | null;
  selection?: TableSelection;
  /** How a row is named for its checkbox ("Select ama@example.com"). */
  rowName?: (record: T) => string;
  handle?: Ref<RecordTableHandle>;
}

const ROW_HEIGHT = 56;
/** How long the pointer rests on a row before it counts as intent: a pointer sweeping past reads nothing. */
const INTENT_DWELL_MS = 60;
const FETCH_AHEAD_ROWS = 30;
/** A click on these inside a row does its own thing and does not open the record. */
const INTERACTIVE = "a, button, input, select, textarea, label, [role='switch'], [role='menu']";

/**
 * A real <table> whose body renders only the rows in view (plus a few), with spacer rows keeping the
 * scroll height, so 100,000 records stay smooth. The next page is asked for before the end is reached.
 *
 * Keyboard: one row at a time is in the tab order (a roving tabindex); ↓/↑ or j/k move between rows,
 * Home/End jump, Enter opens the record, x (or Space) ticks its box.
 */
function RecordTableOf<T extends { id: string }>({
  label,
  columns,
  records,
  hasMore,
  loadingMore,
  onNeedMore,
  empty,
  onOpen,
  onIntent,
  activeId,
  selection,
  rowName,
  handle,
}: RecordTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const dwell = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(dwell.current), []);
  const [focusIndex, setFocusIndex] = useState(0);
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

  /** Brings row `index` into view, makes it the tabbable row, and focuses it once it is rendered. */
  const focusIndexRow = useCallback(
    (index: number) => {
      if (index < 0 || index >= records.length) return;
      setFocusIndex(index);
      virtualizer.scrollToIndex(index, { align: "auto" });
      // A row in view is focused at once; one scrolled to is focused once the virtualiser renders it.
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`);
        if (row) row.focus();
        else if (tries++ < 5) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [records.length, virtualizer],
  );

  useImperativeHandle(
    handle,
    () => ({
      focusRow: (id) => focusIndexRow(records.findIndex((record) => record.id === id)),
    }),
    [focusIndexRow, records],
  );

  // The panel walks the list with j/k: keep its record in view, and the row Tab returns to.
  const activeIndex = activeId ? records.findIndex((record) => record.id === activeId) : -1;
  useEffect(() => {
    if (activeIndex < 0) return;
    setFocusIndex(activeIndex);
    virtualizer.scrollToIndex(activeIndex, { align: "auto" });
  }, [activeIndex, virtualizer]);

  const tabbable = Math.min(focusIndex, Math.max(0, records.length - 1));
  const columnCount = columns.length + (selection ? 1 : 0);

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, record: T) {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === "Enter" && onOpen) onOpen(record);
    else if (key === "ArrowDown" || key === "j") focusIndexRow(index + 1);
    else if (key === "ArrowUp" || key === "k") focusIndexRow(index - 1);
    else if (key === "Home") focusIndexRow(0);
    else if (key === "End") focusIndexRow(records.length - 1);
    else if ((key === " " || key === "x") && selection)
      selection.onToggle(record.id, !selection.isSelected(record.id), event.shiftKey);
    else return;
    event.preventDefault();
  }

  /** A row the pointer rests on, or the keyboard rests on, for INTENT_DWELL_MS (a quick sweep or ↓↓↓ reads nothing). */
  function startIntent(record: T) {
    clearTimeout(dwell.current);
    if (onIntent) dwell.current = setTimeout(() => onIntent(record), INTENT_DWELL_MS);
  }

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, record: T) {
    if (!onOpen || (event.target as Element).closest(INTERACTIVE)) return;
    // Selecting text in a row to copy it is not a request to open it.
    if (window.getSelection()?.toString()) return;
    onOpen(record);
  }

  function onRegionKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the scrolling region itself, ↓ or j steps into the rows.
    if (event.target !== event.currentTarget || !(event.key === "ArrowDown" || event.key === "j")) return;
    const first = rows[0]?.index;
    if (first === undefined) return;
    event.preventDefault();
    focusIndexRow(Math.max(first, Math.min(tabbable, rows.at(-1)?.index ?? first)));
  }

  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      className="max-h-[65vh] overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={label}
      onKeyDown={onRegionKeyDown}
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm" aria-rowcount={records.length + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label={`Select all shown ${label.toLowerCase()}`}
                  checked={selection.shown === "all"}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.shown === "some";
                  }}
                  disabled={records.length === 0}
                  onChange={(event) => selection.onToggleShown(event.currentTarget.checked)}
                  className="h-4 w-4 cursor-pointer accent-brand-700"
                />
              </th>
            )}
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
              <td style={{ height: paddingTop }} colSpan={columnCount} />
            </tr>
          )}
          {rows.map((row) => {
            const record = records[row.index];
            if (!record) return null;
            const active = record.id === activeId;
            const selected = selection?.isSelected(record.id) ?? false;
            return (
              <tr
                key={record.id}
                data-id={record.id}
                data-index={row.index}
                aria-rowindex={row.index + 2}
                aria-current={active || undefined}
                tabIndex={row.index === tabbable ? 0 : -1}
                onFocus={(event) => {
                  if (event.target !== event.currentTarget) return;
                  setFocusIndex(row.index);
                  startIntent(record);
                }}
                onPointerEnter={() => startIntent(record)}
                onPointerLeave={() => clearTimeout(dwell.current)}
                onKeyDown={(event) => onRowKeyDown(event, row.index, record)}
                onClick={(event) => onRowClick(event, record)}
                className={
                  "border-t border-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 " +
                  (onOpen ? "cursor-pointer " : "") +
                  (active ? "bg-brand-50" : selected ? "bg-slate-100" : "hover:bg-slate-50")
                }
                style={{ height: ROW_HEIGHT }}
              >
                {selection && (
                  <td className="w-10 p-0 align-middle">
                    <label className="flex h-full min-h-11 cursor-pointer items-center px-4">
                      <input
                        type="checkbox"
                        aria-label={`Select ${rowName?.(record) ?? record.id}`}
                        checked={selected}
                        onChange={(event) => {
                          const native = event.nativeEvent as Partial<globalThis.MouseEvent>;
                          selection.onToggle(record.id, event.currentTarget.checked, native.shiftKey === true);
                        }}
                        className="h-4 w-4 cursor-pointer accent-brand-700"
                      />
                    </label>
                  </td>
                )}
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
              <td style={{ height: paddingBottom }} colSpan={columnCount} />
            </tr>
          )}
          {records.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="p-0">
                <EmptyState {...empty} />
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loadingMore && <p className="p-3 text-center text-sm text-slate-600">Loading more…</p>}
    </div>
  );
}

/**
 * Rendered again only when what it shows changes: opening the record panel changes the address, and the
 * dashboard above renders for it, but the rows need not (the panel is what the person waits for).
 */
export const RecordTable = memo(RecordTableOf) as typeof RecordTableOf;
