import { confirmationToken, unsubscribeToken, derivePrivacyKeys } from "../../../server/privacy/keys";
import {
  TEST_APP_SECRET,
  validContact,
  validDemo,
  validNewsletter,
  validSignup,
} from "../../../server/test-support/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../../server/test-support/admin";
import { everyone, staff, staffOnly, type RouteCase } from "./route-case";
import { WORKSPACE_ROUTE_CASES } from "./api-routes-workspace";
import { TEAM_ROUTE_CASES } from "./api-routes-team";
import { SPAM_ROUTE_CASES } from "./api-routes-spam";
import { WEBHOOK_ROUTE_CASES } from "./api-routes-webhooks";

// THE list of API routes with the answer each should give in each sign-in state. The access matrix
// (check 1), the CSRF check (check 7), the headers check (check 8) and the staff host allow-list check
// all read it, and a test compares it with the routes the app registers, so a new route cannot ship
// without its row here.

const unique = () => Math.random().toString(36).slice(2, 10);
const keys = derivePrivacyKeys(TEST_APP_SECRET);

const publicCase = (route: string, name: string, body: () => Record<string, unknown>, status: number): RouteCase => ({
  route: `POST ${route}`,
  name,
  request: () => ({ method: "POST", path: route, body: body(), headers: { "Content-Type": "application/json" } }),
  expected: everyone(status),
  stateChanging: false,
});

/** A public form as a browser without JavaScript posts it: form-encoded, from a page of this origin. */
const formCase = (route: string, name: string, fields: () => Record<string, unknown>, status: number): RouteCase => ({
  route: `POST ${route}`,
  name,
  request: () => {
    const body = new URLSearchParams(
      Object.entries(fields()).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ).toString();
    return {
      method: "POST",
      path: route,
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        Origin: "http://localhost",
      },
    };
  },
  expected: everyone(status),
  stateChanging: false,
  answersWithPage: true,
});

export const ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /healthz",
    name: "health",
    request: () => ({ method: "GET", path: "/healthz" }),
    expected: everyone(200),
    stateChanging: false,
  },
  {
    route: "GET /api/openapi.json",
    name: "the API description",
    request: () => ({ method: "GET", path: "/api/openapi.json" }),
    expected: everyone(200),
    stateChanging: false,
  },
  {
    route: "GET /api/docs",
    name: "the API reference page",
    request: () => ({ method: "GET", path: "/api/docs" }),
    expected: everyone(200),
    stateChanging: false,
  },

  publicCase("/api/contacts", "a valid contact", () => ({ ...validContact, email: `c.${unique()}@example.com` }), 201),
  publicCase("/api/contacts", "an invalid contact", () => ({ ...validContact, email: "nope" }), 400),
  publicCase("/api/leads", "a valid signup", () => ({ ...validSignup, email: `s.${unique()}@example.com` }), 201),
  publicCase("/api/leads", "a valid demo request", () => ({ ...validDemo, email: `d.${unique()}@example.com` }), 201),
  publicCase("/api/leads", "a lead with a forged status", () => ({ ...validSignup, status: "qualified" }), 400),
  publicCase(
    "/api/newsletter",
    "a valid subscription",
    () => ({ ...validNewsletter, email: `n.${unique()}@example.com` }),
    201,
  ),
  publicCase("/api/newsletter", "an invalid subscription", () => ({ email: "" }), 400),
  formCase(
    "/api/contacts",
    "a contact form posted without JavaScript",
    () => ({ form: "contact", ...validContact, email: `f.${unique()}@example.com` }),
    303,
  ),
  formCase(
    "/api/contacts",
    "a contact form posted without JavaScript, to correct",
    () => ({ form: "contact", ...validContact, email: "nope" }),
    400,
  ),
  formCase(
    "/api/leads",
    "a demo form posted without JavaScript",
    () => ({ form: "demo", ...validDemo, type: undefined, email: `g.${unique()}@example.com` }),
    303,
  ),
  formCase(
    "/api/newsletter",
    "a newsletter box posted without JavaScript",
    () => ({ form: "newsletter-card", email: `h.${unique()}@example.com` }),
    303,
  ),
  {
    // The answer must not name the subscriber's row (the leak check looks for its id).
    route: "POST /api/newsletter",
    name: "a subscription of an address already on the list",
    request: (f) => ({
      method: "POST",
      path: "/api/newsletter",
      body: { email: f.subjectEmail },
      headers: { "Content-Type": "application/json" },
    }),
    expected: everyone(201),
    stateChanging: false,
  },
  {
    route: "POST /api/newsletter/confirm",
    name: "the confirmation page's button",
    request: (f) => ({
      method: "POST",
      path: "/api/newsletter/confirm",
      body: { token: confirmationToken(keys, f.confirmationId) },
      headers: { "Content-Type": "application/json" },
    }),
    expected: everyone(200),
    stateChanging: false,
  },
  {
    route: "POST /api/newsletter/confirm",
    name: "the confirmation button with a forged token",
    request: (f) => ({
      method: "POST",
      path: "/api/newsletter/confirm",
      body: { token: `${f.confirmationId}.${"A".repeat(43)}` },
      headers: { "Content-Type": "application/json" },
    }),
    expected: everyone(400),
    stateChanging: false,
  },

  {
    route: "POST /unsubscribe",
    name: "a one-click unsubscribe (RFC 8058)",
    request: (f) => ({
      method: "POST",
      path: `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(keys, f.subscriberId))}`,
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    expected: everyone(200),
    stateChanging: false,
  },
  {
    route: "POST /unsubscribe",
    name: "a one-click unsubscribe with a forged token",
    request: (f) => ({
      method: "POST",
      path: `/unsubscribe?token=${encodeURIComponent(`${f.subscriberId}.${"A".repeat(43)}`)}`,
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    expected: everyone(400),
    stateChanging: false,
  },
  {
    route: "POST /api/unsubscribe",
    name: "the unsubscribe page's button",
    request: (f) => ({
      method: "POST",
      path: "/api/unsubscribe",
      body: { token: unsubscribeToken(keys, f.subscriberId) },
      headers: { "Content-Type": "application/json" },
    }),
    expected: everyone(200),
    stateChanging: false,
  },
  {
    route: "POST /api/unsubscribe",
    name: "the unsubscribe button with a forged token",
    request: () => ({
      method: "POST",
      path: "/api/unsubscribe",
      body: { token: "x.y" },
      headers: { "Content-Type": "application/json" },
    }),
    expected: everyone(400),
    stateChanging: false,
  },

  {
    route: "POST /api/auth/login",
    name: "the right password and a fresh code",
    request: () => ({
      method: "POST",
      path: "/api/auth/login",
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    }),
    expected: everyone(200),
    stateChanging: true,
    signsIn: true,
    code: "account",
  },
  {
    route: "POST /api/auth/login",
    name: "the right password without the code",
    request: () => ({
      method: "POST",
      path: "/api/auth/login",
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    }),
    expected: everyone(401),
    stateChanging: true,
  },
  {
    route: "POST /api/auth/login",
    name: "a wrong password",
    request: () => ({
      method: "POST",
      path: "/api/auth/login",
      body: { email: ADMIN_EMAIL, password: "not the password at all" },
    }),
    expected: everyone(401),
    stateChanging: true,
  },
  {
    route: "POST /api/auth/logout",
    name: "sign out",
    request: () => ({ method: "POST", path: "/api/auth/logout", body: {} }),
    expected: everyone(204),
    stateChanging: true,
  },
  {
    route: "GET /api/auth/session",
    name: "who is signed in",
    request: () => ({ method: "GET", path: "/api/auth/session" }),
    expected: staffOnly(200),
    stateChanging: false,
  },

  staff("GET", "/api/admin/stats", "the count cards", () => "/api/admin/stats", 200),
  staff(
    "GET",
    "/api/admin/insights",
    "the Insights tab's aggregates",
    () => "/api/admin/insights?from=2026-01-01&to=2026-01-31",
    200,
  ),
  staff("GET", "/api/admin/events", "the live stream", () => "/api/admin/events", 200),
  staff("GET", "/api/admin/export.csv", "the CSV export", () => "/api/admin/export.csv", 200),
  staff(
    "GET",
    "/api/admin/export.csv",
    "the CSV export with an unknown collection",
    () => "/api/admin/export.csv?collections=admins",
    400,
  ),
  staff("GET", "/api/admin/leads", "a page of leads", () => "/api/admin/leads?limit=5", 200),
  staff("GET", "/api/admin/leads", "a search of leads", (f) => `/api/admin/leads?q=${f.canary}`, 200),
  staff("GET", "/api/admin/leads", "a search with a NUL character", () => "/api/admin/leads?q=a%00b", 200),
  staff("GET", "/api/admin/leads", "a limit over 500", () => "/api/admin/leads?limit=501", 400),
  staff(
    "GET",
    "/api/admin/leads",
    "a forged cursor naming a NUL id",
    () =>
      `/api/admin/leads?cursor=${Buffer.from(JSON.stringify(["2025-01-01T00:00:00.000Z", "a\u0000"])).toString("base64url")}`,
    400,
  ),
  staff("GET", "/api/admin/contacts", "a page of contacts", () => "/api/admin/contacts", 200),
  staff("GET", "/api/admin/contacts", "a malformed cursor", () => "/api/admin/contacts?cursor=!!", 400),
  staff("GET", "/api/admin/newsletter", "a page of subscribers", () => "/api/admin/newsletter?status=subscribed", 200),
  staff(
    "GET",
    "/api/admin/newsletter",
    "a status newsletter does not have",
    () => "/api/admin/newsletter?status=qualified",
    400,
  ),
  staff("PATCH", "/api/admin/leads/:id", "a status change", (f) => `/api/admin/leads/${f.leadId}`, 200, {
    status: "qualified",
  }),
  staff("PATCH", "/api/admin/leads/:id", "a status leads do not have", (f) => `/api/admin/leads/${f.leadId}`, 400, {
    status: "subscribed",
  }),
  staff("PATCH", "/api/admin/leads/:id", "an unknown id", () => "/api/admin/leads/no-such-id", 404, {
    status: "closed",
  }),
  staff("PATCH", "/api/admin/contacts/:id", "a status change", (f) => `/api/admin/contacts/${f.contactId}`, 200, {
    status: "contacted",
  }),
  staff(
    "PATCH",
    "/api/admin/contacts/:id",
    "malformed JSON",
    (f) => `/api/admin/contacts/${f.contactId}`,
    400,
    "{not json",
  ),
  staff(
    "PATCH",
    "/api/admin/newsletter/:id",
    "an unsubscribe by staff",
    (f) => `/api/admin/newsletter/${f.subscriberId}`,
    200,
    { status: "unsubscribed" },
  ),
  staff("PATCH", "/api/admin/newsletter/:id", "an unknown id", () => "/api/admin/newsletter/nope", 404, {
    status: "unsubscribed",
  }),
  staff(
    "POST",
    "/api/admin/subjects/lookup",
    "a data-subject lookup",
    () => "/api/admin/subjects/lookup",
    200,
    (f: { subjectEmail: string }) => ({ email: f.subjectEmail }),
  ),
  staff("POST", "/api/admin/subjects/lookup", "a lookup without an email", () => "/api/admin/subjects/lookup", 400, {}),
  staff(
    "POST",
    "/api/admin/subjects/export",
    "a data-subject export",
    () => "/api/admin/subjects/export",
    200,
    (f: { subjectEmail: string }) => ({ email: f.subjectEmail }),
  ),
  staff(
    "POST",
    "/api/admin/subjects/export",
    "an export of a malformed address",
    () => "/api/admin/subjects/export",
    400,
    { email: "nope" },
  ),
  staff(
    "POST",
    "/api/admin/subjects/erase",
    "an erasure",
    () => "/api/admin/subjects/erase",
    200,
    (f: { subjectEmail: string }) => ({ email: f.subjectEmail }),
  ),
  staff("POST", "/api/admin/subjects/erase", "an erasure without an email", () => "/api/admin/subjects/erase", 400, {}),
  staff("GET", "/api/admin/audit", "the audit log", () => "/api/admin/audit", 200),
  staff("GET", "/api/admin/audit", "a malformed audit cursor", () => "/api/admin/audit?cursor=x", 400),
  staff("GET", "/api/admin/outbox", "failing emails", () => "/api/admin/outbox", 200),
  staff("POST", "/api/admin/outbox/retry", "a retry of failed emails", () => "/api/admin/outbox/retry", 200, {}),
  ...WORKSPACE_ROUTE_CASES,
  ...TEAM_ROUTE_CASES,
  ...SPAM_ROUTE_CASES,
  ...WEBHOOK_ROUTE_CASES,

  // Not routes: what the fallbacks answer.
  {
    ...staff("GET", "(no route)", "an unknown staff path", () => "/api/admin/no-such-route", 404),
    route: "(no route)",
  },
  {
    route: "(no route)",
    name: "an unknown API path",
    request: () => ({ method: "GET", path: "/api/no-such-route" }),
    expected: everyone(404),
    stateChanging: false,
  },
  {
    route: "(no route)",
    name: "a GET of a form route",
    request: () => ({ method: "GET", path: "/api/leads" }),
    expected: everyone(404),
    stateChanging: false,
  },
];
