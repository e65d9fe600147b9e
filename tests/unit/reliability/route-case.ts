import { randomUUID } from "node:crypto";
import type { TokenScope } from "../../../src/domain/api-tokens";
import { can, type Capability } from "../../../src/domain/staff";
import { sealSecret } from "../../../server/auth/secret-box";
import { hashLinkToken } from "../../../server/auth/staff-links";
import type { Db } from "../../../server/db/store";
import { derivePrivacyKeys } from "../../../server/privacy/keys";
import { ADMIN_EMAIL, seedSales, totpFor } from "../../../server/test-support/admin";
import { TEST_APP_SECRET } from "../../../server/test-support/secrets";
import { appClocks, forgetTotpSteps, nextTotpCode } from "../../../server/test-support/totp";
import type { App } from "../../../server/app";

// What a row of the route table (api-routes.ts) is: the request, the answer each sign-in state should
// get, whether it is a staff write; and the seeded rows the requests can name.

/** Signed out three ways, and signed in as each role. */
export const AUTH_STATES = ["anonymous", "admin", "sales", "expired", "loggedOut"] as const;
export type AuthState = (typeof AUTH_STATES)[number];
export const SIGNED_OUT: readonly Caller[] = ["anonymous", "expired", "loggedOut"];

/** The sales account of every fixture: two-factor on, so it can also turn it off. */
export const SALES_EMAIL = "thandi@erf.co.za";
/** The secret both fixture accounts have pending (as after POST /api/auth/2fa/setup). */
export const PENDING_TOTP_SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

/** Seeded rows the requests can name. */
export interface Fixture {
  leadId: string;
  contactId: string;
  subscriberId: string;
  /** An open newsletter confirmation of the subject's address (its emailed link names it). */
  confirmationId: string;
  /** Appears in every personal field of the seeded records: must never reach a non-admin answer. */
  canary: string;
  subjectEmail: string;
  /** A note on the lead, by the seeded staff account, 5 minutes before the manual clock's start: its author may still delete it. */
  noteId: string;
  /** The subject's person id (the record panel's link to their timeline). */
  personId: string;
  /** The token of an open invitation (of INVITEE_EMAIL, as a sales rep). */
  invitationToken: string;
  /** The token of an open password-reset link of the sales account. */
  resetToken: string;
  /** A webhook endpoint, with one delivery of the lead's creation and one attempt in its log. */
  webhookId: string;
  webhookAttemptId: string;
  /** An API token (its row; the token itself is never needed here). */
  apiTokenId: string;
}

export const INVITEE_EMAIL = "new.rep@erf.co.za";

/**
 * API tokens as callers (decision 0044), each with its scopes and its creator's account as it is now: an
 * admin; a demoted admin (now a sales rep); disabled; gone. They run on the staff routes (/api/admin)
 * only: elsewhere a bearer is not read, and the request is anonymous.
 */
export const TOKEN_CALLERS = {
  token: { scopes: ["records:read", "records:write", "export"], creator: "admin" },
  readToken: { scopes: ["records:read"], creator: "admin" },
  demotedToken: { scopes: ["records:read", "records:write", "export"], creator: "sales" },
  disabledToken: { scopes: ["records:read", "records:write", "export"], creator: "disabled" },
  deletedToken: { scopes: ["records:read", "records:write", "export"], creator: "deleted" },
} as const satisfies Record<
  string,
  { scopes: readonly TokenScope[]; creator: "admin" | "sales" | "disabled" | "deleted" }
>;
export type TokenState = keyof typeof TOKEN_CALLERS;
export const TOKEN_STATES = Object.keys(TOKEN_CALLERS) as TokenState[];
/** Every kind of caller the matrix runs: the sign-in states and the tokens. */
export type Caller = AuthState | TokenState;
export const isTokenState = (state: Caller): state is TokenState => state in TOKEN_CALLERS;
/** The account that made the callers' tokens (absent for deletedToken). */
export const TOKEN_CREATOR_EMAIL = "integrations@erf.co.za";

/**
 * The scope a token needs on a staff route, written out here apart from the server's (auth/api-tokens.ts);
 * null where no scope lets a token in.
 */
export function tokenScopeOf(method: string, route: string): TokenScope | null {
  if (route === "/api/admin/export.csv") return method === "GET" ? "export" : null;
  const match = /^\/api\/admin\/(?:leads|contacts|newsletter)(?:\/(:id|count|bulk))?$/.exec(route);
  if (!match) return null;
  const tail = match[1];
  if (method === "GET" && tail !== "bulk") return "records:read";
  if ((method === "PATCH" && tail === ":id") || (method === "POST" && tail === "bulk")) return "records:write";
  return null;
}

/**
 * What a token caller gets: 401 while its creator is disabled or gone; 403 where no scope of it lets it
 * in, where its creator's role no longer has the scope (a sales rep does not have export: decision 0044)
 * or where the answer would embed a view tokens are refused on its own route; else what the route gives
 * a sales rep (a token is seen as one, records only).
 */
export function tokenExpected(routeCase: RouteCase, state: TokenState): number {
  const { scopes, creator } = TOKEN_CALLERS[state];
  if (creator === "disabled" || creator === "deleted") return 401;
  const [method = "", route = ""] = routeCase.route.split(" ");
  const scope = tokenScopeOf(method, route);
  if (!scope || routeCase.embeds) return 403;
  if (!(scopes as readonly TokenScope[]).includes(scope)) return 403;
  if (creator === "sales" && scope === "export") return 403;
  return routeCase.expected.sales;
}

/** What a caller should get for a case: the table's answer for a sign-in state, tokenExpected for a token. */
export const expectedFor = (routeCase: RouteCase, state: Caller): number =>
  isTokenState(state) ? tokenExpected(routeCase, state) : routeCase.expected[state];

/**
 * Views of the data that some routes embed in their answer, each with the case of its own route that
 * reads it and what in an answer shows it (the seeded note, a timeline). A caller refused the view's own
 * route must not find it embedded anywhere.
 */
export const EMBEDDED_VIEWS = {
  person: { route: "GET /api/admin/people/:personId", shows: (f: Fixture) => [f.noteId, '"timeline"'] },
} as const;

export interface ApiRequest {
  method: string;
  path: string;
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteCase {
  /** The route as the app registers it: "METHOD /path/:param". */
  route: string;
  /** What this request is (a route can have several cases: valid, invalid...). */
  name: string;
  request: (fixture: Fixture) => ApiRequest;
  expected: Record<AuthState, number>;
  /** A staff write: must be same-origin JSON (CSRF, check 7). */
  stateChanging: boolean;
  /** The answer itself signs someone in (its own body names the admin). */
  signsIn?: boolean;
  /**
   * The body gains `code`, a fresh TOTP code of the account the request is made as (the admin when
   * signed out): from its own secret, or from the secret it has pending set-up.
   */
  code?: "account" | "pending";
  /**
   * A public form posted by a browser without JavaScript: answered for a person, with a page (the form
   * again, with its errors) or a redirect, not JSON (decision 0027).
   */
  answersWithPage?: boolean;
  /** The answer embeds this view (EMBEDDED_VIEWS), which has a route of its own: it needs the same right. */
  embeds?: keyof typeof EMBEDDED_VIEWS;
}

export const everyone = (status: number): Record<AuthState, number> => ({
  anonymous: status,
  admin: status,
  sales: status,
  expired: status,
  loggedOut: status,
});
/** A signed-in route that every role may use. */
export const staffOnly = (status: number, sales = status): Record<AuthState, number> => ({
  anonymous: 401,
  admin: status,
  sales,
  expired: 401,
  loggedOut: 401,
});

/**
 * The capability a staff route needs, written out here apart from the server's guards, so the matrix
 * checks them rather than repeating them.
 */
export function capabilityOf(method: string, route: string): Capability {
  if (/^\/api\/admin\/(subjects|outbox)(\/|$)/.test(route)) return "privacy";
  if (/^\/api\/admin\/audit(\/|$)/.test(route)) return "audit";
  if (method === "PUT" && route === "/api/admin/settings") return "settings";
  if (method !== "GET" && route.startsWith("/api/admin/spam/blocklist")) return "settings";
  if (route === "/api/admin/staff/invitations" || route === "/api/admin/staff/:email/two-factor/reset") return "staff";
  if (/^\/api\/admin\/(webhooks|webhook-deliveries|tokens)(\/|$)/.test(route)) return "settings";
  return "records";
}

/**
 * A staff route's case; `body` may be a function of the fixture (a bulk change names its ids). A sales
 * account gets the same answer when its role has the route's capability, 403 otherwise, unless `sales`
 * says what it gets instead.
 */
export const staff = (
  method: string,
  route: string,
  name: string,
  path: (f: Fixture) => string,
  status: number,
  body?: unknown,
  sales?: number,
): RouteCase => ({
  route: `${method} ${route}`,
  name,
  request: (f) => ({
    method,
    path: path(f),
    ...(body !== undefined && { body: typeof body === "function" ? (body as (f: Fixture) => unknown)(f) : body }),
  }),
  expected: staffOnly(status, sales ?? (can("sales", capabilityOf(method, route)) ? status : 403)),
  stateChanging: !["GET", "HEAD", "OPTIONS"].includes(method),
});

/** Fresh ids and tokens for the workspace and team rows of a fixture. */
export const workspaceIds = () => ({
  noteId: randomUUID(),
  personId: randomUUID(),
  invitationToken: randomUUID(),
  resetToken: randomUUID(),
  webhookId: randomUUID(),
  webhookAttemptId: randomUUID(),
  apiTokenId: randomUUID(),
});

/** The workspace rows a fixture names: the lead's note and the subject's person id. Seed the lead first. */
export async function seedWorkspaceRows(db: Db, fixture: Fixture): Promise<void> {
  await db
    .insertInto("notes")
    .values({
      id: fixture.noteId,
      collection: "leads",
      recordId: fixture.leadId,
      email: fixture.subjectEmail,
      body: `Note ${fixture.canary}`,
      author: ADMIN_EMAIL,
      createdAt: "2025-03-01T09:55:00.000Z",
    })
    .execute();
  await db
    .insertInto("people")
    .values({ id: fixture.personId, email: fixture.subjectEmail, createdAt: "2025-03-01T09:00:00.000Z" })
    .execute();
  await db
    .insertInto("spamBlocklist")
    .values({ entry: "blocked.example", kind: "domain", addedBy: ADMIN_EMAIL, createdAt: "2025-03-01T09:00:00.000Z" })
    .execute();
  await seedWebhookRows(db, fixture);
  await db
    .insertInto("apiTokens")
    .values({
      id: fixture.apiTokenId,
      name: "Fixture",
      tokenHash: `hash-${fixture.apiTokenId}`,
      scopes: '["records:read"]',
      createdBy: ADMIN_EMAIL,
      createdAt: "2025-03-01T09:00:00.000Z",
      lastUsedAt: null,
      expiresAt: null,
    })
    .execute();
  await seedTeamRows(db, fixture);
}

const keys = derivePrivacyKeys(TEST_APP_SECRET);

/** An endpoint that wants lead.created, a delivery of the lead's creation to it, and its one attempt (a 500). */
async function seedWebhookRows(db: Db, fixture: Fixture): Promise<void> {
  const at = "2025-03-01T09:30:00.000Z";
  const secret = sealSecret(
    keys.webhookSecret,
    `webhook:${fixture.webhookId}`,
    "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  );
  await db
    .insertInto("webhookEndpoints")
    .values({
      id: fixture.webhookId,
      url: "https://93.184.216.34/erf",
      events: '["lead.created"]',
      secret,
      previousSecret: null,
      previousSecretUntil: null,
      disabled: 0,
      disabledReason: null,
      failingSince: null,
      createdBy: ADMIN_EMAIL,
      createdAt: at,
    })
    .execute();
  const deliveryId = `msg_${fixture.webhookAttemptId}`;
  const payload = JSON.stringify({
    type: "lead.created",
    timestamp: at,
    data: { id: fixture.leadId, email: fixture.subjectEmail },
  });
  await db
    .insertInto("webhookDeliveries")
    .values({
      id: deliveryId,
      endpointId: fixture.webhookId,
      type: "lead.created",
      subjectEmail: fixture.subjectEmail,
      payload,
      state: "failed",
      attempts: 1,
      nextAttemptAt: null,
      lockedUntil: null,
      createdAt: at,
    })
    .execute();
  await db
    .insertInto("webhookAttempts")
    .values({
      id: fixture.webhookAttemptId,
      deliveryId,
      endpointId: fixture.webhookId,
      type: "lead.created",
      status: 500,
      durationMs: 12,
      error: "Answered 500",
      at,
    })
    .execute();
}

/**
 * The team rows a fixture names: the sales account, a set-up pending for both accounts, an open
 * invitation and an open reset link. Seed the admin first.
 */
async function seedTeamRows(db: Db, fixture: Fixture): Promise<void> {
  await seedSales(db, SALES_EMAIL, { twoFactor: true });
  const accounts = await db.selectFrom("admins").select(["id", "email"]).execute();
  for (const { id, email } of accounts) {
    forgetTotpSteps(`pending:${email}`);
    await db
      .updateTable("admins")
      .set({ totpPendingSecret: sealSecret(keys.twoFactorSecret, id, PENDING_TOTP_SECRET) })
      .where("id", "=", id)
      .execute();
  }
  const sales = accounts.find((account) => account.email === SALES_EMAIL)!;
  const open = { createdAt: "2025-03-01T09:00:00.000Z", expiresAt: "2025-03-10T00:00:00.000Z" };
  await db
    .insertInto("staffInvitations")
    .values({
      id: randomUUID(),
      tokenHash: hashLinkToken(fixture.invitationToken),
      email: INVITEE_EMAIL,
      role: "sales",
      invitedBy: ADMIN_EMAIL,
      ...open,
      acceptedAt: null,
    })
    .execute();
  await db
    .insertInto("passwordResets")
    .values({
      id: randomUUID(),
      tokenHash: hashLinkToken(fixture.resetToken),
      adminId: sales.id,
      ...open,
      usedAt: null,
    })
    .execute();
}

/** The account a state signs in as (the admin's codes for the signed-out states). */
export const accountOf = (state: AuthState) => (state === "sales" ? SALES_EMAIL : ADMIN_EMAIL);

/** The case's request as `email` sends it on `app`: with a fresh code in the body when the case asks for one. */
export async function requestFor(routeCase: RouteCase, fixture: Fixture, app: App, email: string): Promise<ApiRequest> {
  const request = routeCase.request(fixture);
  if (!routeCase.code) return request;
  const code =
    routeCase.code === "account"
      ? await totpFor(app, email)
      : await nextTotpCode(`pending:${email}`, {
          secret: PENDING_TOTP_SECRET,
          ...(appClocks.get(app) && { clock: appClocks.get(app) }),
        });
  return { ...request, body: { ...(request.body as object), code } };
}
