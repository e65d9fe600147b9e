import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AdminBackend, LiveState } from "../../../backend/admin-port";
import { earliestPosition, type LiveEvent, type RecordChange } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import type { Filters } from "../records/filters";
import { useCollection } from "../records/use-collection";
import { usePersonCounts } from "../records/use-person-counts";
import { useLiveListeners } from "./use-live-listeners";
import { useStats } from "./use-stats";

/** One record tab's list, as useCollection keeps it. */
export type CollectionList<C extends Collection> = ReturnType<typeof useCollection<C>>;
export type RecordLists = { [C in Collection]: CollectionList<C> };

/**
 * The three record lists with their filters, the count cards, and the one live stream that keeps them
 * (and the open record panel, through `listeners`) up to date.
 */
export function useRecordLists(
  backend: AdminBackend | null,
  me: string | undefined,
  initialFilters: Record<Collection, Filters>,
) {
  const [filters, setFilters] = useState<Record<Collection, Filters>>(initialFilters);
  const [live, setLive] = useState<LiveState>("connecting");
  const personCounts = usePersonCounts();
  const listeners = useLiveListeners();

  const leads = useCollection(backend, "leads", filters.leads, { me, onPage: personCounts.onPage });
  const contacts = useCollection(backend, "contacts", filters.contacts, { me, onPage: personCounts.onPage });
  const newsletter = useCollection(backend, "newsletter", filters.newsletter, { me, onPage: personCounts.onPage });
  const { stats, refreshSoon } = useStats(backend);

  const applyLeads = leads.applyChange;
  const applyContacts = contacts.applyChange;
  const applyNewsletter = newsletter.applyChange;
  const reloadLeads = leads.reload;
  const reloadContacts = contacts.reload;
  const reloadNewsletter = newsletter.reload;
  const countChange = personCounts.onChange;
  const emit = listeners.emit;

  /** A change this dashboard made itself: shown at once (the live stream confirms it later). */
  const applyOwn = useCallback(
    (change: RecordChange) => {
      applyLeads(change);
      applyContacts(change);
      applyNewsletter(change);
      refreshSoon();
    },
    [applyLeads, applyContacts, applyNewsletter, refreshSoon],
  );

  const apply = useCallback(
    (event: LiveEvent) => {
      if (event.op === "reload") {
        // Records were erased or purged, perhaps by another staff member: read that list again.
        ({ leads: reloadLeads, contacts: reloadContacts, newsletter: reloadNewsletter })[event.collection]();
        refreshSoon();
      } else {
        countChange(event);
        applyOwn(event);
      }
      // The open record panel re-reads what the change touched.
      emit(event);
    },
    [applyOwn, countChange, emit, reloadLeads, reloadContacts, reloadNewsletter, refreshSoon],
  );

  // The stream opens once the three lists have been read, from the earliest position they were read at,
  // so a record written between a list's read and the stream's start still arrives (see ListPage.position).
  const firstPositions = [leads.firstPosition, contacts.firstPosition, newsletter.firstPosition];
  const listsRead = firstPositions.every((position) => position !== undefined);
  const streamFrom = listsRead
    ? earliestPosition(firstPositions.filter((position): position is string => typeof position === "string"))
    : undefined;
  // Opened once: a filter change swaps the handler, not the stream (reopening would miss changes).
  const applyLatest = useRef(apply);
  useEffect(() => {
    applyLatest.current = apply;
  }, [apply]);
  useEffect(() => {
    if (!listsRead) return undefined;
    return backend?.watch(
      (change) => applyLatest.current(change),
      setLive,
      streamFrom === undefined ? {} : { after: streamFrom },
    );
  }, [backend, listsRead, streamFrom]);

  // This dashboard's own erasure reloads at once; the stream's reload notice tells the others.
  const afterErasure = useCallback(() => {
    reloadLeads();
    reloadContacts();
    reloadNewsletter();
    refreshSoon();
  }, [reloadLeads, reloadContacts, reloadNewsletter, refreshSoon]);

  const onFilters = useMemo(() => {
    const setFor = (collection: Collection) => (next: Filters) => setFilters((all) => ({ ...all, [collection]: next }));
    return { leads: setFor("leads"), contacts: setFor("contacts"), newsletter: setFor("newsletter") };
  }, []);

  const lists: RecordLists = { leads, contacts, newsletter };
  return {
    lists,
    filters,
    onFilters,
    live,
    stats,
    applyOwn,
    afterErasure,
    countOf: personCounts.countOf,
    subscribe: listeners.subscribe,
  };
}
