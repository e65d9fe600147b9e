import { everyone, staff, type RouteCase } from "./route-case";

// The spam score's rows of the route table (api-routes.ts): the public render stamp, the staff's
// "Spam" / "Not spam" on a lead or contact (anyone who works records), and the blocklist (read by
// everyone who works records, changed by admins only: the "settings" capability).

export const SPAM_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/form-stamp",
    name: "a render stamp",
    request: () => ({ method: "GET", path: "/api/form-stamp" }),
    expected: everyone(200),
    stateChanging: false,
  },

  staff("POST", "/api/admin/leads/:id/spam", "a lead marked spam", (f) => `/api/admin/leads/${f.leadId}/spam`, 200, {
    verdict: "spam",
  }),
  staff(
    "POST",
    "/api/admin/contacts/:id/spam",
    "a contact marked spam",
    (f) => `/api/admin/contacts/${f.contactId}/spam`,
    200,
    { verdict: "spam" },
  ),
  staff(
    "POST",
    "/api/admin/contacts/:id/spam",
    "an unknown verdict",
    (f) => `/api/admin/contacts/${f.contactId}/spam`,
    400,
    { verdict: "ham" },
  ),
  staff("POST", "/api/admin/leads/:id/spam", "an unknown lead", () => "/api/admin/leads/no-such-id/spam", 404, {
    verdict: "spam",
  }),
  staff("POST", "/api/admin/leads/:id/spam", "an id with a NUL", () => "/api/admin/leads/a%00b/spam", 404, {
    verdict: "spam",
  }),

  staff("GET", "/api/admin/spam/blocklist", "the spam blocklist", () => "/api/admin/spam/blocklist", 200),
  staff("POST", "/api/admin/spam/blocklist", "a domain blocked", () => "/api/admin/spam/blocklist", 201, {
    entry: "spam.example",
  }),
  staff("POST", "/api/admin/spam/blocklist", "an entry that is no domain", () => "/api/admin/spam/blocklist", 400, {
    entry: "not a domain",
  }),
  // The fixture's blocklist holds blocked.example (route-case.ts seedWorkspaceRows).
  staff(
    "DELETE",
    "/api/admin/spam/blocklist/:entry",
    "an entry removed",
    () => "/api/admin/spam/blocklist/blocked.example",
    204,
  ),
  staff(
    "DELETE",
    "/api/admin/spam/blocklist/:entry",
    "an entry not on the list",
    () => "/api/admin/spam/blocklist/nothing.example",
    404,
  ),
  staff(
    "DELETE",
    "/api/admin/spam/blocklist/:entry",
    "an entry that is no domain",
    () => "/api/admin/spam/blocklist/not%20a%20domain",
    400,
  ),
];
