// Webhooks (the Standard Webhooks specification): the events Erf sends, what an endpoint is, and the rules
// of delivery. Shared by the server (server/webhooks/*) and the dashboard's Webhooks section.

export const WEBHOOK_EVENTS = [
  "contact.created",
  "lead.created",
  "newsletter.subscribed",
  "newsletter.unsubscribed",
  "record.status_changed",
  "record.assigned",
  "note.created",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "contact.created": "A contact message arrives",
  "lead.created": "A signup or demo request arrives",
  "newsletter.subscribed": "Someone subscribes to the newsletter",
  "newsletter.unsubscribed": "Someone unsubscribes",
  "record.status_changed": "A record's status changes",
  "record.assigned": "A lead or contact gets a new owner",
  "note.created": "Staff write a note",
};

export const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2_000;
/** How many endpoints a workspace may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** A delivery attempt that has not answered within this is a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint that has failed every delivery for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** After a rotation the previous secret signs too, for this long. */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** The delivery log keeps this many attempts per endpoint. */
export const WEBHOOK_LOG_SIZE = 1_000;

/** An endpoint as the staff API lists it: never its secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  disabled: boolean;
  /** Why it was disabled: "staff", "gone" (it answered 410) or "failing" (3 days of failures). */
  disabledReason: "staff" | "gone" | "failing" | null;
  /** When its deliveries started failing without a success since; null when the last one succeeded. */
  failingSince: string | null;
  /** Until when the secret before the last rotation signs too; null without a rotation in progress. */
  previousSecretUntil: string | null;
  createdBy: string;
  createdAt: string;
}

/** One attempt in an endpoint's delivery log. */
export interface WebhookAttempt {
  id: string;
  event: WebhookEvent;
  /** The webhook-id header: the same for every attempt and resend of one event to one endpoint. */
  webhookId: string;
  /** The HTTP status the endpoint answered; null when it did not answer (refused, timed out, blocked). */
  status: number | null;
  durationMs: number;
  error: string | null;
  at: string;
}

/** The body of every delivery. */
export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  /** The record as the staff API returns it (GET /api/admin/{collection}/{id}). */
  data: Record<string, unknown>;
  /** What changed, for the events that are a change: status from and to, owner from and to, the note. */
  change?: Record<string, unknown>;
}

/** The first retry's wait before jitter; the later ones are multiples of it (WEBHOOK_RETRY_STEPS). */
export const WEBHOOK_RETRY_BASE_MS = 5_000;

/**
 * The waits before retries 1 to 7, in multiples of the first: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
 * (Svix's schedule), about 28 hours in all. After the seventh retry fails, the delivery is failed.
 */
export const WEBHOOK_RETRY_STEPS = [1, 60, 360, 1_440, 3_600, 7_200, 7_200] as const;

/**
 * The wait before retry n (1-based: after attempt n failed), or null when there is none left: the
 * schedule's step, scaled to `baseMs`, with a jitter of up to a tenth either way (`random` 0.5: none), so
 * endpoints that failed together do not retry together.
 */
export function retryDelayMs(
  attempt: number,
  random: () => number = Math.random,
  baseMs = WEBHOOK_RETRY_BASE_MS,
): number | null {
  const step = WEBHOOK_RETRY_STEPS[Math.max(1, attempt) - 1];
  if (step === undefined) return null;
  return Math.round(step * baseMs * (0.9 + 0.2 * random()));
}
