import { staff, type RouteCase } from "./route-case";

// The webhooks' and API tokens' rows of the route table (api-routes.ts): admins only (the "settings" capability). The
// fixture holds an endpoint with one delivery and one attempt in its log (route-case.ts seedWebhookRows).
// A new endpoint's URL is a literal public address, so saving it resolves no name.

export const WEBHOOK_ROUTE_CASES: RouteCase[] = [
  staff("GET", "/api/admin/webhooks", "the webhook endpoints", () => "/api/admin/webhooks", 200),
  staff("POST", "/api/admin/webhooks", "an endpoint added", () => "/api/admin/webhooks", 201, {
    url: "https://93.184.216.34/hooks",
    events: ["lead.created", "note.created"],
  }),
  staff("POST", "/api/admin/webhooks", "an endpoint on a loopback address", () => "/api/admin/webhooks", 400, {
    url: "https://127.0.0.1/hooks",
    events: ["lead.created"],
  }),
  staff("POST", "/api/admin/webhooks", "an endpoint with an unknown event", () => "/api/admin/webhooks", 400, {
    url: "https://93.184.216.34/hooks",
    events: ["lead.deleted"],
  }),
  staff("PATCH", "/api/admin/webhooks/:id", "an endpoint disabled", (f) => `/api/admin/webhooks/${f.webhookId}`, 200, {
    disabled: true,
  }),
  staff("PATCH", "/api/admin/webhooks/:id", "an unknown endpoint", () => "/api/admin/webhooks/no-such-id", 404, {
    disabled: true,
  }),
  staff("PATCH", "/api/admin/webhooks/:id", "an empty change", (f) => `/api/admin/webhooks/${f.webhookId}`, 400, {}),
  staff(
    "POST",
    "/api/admin/webhooks/:id/rotate",
    "a secret rotated",
    (f) => `/api/admin/webhooks/${f.webhookId}/rotate`,
    200,
    {},
  ),
  staff(
    "POST",
    "/api/admin/webhooks/:id/rotate",
    "an unknown endpoint's secret",
    () => "/api/admin/webhooks/no-such-id/rotate",
    404,
    {},
  ),
  staff("DELETE", "/api/admin/webhooks/:id", "an endpoint deleted", (f) => `/api/admin/webhooks/${f.webhookId}`, 204),
  staff("DELETE", "/api/admin/webhooks/:id", "an unknown endpoint", () => "/api/admin/webhooks/no-such-id", 404),
  staff(
    "GET",
    "/api/admin/webhooks/:id/deliveries",
    "an endpoint's delivery log",
    (f) => `/api/admin/webhooks/${f.webhookId}/deliveries`,
    200,
  ),
  staff(
    "GET",
    "/api/admin/webhooks/:id/deliveries",
    "an unknown endpoint's log",
    () => "/api/admin/webhooks/a%00b/deliveries",
    404,
  ),
  staff(
    "POST",
    "/api/admin/webhook-deliveries/:id/resend",
    "a delivery resent",
    (f) => `/api/admin/webhook-deliveries/${f.webhookAttemptId}/resend`,
    202,
    {},
  ),
  staff(
    "POST",
    "/api/admin/webhook-deliveries/:id/resend",
    "an unknown attempt",
    () => "/api/admin/webhook-deliveries/no-such-id/resend",
    404,
    {},
  ),

  staff("GET", "/api/admin/tokens", "the API tokens", () => "/api/admin/tokens", 200),
  staff("POST", "/api/admin/tokens", "a token created", () => "/api/admin/tokens", 201, {
    name: "CRM sync",
    scopes: ["records:read"],
  }),
  staff("POST", "/api/admin/tokens", "a token with an unknown scope", () => "/api/admin/tokens", 400, {
    name: "CRM sync",
    scopes: ["admin"],
  }),
  staff("DELETE", "/api/admin/tokens/:id", "a token revoked", (f) => `/api/admin/tokens/${f.apiTokenId}`, 204),
  staff("DELETE", "/api/admin/tokens/:id", "an unknown token", () => "/api/admin/tokens/no-such-id", 404),
];
