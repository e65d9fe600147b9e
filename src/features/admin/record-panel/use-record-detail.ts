import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { RecordsByCollection } from "../../../domain/admin";
import type { PanelStore } from "./panel-store";
import type { PanelTarget } from "./panel-url";

/**
 * The open record in full, from the panel's store: at once when it was read lately (or ahead, as a
 * neighbour), read again behind it unless that copy is fresh. A 404 is "missing", anything else "failed".
 */
export function useRecordDetail(store: PanelStore, target: PanelTarget | null) {
  const collection = target?.collection;
  const id = target?.id;
  const entry = useSyncExternalStore(store.subscribe, () =>
    collection && id ? store.record({ collection, id }) : undefined,
  );

  useEffect(() => {
    if (collection && id) void store.readRecord({ collection, id });
  }, [store, collection, id]);

  const reload = useCallback(() => {
    if (collection && id) void store.readRecord({ collection, id }, true);
  }, [store, collection, id]);

  /** A newer copy of the open record (a live change, or this dashboard's own save) merged into the detail. */
  const applyRecord = useCallback(
    (record: RecordsByCollection[keyof RecordsByCollection]) => {
      if (collection && record.id === id) store.applyRecord(collection, record);
    },
    [store, collection, id],
  );

  return { detail: entry?.value ?? null, status: entry?.status ?? "loading", reload, applyRecord };
}
