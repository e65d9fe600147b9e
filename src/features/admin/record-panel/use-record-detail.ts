import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { AdminApiError, type AdminBackend } from "../../../backend/admin-port";
import type { RecordsByCollection } from "../../../domain/admin";
import type { RecordDetail } from "../../../domain/workspace";
import type { PanelTarget } from "./panel-url";

export type LoadStatus = "loading" | "ready" | "missing" | "failed";

interface DetailState {
  key: string;
  detail: RecordDetail | null;
  status: LoadStatus;
}

/** Records read recently, so walking back and forth with j/k shows each one at once. */
const CACHE_SIZE = 50;
const keyOf = (target: PanelTarget | null) => (target ? `${target.collection}/${target.id}` : "");

/**
 * The open record in full. It shows at once from the cache when it was read lately (and is read again
 * behind it); a 404 is "missing", anything else "failed". Answers for a record no longer open are dropped.
 */
export function useRecordDetail(backend: AdminBackend, target: PanelTarget | null) {
  const key = keyOf(target);
  const cache = useRef(new Map<string, RecordDetail>());
  const [state, setState] = useState<DetailState>({ key: "", detail: null, status: "loading" });
  // Which record is open now, for answers that arrive after the panel moved on.
  const currentKey = useRef(key);
  useLayoutEffect(() => {
    currentKey.current = key;
  }, [key]);

  const remember = useCallback((recordKey: string, detail: RecordDetail) => {
    cache.current.delete(recordKey);
    cache.current.set(recordKey, detail);
    if (cache.current.size > CACHE_SIZE) cache.current.delete(cache.current.keys().next().value!);
  }, []);

  const read = useCallback(
    async (wanted: PanelTarget) => {
      const wantedKey = keyOf(wanted);
      try {
        const detail = await backend.record(wanted.collection, wanted.id);
        remember(wantedKey, detail);
        if (currentKey.current === wantedKey) setState({ key: wantedKey, detail, status: "ready" });
      } catch (error) {
        if (currentKey.current !== wantedKey) return;
        const missing = error instanceof AdminApiError && error.status === 404;
        if (missing) cache.current.delete(wantedKey);
        else console.error("Loading the record failed:", error);
        setState((s) => ({ key: wantedKey, detail: missing ? null : s.key === wantedKey ? s.detail : null, status: missing ? "missing" : "failed" }));
      }
    },
    [backend, remember],
  );

  const collection = target?.collection;
  const id = target?.id;
  useEffect(() => {
    if (!collection || !id) return;
    const cached = cache.current.get(`${collection}/${id}`);
    setState({ key: `${collection}/${id}`, detail: cached ?? null, status: cached ? "ready" : "loading" });
    void read({ collection, id });
  }, [collection, id, read]);

  const reload = useCallback(() => {
    if (collection && id) void read({ collection, id });
  }, [collection, id, read]);

  /** A newer copy of the open record (a live change, or this dashboard's own save) merged into the detail. */
  const applyRecord = useCallback(
    (record: RecordsByCollection[keyof RecordsByCollection]) => {
      setState((s) => {
        if (!s.detail || s.key !== currentKey.current || s.detail.id !== record.id) return s;
        const detail = { ...s.detail, ...record } as RecordDetail;
        remember(s.key, detail);
        return { ...s, detail };
      });
    },
    [remember],
  );

  const current = state.key === key ? state : { key, detail: null, status: "loading" as const };
  return { detail: current.detail, status: current.status, reload, applyRecord };
}
