import { useCallback, useEffect, useRef } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import { useBackendValue } from "../common/use-backend-value";

const REFRESH_AFTER_CHANGE_MS = 250;
const readStats = (backend: AdminBackend) => backend.stats();

/** The count cards; refreshed shortly after live changes, coalescing bursts into one request. */
export function useStats(backend: AdminBackend | null) {
  const { value: stats, refresh } = useBackendValue(backend, readStats, "counts");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [refresh],
  );

  const refreshSoon = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void refresh();
    }, REFRESH_AFTER_CHANGE_MS);
  }, [refresh]);

  return { stats, refreshSoon };
}
