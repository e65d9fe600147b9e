import { AlertTriangle, RotateCw } from "lucide-react";
import { useState } from "react";
import type { OutboxHealth } from "../../../domain/privacy";
import { Button } from "../../../components/ui/button";
import { formatDate } from "../common/format";

/**
 * Shown while staff alerts or welcome emails fail to send: a lead nobody hears about is the costly
 * failure, so it is loud. Emails still retrying go out by themselves; given-up ones can be retried.
 */
export function OutboxBanner({ health, onRetry }: { health: OutboxHealth | null; onRetry: () => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  if (!health || health.failing === 0) return null;
  const givenUp = health.items.some((item) => item.state === "failed");
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {health.failing} alert email{health.failing === 1 ? "" : "s"} failing
        </p>
        <p className="text-sm break-words">
          Last error{health.lastErrorAt ? ` (${formatDate(health.lastErrorAt)})` : ""}: {health.lastError ?? "unknown"}.
          Check SMTP_URL and the mail server; failed sends are retried for about an hour before they stop.
        </p>
      </div>
      {givenUp && (
        <Button
          variant="outline"
          size="sm"
          disabled={retrying}
          onClick={async () => {
            setRetrying(true);
            try {
              await onRetry();
            } finally {
              setRetrying(false);
            }
          }}
        >
          <RotateCw aria-hidden="true" className="h-4 w-4" /> Retry now
        </Button>
      )}
    </div>
  );
}
