import { useCallback, useEffect } from "react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import { useBackendValue } from "../common/use-backend-value";

const POLL_MS = 30_000;
const readHealth = (privacy: PrivacyAdmin) => privacy.outboxHealth();

/** The failing-email count for the banner, re-read every 30 s (and after a manual retry). */
export function useOutboxHealth(privacy: PrivacyAdmin | undefined) {
  const { value: health, refresh } = useBackendValue(privacy, readHealth, "the email outbox");

  useEffect(() => {
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
