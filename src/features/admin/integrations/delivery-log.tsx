import { useCallback } from "react";
import type { IntegrationsAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import type { WebhookEndpoint } from "../../../domain/webhooks";
import { adminErrorText } from "../common/admin-error";
import { AlertLine, useIntegrationList } from "./list-state";

/** An endpoint's delivery log, newest first, with Resend on each attempt (the same webhook-id again). */
export function DeliveryLog({ webhooks, endpoint }: { webhooks: IntegrationsAdmin; endpoint: WebhookEndpoint }) {
  const load = useCallback(() => webhooks.deliveries(endpoint.id), [webhooks, endpoint.id]);
  const {
    items: attempts,
    failure,
    setFailure,
    read,
  } = useIntegrationList(load, "The delivery log could not be loaded.");
  if (!attempts)
    return failure ? (
      <AlertLine message={failure} />
    ) : (
      <p className="text-sm text-slate-600">Loading the delivery log…</p>
    );
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3">
        <p className="text-sm text-slate-700" role="status">
          {attempts.length === 0 ? "No deliveries yet." : `The last ${attempts.length} attempts, newest first.`}
        </p>
        <Button variant="outline" size="sm" onClick={read}>
          Refresh
        </Button>
      </div>
      <AlertLine message={failure} />
      {attempts.length > 0 && (
        <div
          className="max-h-96 overflow-auto"
          role="region"
          aria-label={`Delivery log of ${endpoint.url}`}
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {["Time (UTC)", "Event", "Webhook ID", "Answer", "Duration", ""].map((column) => (
                  <th key={column} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
                    {column || <span className="sr-only">Actions</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={attempt.id} data-attempt={attempt.id} className="border-b border-slate-100 align-top">
                  <td className="px-2 py-1 whitespace-nowrap">{attempt.at.slice(0, 19).replace("T", " ")}</td>
                  <td className="px-2 py-1">
                    <code className="text-xs">{attempt.event}</code>
                  </td>
                  <td className="px-2 py-1 font-mono text-xs break-all">{attempt.webhookId}</td>
                  <td
                    className={`px-2 py-1 ${attempt.error ? "text-red-800" : "text-green-800"}`}
                    data-status={attempt.status ?? ""}
                  >
                    {attempt.status ?? "No answer"}
                    {attempt.error && <span className="block text-xs">{attempt.error}</span>}
                  </td>
                  <td className="px-2 py-1 tabular-nums">{attempt.durationMs} ms</td>
                  <td className="px-2 py-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Resend ${attempt.event} ${attempt.webhookId}`}
                      onClick={async () => {
                        try {
                          await webhooks.resend(attempt.id);
                          setFailure(null);
                          setTimeout(read, 1_500);
                        } catch (error) {
                          setFailure(adminErrorText(error, "The delivery could not be resent."));
                        }
                      }}
                    >
                      Resend
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
