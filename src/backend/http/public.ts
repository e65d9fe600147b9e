import type { PublicBackend } from "../port";
import { postSubmission } from "./request";

export const httpPublicBackend: PublicBackend = {
  submitContact: (input, { idempotencyKey }) => postSubmission("/api/contacts", input, idempotencyKey),
  submitLead: (input, { idempotencyKey }) => postSubmission("/api/leads", input, idempotencyKey),
  subscribe: (input, { idempotencyKey }) => postSubmission("/api/newsletter", input, idempotencyKey),
};
