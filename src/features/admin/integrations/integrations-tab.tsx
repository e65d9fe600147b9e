import { Webhook } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { IntegrationsAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
} from "../../../domain/webhooks";
import { BRAND } from "../../../config/brand";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { DeliveryLog } from "./delivery-log";
import { ApiTokensSection } from "./api-tokens-section";
import { SecretNotice } from "./secret-notice";
import { AlertLine, ListNotice, useIntegrationList } from "./list-state";

// The Integrations tab (admins): webhook endpoints. Add one (a URL and its events; the signing secret is
// shown once), switch it off and on, rotate its secret, delete it, and read its delivery log, where any
// attempt can be sent again with the same webhook-id.

const sectionClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";

const DISABLED_TEXT: Record<NonNullable<WebhookEndpoint["disabledReason"]>, string> = {
  staff: "Off",
  gone: "Off: the endpoint answered 410 Gone",
  failing: "Off: every delivery failed for 3 days",
};

function statusText(endpoint: WebhookEndpoint): string {
  if (endpoint.disabled) return DISABLED_TEXT[endpoint.disabledReason ?? "staff"];
  return endpoint.failingSince ? `On, failing since ${endpoint.failingSince.slice(0, 16).replace("T", " ")} UTC` : "On";
}

function EventChoices({
  chosen,
  onChange,
  error,
  errorId,
}: {
  chosen: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={chosen.includes(event)}
              onChange={(change) =>
                onChange(change.target.checked ? [...chosen, event] : chosen.filter((each) => each !== event))
              }
            />
            <span>
              <code className="text-xs">{event}</code> · {WEBHOOK_EVENT_LABELS[event]}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function AddEndpoint({ webhooks, onAdded }: { webhooks: IntegrationsAdmin; onAdded: (secret: string) => void }) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["contact.created", "lead.created"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <form
      aria-label="Add a webhook endpoint"
      className="grid gap-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setFailure(null);
        try {
          const created = await webhooks.create(url.trim(), events);
          setErrors({});
          setUrl("");
          onAdded(created.secret);
        } catch (error) {
          const fields = fieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFailure(adminErrorText(error, "The endpoint could not be added."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Endpoint URL
        <input
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://hooks.example.com/erf"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url` : undefined}
          className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
        />
        {errors.url && (
          <span id={`${id}-url`} className="text-xs text-red-700">
            {errors.url}
          </span>
        )}
      </label>
      <EventChoices chosen={events} onChange={setEvents} error={errors.events} errorId={`${id}-events`} />
      <AlertLine message={failure} />
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}

function EndpointCard({
  webhooks,
  endpoint,
  onChanged,
  onSecret,
}: {
  webhooks: IntegrationsAdmin;
  endpoint: WebhookEndpoint;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const act = async (run: () => Promise<unknown>, fallback: string) => {
    try {
      setFailure(null);
      await run();
      onChanged();
    } catch (error) {
      setFailure(adminErrorText(error, fallback));
    }
  };
  return (
    <li
      aria-labelledby={headingId}
      data-endpoint={endpoint.id}
      className="grid gap-2 rounded-lg border border-slate-200 p-3"
    >
      <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
        {endpoint.url}
      </h3>
      <p className="text-sm" data-endpoint-status>
        {statusText(endpoint)}
        {endpoint.previousSecretUntil &&
          ` · the previous secret also signs until ${endpoint.previousSecretUntil.slice(0, 16).replace("T", " ")} UTC`}
      </p>
      <p className="text-sm text-slate-700">Events: {endpoint.events.join(", ")}</p>
      <AlertLine message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? "Hide delivery log" : "Delivery log"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            act(
              () => webhooks.update(endpoint.id, { disabled: !endpoint.disabled }),
              "The endpoint could not be changed.",
            )
          }
        >
          {endpoint.disabled ? "Turn on" : "Turn off"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            act(async () => onSecret((await webhooks.rotate(endpoint.id)).secret), "The secret could not be rotated.")
          }
        >
          Rotate secret
        </Button>
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog webhooks={webhooks} endpoint={endpoint} />}
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${endpoint.url}, and its delivery log is deleted with it.`}
        confirmLabel="Delete endpoint"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await act(() => webhooks.remove(endpoint.id), "The endpoint could not be deleted.");
        }}
      />
    </li>
  );
}

export function IntegrationsTab({ integrations: webhooks }: { integrations: IntegrationsAdmin }) {
  const list = useCallback(() => webhooks.list(), [webhooks]);
  const { items: endpoints, failure, read } = useIntegrationList(list, "The webhook endpoints could not be loaded.");
  const [secret, setSecret] = useState<string | null>(null);
  const showSecret = (value: string) => {
    setSecret(value);
    read();
  };
  return (
    <div className="grid gap-4">
      <section aria-labelledby="webhooks-heading" className={`${sectionClass} grid gap-4`}>
        <div className="flex items-center gap-2">
          <Webhook aria-hidden="true" className="h-5 w-5 text-brand-700" />
          <h2 id="webhooks-heading" className="text-base font-semibold">
            Webhooks
          </h2>
        </div>
        <p className="text-sm text-slate-700">
          {BRAND.name} posts each event to your endpoints, signed as the Standard Webhooks specification has it (the
          webhook-id, webhook-timestamp and webhook-signature headers). Failed deliveries are retried seven times over
          about 28 hours. Spam sends nothing.
        </p>
        {secret && <SecretNotice secret={secret} what="signing secret" onDone={() => setSecret(null)} />}
        <AddEndpoint webhooks={webhooks} onAdded={showSecret} />
      </section>
      <section aria-labelledby="endpoints-heading" className={`${sectionClass} grid gap-3`}>
        <h2 id="endpoints-heading" className="text-base font-semibold">
          Endpoints
        </h2>
        <AlertLine message={failure} />
        <ListNotice items={endpoints} failure={failure} loading="Loading…" empty="No endpoints yet." />
        {endpoints && endpoints.length > 0 && (
          <ul className="grid gap-3">
            {endpoints.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                webhooks={webhooks}
                endpoint={endpoint}
                onChanged={read}
                onSecret={showSecret}
              />
            ))}
          </ul>
        )}
      </section>
      <ApiTokensSection admin={webhooks} />
    </div>
  );
}
