import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, type RefObject } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { RecordChange, RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import type { PanelStore } from "../record-panel/panel-store";
import { panelTarget, withPanel, type PanelTarget } from "../record-panel/panel-url";
import type { PanelList } from "../record-panel/panel-list";
import type { RecordTableHandle } from "../records/record-table";
import type { RecordLists } from "./use-record-lists";

type AnyRecord = RecordsByCollection[Collection];

/** History entries the panel pushed: closing one goes Back, so Back and Escape agree. */
const PANEL_STATE = { panel: true } as const;
const openedByUs = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { panel?: unknown }).panel === true;

/**
 * How long opening or moving waits for the record (and its person's timeline) to be read before the panel
 * changes anyway, showing its loading state. Most reads answer well inside it, and then the panel changes
 * once, with everything in it, instead of painting a skeleton and then the record.
 */
export const WAIT_FOR_RECORD_MS = 80;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The panel's view of one tab's list. */
function usePanelList(list: { items: AnyRecord[]; nextCursor: string | null; loadMore: () => void }): PanelList {
  const { items, nextCursor, loadMore } = list;
  return useMemo(() => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return { ids: items.map((item) => item.id), hasMore: nextCursor !== null, loadMore, find: (id) => byId.get(id) };
  }, [items, nextCursor, loadMore]);
}

/**
 * The record panel follows the address (`?tab=leads&record=<id>`): opening pushes a history entry (Back
 * closes it), moving within it replaces that entry, and closing hands focus back to the record's row.
 * Opening or moving starts reading the record at once (`store`) and changes the address when it is in, or
 * after WAIT_FOR_RECORD_MS, whichever comes first.
 */
export function usePanel(
  lists: RecordLists,
  setTab: (tab: Collection) => void,
  applyOwn: (change: RecordChange) => void,
  store: PanelStore | null,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const target = useMemo(() => panelTarget(params), [params]);
  const leadTable = useRef<RecordTableHandle>(null);
  const contactTable = useRef<RecordTableHandle>(null);
  const newsletterTable = useRef<RecordTableHandle>(null);
  const tables: Record<Collection, RefObject<RecordTableHandle | null>> = {
    leads: leadTable,
    contacts: contactTable,
    newsletter: newsletterTable,
  };
  const panelState = location.state as unknown;

  // Each open, move or close takes a ticket; a step still waiting for its record when a newer one is taken
  // is dropped, so a quick j-j-j or a click then Escape ends where the person's last key or click says.
  const ticket = useRef(0);
  // setParams is a new function after every change of the address; read the latest through a ref, so
  // the openers handed to the tables stay the same and the tables need not render again.
  const latestSetParams = useRef(setParams);
  useLayoutEffect(() => {
    latestSetParams.current = setParams;
  }, [setParams]);
  const go = useCallback(
    (next: PanelTarget, history: { replace: boolean; state: unknown }) => {
      const mine = ++ticket.current;
      const ready = store
        ? Promise.race([store.prefetch(next).catch(() => undefined), pause(WAIT_FOR_RECORD_MS)])
        : Promise.resolve();
      void ready.then(() => {
        if (ticket.current !== mine) return;
        setTab(next.collection);
        // An urgent render (not a transition): the panel is what the person is waiting for.
        latestSetParams.current((current) => withPanel(current, next), {
          ...history,
          preventScrollReset: true,
          flushSync: true,
        });
      });
    },
    [setTab, store],
  );
  const open = useCallback((next: PanelTarget) => go(next, { replace: false, state: PANEL_STATE }), [go]);
  const move = useCallback((next: PanelTarget) => go(next, { replace: true, state: panelState }), [go, panelState]);
  const close = useCallback(() => {
    ticket.current++;
    if (openedByUs(panelState)) void navigate(-1);
    else setParams((current) => withPanel(current, null), { replace: true, preventScrollReset: true });
  }, [navigate, setParams, panelState]);
  const onClosed = useCallback((closed: PanelTarget) => {
    ({ leads: leadTable, contacts: contactTable, newsletter: newsletterTable })[closed.collection].current?.focusRow(
      closed.id,
    );
  }, []);
  const onSaved = useCallback(
    (collection: Collection, record: AnyRecord) =>
      applyOwn({ position: "", collection, op: "update", record } as RecordChange),
    [applyOwn],
  );
  // One stable opener per table, so a table does not re-render for a new function each time.
  const openRecord = useMemo(() => {
    const opener = (collection: Collection) => (record: AnyRecord) => open({ collection, id: record.id });
    return { leads: opener("leads"), contacts: opener("contacts"), newsletter: opener("newsletter") };
  }, [open]);

  // One stable read-ahead per table too: a record about to be opened (hover, focus) is read before the click.
  const readAhead = useMemo(() => {
    const reader = (collection: Collection) => (record: AnyRecord) =>
      void store?.prefetch({ collection, id: record.id }).catch(() => undefined);
    return { leads: reader("leads"), contacts: reader("contacts"), newsletter: reader("newsletter") };
  }, [store]);

  const panelLists: Record<Collection, PanelList> = {
    leads: usePanelList(lists.leads),
    contacts: usePanelList(lists.contacts),
    newsletter: usePanelList(lists.newsletter),
  };
  // The tables mark the open record's row after the panel has painted: the panel comes first.
  const marked = useDeferredValue(target);
  const activeId = (collection: Collection) => (marked?.collection === collection ? marked.id : null);

  return {
    target,
    tables,
    openRecord,
    readAhead,
    activeId,
    list: target ? panelLists[target.collection] : null,
    move,
    close,
    onClosed,
    onSaved,
  };
}

export type PanelControl = ReturnType<typeof usePanel>;
