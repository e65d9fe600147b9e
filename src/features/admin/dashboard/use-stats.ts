import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import type { DashboardStats } from "../../../domain/admin";

const REFRESH_AFTER_CHANGE_MS = 250;

/** The count cards; refreshed shortly after live changes, coalescing bursts into one request. */
export function useStats(backend: AdminBackend | null) {
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(async () => {
    if (!backend) return;
    try {
      setStats(await backend.stats());
    } catch (error) {
      console.error("Loading counts failed:", error);
    }
  }, [backend]);

  useEffect(() => {
    void refresh();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [refresh]);

  const refreshSoon = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void refresh();
    }, REFRESH_AFTER_CHANGE_MS);
  }, [refresh]);

  return { stats, refreshSoon };
}
