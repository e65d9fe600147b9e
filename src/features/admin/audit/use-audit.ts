import { useCallback, useEffect, useState } from "react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import type { AuditEntry } from "../../../domain/privacy";

const PAGE = 50;

/** The audit log, newest first, a page at a time; read afresh each time the tab opens. */
export function useAudit(privacy: PrivacyAdmin) {
  const [items, setItems] = useState<AuditEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      try {
        const page = await privacy.auditLog({ limit: PAGE, cursor: after });
        setItems((current) => (after ? [...current, ...page.items] : page.items));
        setCursor(page.nextCursor);
        setError(null);
      } catch (failure) {
        console.error("Loading the audit log failed:", failure);
        setError("Could not load the audit log.");
      } finally {
        setLoading(false);
      }
    },
    [privacy],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  return {
    items,
    loading,
    error,
    hasMore: cursor !== null,
    loadMore: () => void load(cursor),
    refresh: () => void load(null),
  };
}
