import { useCallback, useEffect, useState } from "react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import type { OutboxHealth } from "../../../domain/privacy";

const POLL_MS = 30_000;

/** The failing-email count for the banner, re-read every 30 s (and after a manual retry). */
export function useOutboxHealth(privacy: PrivacyAdmin | undefined) {
  const [health, setHealth] = useState<OutboxHealth | null>(null);

  const refresh = useCallback(async () => {
    if (!privacy) return;
    try {
      setHealth(await privacy.outboxHealth());
    } catch (error) {
      console.error("Loading the email outbox failed:", error);
    }
  }, [privacy]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const retry = useCallback(async () => {
    if (!privacy) return;
    await privacy.retryFailedEmails();
    await refresh();
  }, [privacy, refresh]);

  return { health, retry };
}
