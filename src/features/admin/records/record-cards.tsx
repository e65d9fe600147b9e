import { Loader2 } from "lucide-react";
import { memo, type ReactNode, type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { EmptyState, type EmptyStateProps } from "./empty-state";
import type { RecordTableHandle, TableSelection } from "./record-table";

interface RecordCardsProps<T extends { id: string }> {
  label: string;
  records: T[];
  /** A card's content: name, company or email, status, age (columns.tsx). */
  card: (record: T) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  empty: EmptyStateProps;
  onOpen: (record: T) => void;
  activeId?: string | null;
  selection?: TableSelection;
  rowName?: (record: T) => string;
  handle?: Ref<RecordTableHandle>;
}

/**
 * A record tab on a phone: one card per record, each a button that opens it in the record panel, with
 * its selection box beside it. The next page loads when the end of the list comes into view (or on
 * Load more). Not virtualised, unlike the table: a phone is scrolled through a few pages, not thousands.
 */
function RecordCardsOf<T extends { id: string }>({
  label,
  records,
  card,
  hasMore,
  loadingMore,
  onNeedMore,
  empty,
  onOpen,
  activeId,
  selection,
  rowName,
  handle,
}: RecordCardsProps<T>) {
  const root = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    handle,
    () => ({
      focusRow: (id) => root.current?.querySelector<HTMLButtonElement>(`button[data-id="${CSS.escape(id)}"]`)?.focus(),
    }),
    [],
  );

  useEffect(() => {
    const button = more.current;
    if (!hasMore || loadingMore || !button) return undefined;
    const watcher = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onNeedMore(),
      { rootMargin: "400px" },
    );
    watcher.observe(button);
    return () => watcher.disconnect();
  }, [hasMore, loadingMore, onNeedMore]);

  return (
    <div ref={root} role="region" aria-label={label}>
      {records.length === 0 ? (
        <div className="rounded-lg border border-slate-200">
          <EmptyState {...empty} />
        </div>
      ) : (
        <ul className="grid gap-2">
          {records.map((record) => {
            const active = record.id === activeId;
            const selected = selection?.isSelected(record.id) ?? false;
            return (
              <li
                key={record.id}
                data-card={record.id}
                className={`flex items-stretch rounded-lg border ${active ? "border-brand-600 bg-brand-50" : selected ? "border-slate-300 bg-slate-100" : "border-slate-200 bg-white"}`}
              >
                {selection && (
                  // A 24 px box (WCAG 2.5.8) with room before the card's button.
                  <label className="flex shrink-0 cursor-pointer items-center pr-1 pl-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowName?.(record) ?? record.id}`}
                      checked={selected}
                      onChange={(event) => {
                        const native = event.nativeEvent as Partial<MouseEvent>;
                        selection.onToggle(record.id, event.currentTarget.checked, native.shiftKey === true);
                      }}
                      className="h-6 w-6 cursor-pointer accent-brand-700"
                    />
                  </label>
                )}
                <button
                  type="button"
                  data-id={record.id}
                  aria-current={active || undefined}
                  onClick={() => onOpen(record)}
                  className="min-w-0 flex-1 rounded-lg p-3 text-left text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  {card(record)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        // aria-disabled, not disabled, while loading: a disabled button would drop the focus pressing it gave.
        <Button
          ref={more}
          variant="outline"
          onClick={() => !loadingMore && onNeedMore()}
          aria-disabled={loadingMore || undefined}
          className="mt-3 w-full"
        >
          {loadingMore ? (
            <>
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Loading more…
            </>
          ) : (
            "Load more"
          )}
        </Button>
      )}
    </div>
  );
}

/**
 * Rendered again only when what it shows changes: opening the record panel changes the address, and the
 * dashboard above renders for it, but the rows need not (the panel is what the person waits for).
 */
export const RecordCards = memo(RecordCardsOf) as typeof RecordCardsOf;
