import { useCallback, useMemo, useRef, type Ref } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import { can, type Role } from "../../../domain/roles";
import { useToast } from "../../../components/ui/toast";
import type { RecordChange, RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { isOwnedCollection, type RecordChangeRequest } from "../../../domain/workspace";
import { adminErrorText } from "../common/admin-error";
import { useWideScreen } from "../common/use-wide-screen";
import { BulkBar } from "./bulk-bar";
import { bulkSummary } from "./bulk-summary";
import type { CardOf } from "./columns";
import { emptyStateFor } from "./empty-state";
import { FilterBar } from "./filter-bar";
import { hasFilters, NO_FILTERS, type Filters } from "./filters";
import { RecordCards } from "./record-cards";
import { RecordTable, type Column, type RecordTableHandle } from "./record-table";
import { SpamBlocklist } from "./spam-blocklist";
import { useBulkSelection } from "./use-bulk-selection";
import { useMatchCount } from "./use-match-count";

/** What a tab needs of its list (useCollection). */
interface TabList<C extends Collection> {
  items: RecordsByCollection[C][];
  nextCursor: string | null;
  /** Whether the first page for the current filters has arrived. */
  loaded: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore: () => void;
  applyChange: (change: RecordChange) => void;
}

interface RecordsTabProps<C extends Collection> {
  backend: AdminBackend;
  collection: C;
  /** For the filter bar: "Search leads". */
  filterLabel: string;
  /** The table's name: "Leads". */
  tableLabel: string;
  /** With no filters and no records: "No leads yet." */
  emptyText: string;
  /** With filters and nothing matching them: "No leads match your search and filters." */
  noMatchText: string;
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  statuses: readonly string[];
  types?: readonly string[];
  /** Every staff email, for the owner filter. */
  staff: readonly string[];
  /** The staff who may be given records (not disabled), for the bulk owner picker. */
  assignable: readonly string[];
  me: string | undefined;
  /** The signed-in role: only a role that changes settings edits the spam blocklist. */
  role: Role;
  columns: Column<RecordsByCollection[C]>[];
  /** Each record as a card, for screens narrower than the table. */
  card: CardOf<RecordsByCollection[C]>;
  list: TabList<C>;
  onOpen: (record: RecordsByCollection[C]) => void;
  /** A record about to be opened (the pointer rests on its row, or it has focus): read it ahead. */
  onIntent?: (record: RecordsByCollection[C]) => void;
  activeId: string | null;
  tableHandle: Ref<RecordTableHandle>;
}

const nameOf = (record: RecordsByCollection[Collection]) => record.email;

/**
 * One record tab: its filters, the bulk bar while rows are ticked, and the table (cards on a phone).
 * Leads and contacts have owners, so they get the owner filter and the selection boxes.
 */
export function RecordsTab<C extends Collection>(props: RecordsTabProps<C>) {
  const { backend, collection, filters, list, staff, assignable, me } = props;
  const toast = useToast();
  const owned = isOwnedCollection(collection);
  // Leads and contacts, where the back end holds spam: the inbox or the Spam view (filters.spam).
  const spamAdmin = owned ? backend.spam : undefined;
  const spamView = spamAdmin !== undefined && filters.spam === "only";
  const shownIds = useMemo(() => list.items.map((item) => item.id), [list.items]);
  const bulk = useBulkSelection(backend, collection, filters, shownIds);
  const { applyChange, items } = list;
  const { ids, clear } = bulk;
  const offerAll = owned && bulk.table.shown === "all" && Boolean(list.nextCursor) && ids.size <= shownIds.length;
  const matching = useMatchCount(backend, collection, filters, offerAll);
  const wide = useWideScreen();
  const search = useRef<HTMLInputElement>(null);
  const { onFiltersChange } = props;
  const viewing = filters.spam;
  const clearFilters = useCallback(() => {
    // The Spam view is a view, not a filter: clearing the filters stays in it.
    onFiltersChange({ ...NO_FILTERS, spam: viewing });
    // The button goes with the empty list: the search box is where a new search starts.
    search.current?.focus();
  }, [onFiltersChange, viewing]);
  const filtered = hasFilters(filters);
  const emptyText = spamView ? `Nothing held as spam in ${props.tableLabel.toLowerCase()}.` : props.emptyText;
  const { noMatchText } = props;
  const empty = useMemo(
    () => emptyStateFor({ loaded: list.loaded, error: list.error }, filtered, { emptyText, noMatchText }, clearFilters),
    [list.loaded, list.error, filtered, emptyText, noMatchText, clearFilters],
  );
  const noMatch = list.loaded && !list.error && filtered && items.length === 0;

  const apply = useCallback(
    async (change: RecordChangeRequest) => {
      const chosen = [...ids];
      try {
        const updated = await backend.bulkUpdate(collection, chosen, change);
        // Shown at once on the rows in view; each record's own update follows on the live stream.
        const ticked = new Set(chosen);
        for (const item of items) {
          if (ticked.has(item.id))
            applyChange({ position: "", collection, op: "update", record: { ...item, ...change } } as RecordChange);
        }
        clear();
        toast({ title: bulkSummary(collection, updated, change, me) });
        return null;
      } catch (error) {
        console.error("The bulk change failed:", error);
        const reason = adminErrorText(error, "The server could not be reached or failed.");
        toast({ title: "Nothing was changed", description: reason, variant: "destructive" });
        return `Nothing was changed: ${reason}`;
      }
    },
    [backend, collection, ids, items, applyChange, clear, toast, me],
  );

  // What the table (from md up) and the phone cards show alike; kept while none of it changes, so the
  // table is not rendered again for nothing (it is memoised).
  const { onOpen, onIntent, activeId, tableHandle } = props;
  // The Spam view's table has a name of its own, so a screen reader knows which list it is in.
  const tableLabel = spamView ? `${props.tableLabel} held as spam` : props.tableLabel;
  const hasMore = Boolean(list.nextCursor);
  const { loadingMore, loadMore } = list;
  const selection = owned ? bulk.table : undefined;
  const shown = useMemo(
    () => ({
      label: tableLabel,
      records: items,
      hasMore,
      loadingMore,
      onNeedMore: loadMore,
      empty,
      onOpen,
      activeId,
      selection,
      rowName: nameOf,
      handle: tableHandle,
    }),
    [tableLabel, items, hasMore, loadingMore, loadMore, empty, onOpen, activeId, selection, tableHandle],
  );
  return (
    <>
      <FilterBar
        label={props.filterLabel}
        filters={filters}
        onChange={onFiltersChange}
        statuses={props.statuses}
        types={props.types}
        owners={owned ? staff : undefined}
        searchRef={search}
        spamView={spamAdmin !== undefined}
      />
      {spamView && spamAdmin && <SpamBlocklist spam={spamAdmin} canEdit={can(props.role, "settings")} />}
      {owned && (ids.size > 0 || bulk.collecting || bulk.error) && (
        <BulkBar
          collection={collection}
          count={ids.size}
          offerAll={offerAll}
          matching={matching}
          collecting={bulk.collecting}
          capped={bulk.capped}
          error={bulk.error}
          statuses={props.statuses}
          staff={assignable}
          me={me}
          onSelectAll={() => void bulk.selectAllMatching()}
          onClear={clear}
          onApply={apply}
        />
      )}
      {/* Said as well as shown: a search that finds nothing is otherwise silent to a screen reader. */}
      <p role="status" className="sr-only">
        {noMatch ? props.noMatchText : ""}
      </p>
      {wide ? (
        <>
          <RecordTable {...shown} columns={props.columns} onIntent={onIntent} />
          <p className="mt-2 text-xs text-slate-600">
            Click a row, or move with ↑/↓ and press Enter, to open it
            {owned ? "; x ticks a row, shift-click ticks a range" : ""}.
          </p>
        </>
      ) : (
        <RecordCards {...shown} card={props.card} />
      )}
    </>
  );
}
