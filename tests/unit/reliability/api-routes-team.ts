import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../../server/test-support/admin";
import { everyone, SALES_EMAIL, staff, staffOnly, type RouteCase } from "./route-case";

// The staff team's rows of the route table (api-routes.ts): the Team tab, invitations, password reset
// and two-factor. Each route has a case a signed-in account gets through with a 2xx and, where it takes
// input, one it refuses; the sales column shows what a rep may do.

const sales = encodeURIComponent(SALES_EMAIL);
const NEW_PASSWORD = "a brand new passphrase";

const publicAuth = (
  route: string,
  name: string,
  body: (f: Parameters<RouteCase["request"]>[0]) => unknown,
  status: number,
): RouteCase => ({
  route: `POST ${route}`,
  name,
  request: (f) => ({ method: "POST", path: route, body: body(f) }),
  expected: everyone(status),
  stateChanging: true,
});

const ownTwoFactor = (
  route: string,
  name: string,
  status: number,
  { salesStatus = status, code, body = {} }: { salesStatus?: number; code?: RouteCase["code"]; body?: object } = {},
): RouteCase => ({
  route: `POST ${route}`,
  name,
  request: () => ({ method: "POST", path: route, body }),
  expected: staffOnly(status, salesStatus),
  stateChanging: true,
  ...(code && { code }),
});

export const TEAM_ROUTE_CASES: RouteCase[] = [
  publicAuth("/api/auth/password-reset", "a reset link for an account", () => ({ email: ADMIN_EMAIL }), 202),
  publicAuth(
    "/api/auth/password-reset",
    "a reset link for an address with no account",
    () => ({ email: "nobody@erf.co.za" }),
    202,
  ),
  publicAuth("/api/auth/password-reset", "a malformed address", () => ({ email: "not an address" }), 400),
  publicAuth(
    "/api/auth/password-reset/confirm",
    "a new password with the emailed link",
    (f) => ({ token: f.resetToken, password: NEW_PASSWORD }),
    204,
  ),
  publicAuth(
    "/api/auth/password-reset/confirm",
    "a made-up link",
    () => ({ token: "made-up-token", password: NEW_PASSWORD }),
    400,
  ),
  publicAuth(
    "/api/auth/password-reset/confirm",
    "a password under 12 characters",
    (f) => ({ token: f.resetToken, password: "too short" }),
    400,
  ),
  publicAuth(
    "/api/auth/invitations/accept",
    "an invitation accepted",
    (f) => ({ token: f.invitationToken, name: "New Rep", password: NEW_PASSWORD }),
    201,
  ),
  publicAuth(
    "/api/auth/invitations/accept",
    "a made-up invitation",
    () => ({ token: "made-up-token", name: "New Rep", password: NEW_PASSWORD }),
    400,
  ),
  publicAuth(
    "/api/auth/invitations/accept",
    "an invitation without a name",
    (f) => ({ token: f.invitationToken, password: NEW_PASSWORD }),
    400,
  ),

  // Both fixture accounts have two-factor on: a change proves the person, password and a current code (decision 0043).
  ownTwoFactor("/api/auth/2fa/setup", "a new secret to scan, with the password and a current code", 200, {
    code: "account",
    body: { password: ADMIN_PASSWORD },
  }),
  ownTwoFactor("/api/auth/2fa/setup", "a new secret with the password but no current code", 400, {
    body: { password: ADMIN_PASSWORD },
  }),
  ownTwoFactor("/api/auth/2fa/setup", "a new secret with a current code but a wrong password", 400, {
    code: "account",
    body: { password: "not the password" },
  }),
  ownTwoFactor("/api/auth/2fa/setup", "a new secret with neither", 400),
  ownTwoFactor("/api/auth/2fa/enable", "the pending secret confirmed with its code and the password", 200, {
    code: "pending",
    body: { password: ADMIN_PASSWORD },
  }),
  ownTwoFactor("/api/auth/2fa/enable", "the pending secret's code without the password", 400, { code: "pending" }),
  ownTwoFactor("/api/auth/2fa/enable", "a wrong code", 400, { body: { code: "000000", password: ADMIN_PASSWORD } }),
  // Admins must keep two-factor; a sales rep may turn theirs off with a code and the password.
  ownTwoFactor("/api/auth/2fa/disable", "two-factor off with a code and the password", 409, {
    salesStatus: 204,
    code: "account",
    body: { password: ADMIN_PASSWORD },
  }),
  ownTwoFactor("/api/auth/2fa/disable", "two-factor off with a code but no password", 400, {
    salesStatus: 400,
    code: "account",
  }),
  ownTwoFactor("/api/auth/2fa/disable", "a request without a code", 400, {
    salesStatus: 400,
    body: { password: ADMIN_PASSWORD },
  }),

  staff(
    "POST",
    "/api/admin/staff/invitations",
    "an invitation of a sales rep",
    () => "/api/admin/staff/invitations",
    201,
    { email: "invited@erf.co.za", role: "sales" },
  ),
  staff(
    "POST",
    "/api/admin/staff/invitations",
    "an invitation with an unknown role",
    () => "/api/admin/staff/invitations",
    400,
    { email: "invited@erf.co.za", role: "owner" },
  ),
  staff(
    "POST",
    "/api/admin/staff/invitations",
    "an invitation of an existing account",
    () => "/api/admin/staff/invitations",
    409,
    { email: SALES_EMAIL, role: "admin" },
  ),
  staff("PATCH", "/api/admin/staff/:email", "a rep's own availability", () => `/api/admin/staff/${sales}`, 200, {
    available: false,
  }),
  staff(
    "PATCH",
    "/api/admin/staff/:email",
    "a rep made an admin",
    () => `/api/admin/staff/${sales}`,
    200,
    { role: "admin" },
    403,
  ),
  staff(
    "PATCH",
    "/api/admin/staff/:email",
    "a rep disabled",
    () => `/api/admin/staff/${sales}`,
    200,
    { disabled: true },
    403,
  ),
  staff(
    "PATCH",
    "/api/admin/staff/:email",
    "the last admin demoted",
    () => `/api/admin/staff/${encodeURIComponent(ADMIN_EMAIL)}`,
    409,
    { role: "sales" },
    403,
  ),
  staff("PATCH", "/api/admin/staff/:email", "an unknown field", () => `/api/admin/staff/${sales}`, 400, {
    owner: true,
  }),
  staff(
    "POST",
    "/api/admin/staff/:email/two-factor/reset",
    "a rep's two-factor reset",
    () => `/api/admin/staff/${sales}/two-factor/reset`,
    200,
    {},
  ),
  staff(
    "POST",
    "/api/admin/staff/:email/two-factor/reset",
    "an unknown account",
    () => "/api/admin/staff/nobody%40erf.co.za/two-factor/reset",
    404,
    {},
  ),
  // One's own second factor is changed on the account page, with the password and a code: never reset here.
  staff(
    "POST",
    "/api/admin/staff/:email/two-factor/reset",
    "the caller's own two-factor",
    () => `/api/admin/staff/${encodeURIComponent(ADMIN_EMAIL)}/two-factor/reset`,
    409,
    {},
  ),
];
