import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminBackend } from "../../backend/admin-port";
import { DEFAULT_PAGE_SIZE, type RecordChange, type RecordsByCollection } from "../../domain/admin";
import type { Collection } from "../../domain/status";
import { matchesFilters, type Filters } from "./filters";

interface CollectionState<C extends Collection> {
  items: RecordsByCollection[C][];
  nextCursor: string | null;
  loaded: boolean;
  loadingMore: boolean;
  error: string | null;
}

const initial = { items: [], nextCursor: null, loaded: false, loadingMore: false, error: null };

/** One tab's rows: newest first, further pages fetched on demand, live changes merged in place. */
export function useCollection<C extends Collection>(backend: AdminBackend | null, collection: C, filters: Filters) {
  const [state, setState] = useState<CollectionState<C>>(initial);
  // Answers to an older filter set are dropped when they arrive late.
  const generation = useRef(0);
  const { q, status, type } = filters;

  const fetchPage = useCallback(
    async (cursor: string | null, reset: boolean) => {
      if (!backend) return;
      const current = ++generation.current;
      if (!reset) setState((s) => ({ ...s, loadingMore: true }));
      try {
        const page = await backend.list(collection, { limit: DEFAULT_PAGE_SIZE, cursor, q, status, type });
        if (current !== generation.current) return;
        setState((s) => {
          const base = reset ? [] : s.items;
          const seen = new Set(base.map((item) => item.id));
          return {
            items: [...base, ...page.items.filter((item) => !seen.has(item.id))],
            nextCursor: page.nextCursor,
            loaded: true,
            loadingMore: false,
            error: null,
          };
        });
      } catch (error) {
        if (current !== generation.current) return;
        console.error(`Loading ${collection} failed:`, error);
        setState((s) => ({ ...s, loaded: true, loadingMore: false, error: `Could not load ${collection}.` }));
      }
    },
    [backend, collection, q, status, type],
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
      const record = change.record as RecordsByCollection[C];
      setState((s) => {
        const index = s.items.findIndex((item) => item.id === record.id);
        if (index >= 0) {
          const items = s.items.slice();
          items[index] = record;
          return { ...s, items };
        }
        if (change.op !== "insert" || !matchesFilters(collection, record, { q, status, type })) return s;
        return { ...s, items: [record, ...s.items] };
      });
    },
    [collection, q, status, type],
  );

  /** Reads the list again from the top (after an erasure, which the live stream does not carry). */
  const reload = useCallback(() => void fetchPage(null, true), [fetchPage]);

  return { ...state, loadMore, applyChange, reload };
}
