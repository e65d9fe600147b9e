import { randomUUID } from "node:crypto";
import type { Db } from "../../../server/db/store";
import { ADMIN_EMAIL } from "../../../server/test-support/admin";

// What a row of the route table (api-routes.ts) is: the request, the answer each sign-in state should
// get, whether it is a staff write; and the seeded rows the requests can name.

export const AUTH_STATES = ["anonymous", "admin", "expired", "loggedOut"] as const;
export type AuthState = (typeof AUTH_STATES)[number];

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
}

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
}

export const everyone = (status: number): Record<AuthState, number> => ({ anonymous: status, admin: status, expired: status, loggedOut: status });
export const staffOnly = (status: number): Record<AuthState, number> => ({ anonymous: 401, admin: status, expired: 401, loggedOut: 401 });

/** A staff route's case; `body` may be a function of the fixture (a bulk change names its ids). */
export const staff = (method: string, route: string, name: string, path: (f: Fixture) => string, status: number, body?: unknown): RouteCase => ({
  route: `${method} ${route}`,
  name,
  request: (f) => ({ method, path: path(f), ...(body !== undefined && { body: typeof body === "function" ? (body as (f: Fixture) => unknown)(f) : body }) }),
  expected: staffOnly(status),
  stateChanging: !["GET", "HEAD", "OPTIONS"].includes(method),
});

/** Fresh ids for the workspace rows of a fixture. */
export const workspaceIds = () => ({ noteId: randomUUID(), personId: randomUUID() });

/** The workspace rows a fixture names: the lead's note and the subject's person id. Seed the lead first. */
export async function seedWorkspaceRows(db: Db, fixture: Fixture): Promise<void> {
  await db
    .insertInto("notes")
    .values({ id: fixture.noteId, collection: "leads", recordId: fixture.leadId, email: fixture.subjectEmail, body: `Note ${fixture.canary}`, author: ADMIN_EMAIL, createdAt: "2025-03-01T09:55:00.000Z" })
    .execute();
  await db.insertInto("people").values({ id: fixture.personId, email: fixture.subjectEmail, createdAt: "2025-03-01T09:00:00.000Z" }).execute();
}
