import type { ConfirmSubscriptionStatus, UnsubscribeStatus } from "../domain/privacy";
import type {
  ConfirmSubscriptionInput,
  ContactInput,
  FieldErrors,
  LeadInput,
  NewsletterInput,
} from "../domain/schemas";

// The narrow interface the UI calls. Adapters: ./http (default) and ./firebase.

export interface SubmitOptions {
  /** One UUID per submission attempt; a retry of the same attempt reuses it. */
  idempotencyKey: string;
}

export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; reason: "validation"; fields: FieldErrors }
  | { ok: false; reason: "rate-limited" | "network" | "server"; message: string };

export type UnsubscribeResult =
  | { ok: true; status: UnsubscribeStatus }
  | { ok: false; reason: "invalid-token" | "network" | "server"; message: string };

export type ConfirmSubscriptionResult =
  | { ok: true; status: ConfirmSubscriptionStatus }
  | { ok: false; reason: "invalid-token" | "expired-token" | "network" | "server"; message: string };

export interface PublicBackend {
  submitContact(input: ContactInput, options: SubmitOptions): Promise<SubmitResult>;
  submitLead(input: LeadInput, options: SubmitOptions): Promise<SubmitResult>;
  subscribe(input: NewsletterInput, options: SubmitOptions): Promise<SubmitResult>;
  /**
   * Acts on the token of an unsubscribe link. Optional: the token is checked with a server-side secret,
   * so only an adapter with a server (http) has it; the page says whom to write to otherwise.
   */
  unsubscribe?(token: string): Promise<UnsubscribeResult>;
  /** Acts on the token of a subscription's confirmation link; optional for the same reason. */
  confirmSubscription?(input: ConfirmSubscriptionInput): Promise<ConfirmSubscriptionResult>;
}
