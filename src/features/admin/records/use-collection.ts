import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import {
  DEFAULT_PAGE_SIZE,
  type ListPage,
  type LogPosition,
  type RecordChange,
  type RecordsByCollection,
} from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { listQuery, type Filters } from "./filters";
import { appendToLog, applyChange as applyTo, replayAfter } from "./live-merge";

interface CollectionState<C extends Collection> {
  items: RecordsByCollection[C][];
  nextCursor: string | null;
  loaded: boolean;
  loadingMore: boolean;
  error: string | null;
  /** ListPage.position of the first page read (null: read without one, or failed); undefined until then. */
  firstPosition: LogPosition | null | undefined;
}

const initial = {
  items: [],
  nextCursor: null,
  loaded: false,
  loadingMore: false,
  error: null,
  firstPosition: undefined,
};

interface CollectionOptions<C extends Collection> {
  /** The signed-in staff member's email, for the "Mine" filter on live changes. */
  me?: string;
  /** Told of every page read (the person counts read ListPage.personRecords from it). */
  onPage?: (page: ListPage<C>) => void;
}

/** One tab's rows: newest first, further pages fetched on demand, live changes merged in place. */
export function useCollection<C extends Collection>(
  backend: AdminBackend | null,
  collection: C,
  filters: Filters,
  options: CollectionOptions<C> = {},
) {
  const [state, setState] = useState<CollectionState<C>>(initial);
  // Answers to an older filter set are dropped when they arrive late.
  const generation = useRef(0);
  // Live changes seen so far, replayed onto a page read before them.
  const log = useRef<RecordChange[]>([]);
  const { q, status, type, owner, source, medium, campaign, spam } = filters;
  const { me, onPage } = options;
  const onPageLatest = useRef(onPage);
  useEffect(() => {
    onPageLatest.current = onPage;
  }, [onPage]);

  const fetchPage = useCallback(
    async (cursor: string | null, reset: boolean) => {
      if (!backend) return;
      const current = ++generation.current;
      if (!reset) setState((s) => ({ ...s, loadingMore: true }));
      const active = { q, status, type, owner, source, medium, campaign, spam };
      try {
        const page = await backend.list(collection, {
          ...listQuery(collection, active),
          limit: DEFAULT_PAGE_SIZE,
          cursor,
        });
        if (current !== generation.current) return;
        onPageLatest.current?.(page);
        setState((s) => {
          const base = reset ? [] : s.items;
          const seen = new Set(base.map((item) => item.id));
          const merged = [...base, ...page.items.filter((item) => !seen.has(item.id))];
          return {
            items: replayAfter(merged, log.current, page.position, collection, active, me),
            nextCursor: page.nextCursor,
            loaded: true,
            loadingMore: false,
            error: null,
            firstPosition: s.firstPosition === undefined ? (page.position ?? null) : s.firstPosition,
          };
        });
      } catch (error) {
        if (current !== generation.current) return;
        console.error(`Loading ${collection} failed:`, error);
        setState((s) => ({
          ...s,
          loaded: true,
          loadingMore: false,
          error: `Could not load ${collection}.`,
          firstPosition: s.firstPosition === undefined ? null : s.firstPosition,
        }));
      }
    },
    [backend, collection, q, status, type, owner, source, medium, campaign, spam, me],
  );

  useEffect(() => {
    setState((s) => ({ ...s, items: [], nextCursor: null, loaded: false }));
    void fetchPage(null, true);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (state.nextCursor && !state.loadingMore) void fetchPage(state.nextCursor, false);
  }, [fetchPage, state.nextCursor, state.loadingMore]);

  const applyChange = useCallback(
    (change: RecordChange) => {
      if (change.collection !== collection) return;
      log.current = appendToLog(log.current, change);
      setState((s) => {
        const items = applyTo(
          s.items,
          change,
          collection,
          { q, status, type, owner, source, medium, campaign, spam },
          me,
        );
        return items === s.items ? s : { ...s, items };
      });
    },
    [collection, q, status, type, owner, source, medium, campaign, spam, me],
  );

  /** Reads the list again from the top (after an erasure, which the live stream does not carry). */
  const reload = useCallback(() => void fetchPage(null, true), [fetchPage]);

  return { ...state, loadMore, applyChange, reload };
}
