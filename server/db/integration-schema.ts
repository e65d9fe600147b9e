import type { Collection } from "../../src/domain/status";

// The integrations' tables (Tables in schema.ts): webhooks (migration 0017) and API tokens (migration 0018).

/** Where webhooks go (migration 0017). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** The events it wants, as a JSON array. */
  events: string;
  /** The signing secret (whsec_...), sealed with a key derived from APP_SECRET (auth/secret-box.ts). */
  secret: string;
  /** The secret before the last rotation, sealed, signing too until previousSecretUntil. */
  previousSecret: string | null;
  previousSecretUntil: string | null;
  disabled: number;
  disabledReason: "staff" | "gone" | "failing" | null;
  failingSince: string | null;
  createdBy: string;
  createdAt: string;
}

/**
 * Events written in the transaction of what they report, waiting to be fanned out to the endpoints
 * that want them; deleted once they are. subjectEmail: whose record, so an erasure finds them.
 */
export interface WebhookEventsTable {
  id: string;
  type: string;
  recordCollection: Collection;
  recordId: string;
  subjectEmail: string;
  /** JSON: what changed (status or owner from and to, the note), or null. */
  change: string | null;
  createdAt: string;
}

/** One event for one endpoint: the body as sent, and where its delivery stands. */
export interface WebhookDeliveriesTable {
  /** Also the webhook-id header: every attempt and resend of it carries the same. */
  id: string;
  endpointId: string;
  type: string;
  subjectEmail: string;
  payload: string;
  state: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  lockedUntil: string | null;
  createdAt: string;
}

/** The delivery log: the last WEBHOOK_LOG_SIZE attempts of each endpoint. */
export interface WebhookAttemptsTable {
  id: string;
  deliveryId: string;
  endpointId: string;
  type: string;
  status: number | null;
  durationMs: number;
  error: string | null;
  at: string;
}

/** API tokens (migration 0018): the token's SHA-256, never the token. */
export interface ApiTokensTable {
  id: string;
  name: string;
  tokenHash: string;
  /** JSON array of TokenScope. */
  scopes: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}
