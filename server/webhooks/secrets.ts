import { randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "../auth/secret-box";
import type { PrivacyKeys } from "../privacy/keys";

// Webhook signing secrets: 32 random bytes as Standard Webhooks writes them ("whsec_" and base64), shown
// to the admin once, kept sealed under a key derived from APP_SECRET with the endpoint's id as associated
// data (the same box as two-factor secrets), so a copied database holds no usable secret.

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export const sealWebhookSecret = (keys: PrivacyKeys, endpointId: string, secret: string) =>
  sealSecret(keys.webhookSecret, `webhook:${endpointId}`, secret);

export const openWebhookSecret = (keys: PrivacyKeys, endpointId: string, sealed: string) =>
  openSecret(keys.webhookSecret, `webhook:${endpointId}`, sealed);
