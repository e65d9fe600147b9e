import type { PublicBackend } from "../port";
import { postSubmission } from "./request";
import { postConfirmSubscription } from "./confirm-subscription";
import { postUnsubscribe } from "./unsubscribe";

export const httpPublicBackend: PublicBackend = {
  submitContact: (input, { idempotencyKey }) => postSubmission("/api/contacts", input, idempotencyKey),
  submitLead: (input, { idempotencyKey }) => postSubmission("/api/leads", input, idempotencyKey),
  subscribe: (input, { idempotencyKey }) => postSubmission("/api/newsletter", input, idempotencyKey),
  unsubscribe: postUnsubscribe,
  confirmSubscription: postConfirmSubscription,
};
