import { useCallback, useEffect, useMemo, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import type { Collection } from "../../../domain/status";
import { BULK_MAX } from "../../../domain/workspace";
import { collectMatching } from "./collect-matching";
import type { Filters } from "./filters";
import type { TableSelection } from "./record-table";
import { NO_SELECTION, selectIds, setShown, shownState, toggle, type Selection } from "./selection";

/**
 * One tab's ticked rows: by hand (shift for a range), every shown row, or every record matching the
 * filters up to BULK_MAX, collected from the list API. A change of filters clears the selection.
 */
export function useBulkSelection(
  backend: AdminBackend | null,
  collection: Collection,
  filters: Filters,
  shownIds: readonly string[],
) {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [collecting, setCollecting] = useState(false);
  /** "All matching" found more than BULK_MAX. */
  const [capped, setCapped] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { q, status, type, owner, source, medium, campaign, spam } = filters;
  useEffect(() => {
    setSelection(NO_SELECTION);
    setCapped(false);
    setError(null);
  }, [q, status, type, owner, source, medium, campaign, spam]);

  const table: TableSelection = useMemo(
    () => ({
      isSelected: (id) => selection.ids.has(id),
      onToggle: (id, checked, range) => setSelection((current) => toggle(current, shownIds, id, checked, range)),
      shown: shownState(selection, shownIds),
      onToggleShown: (checked) => setSelection((current) => setShown(current, shownIds, checked)),
    }),
    [selection, shownIds],
  );

  const selectAllMatching = useCallback(async () => {
    if (!backend) return;
    setCollecting(true);
    setError(null);
    try {
      const collected = await collectMatching(
        backend,
        collection,
        { q, status, type, owner, source, medium, campaign, spam },
        BULK_MAX,
      );
      setSelection(selectIds(collected.ids, BULK_MAX));
      setCapped(collected.more);
    } catch (failure) {
      console.error("Selecting all matching records failed:", failure);
      setError("Could not select every matching record. Try again.");
    } finally {
      setCollecting(false);
    }
  }, [backend, collection, q, status, type, owner, source, medium, campaign, spam]);

  const clear = useCallback(() => {
    setSelection(NO_SELECTION);
    setCapped(false);
    setError(null);
  }, []);

  return { ids: selection.ids, table, collecting, capped, error, selectAllMatching, clear };
}
