import { randomBytes, randomUUID } from "node:crypto";
import { hashApiToken, newApiToken } from "../../../server/auth/api-tokens";
import type { Db } from "../../../server/db/store";
import { clearTables } from "../../../server/test-support/databases";
import { manualClock, testApp, testConfig } from "../../../server/test-support/app";
import { ADMIN_PASSWORD, seedAdmin, send, signIn } from "../../../server/test-support/admin";
import { seedContact, seedLead, seedSubscriber } from "../../../server/test-support/records";
import {
  accountOf,
  AUTH_STATES,
  expectedFor,
  isTokenState,
  requestFor,
  SALES_EMAIL,
  seedWorkspaceRows,
  TOKEN_CALLERS,
  TOKEN_CREATOR_EMAIL,
  workspaceIds,
  type AuthState,
  type Caller,
  type Fixture,
  type RouteCase,
  type TokenState,
} from "./route-case";

// Runs every route case in every sign-in state (and, asked for, every staff route case as each kind of
// API token) against a freshly seeded database and keeps each answer (status, headers, body) for the
// checks to judge. Reads in a state share one seeded world; every other case gets a world of its own.

const HOUR = 60 * 60 * 1000;
type App = ReturnType<typeof testApp>;

export interface MatrixAnswer {
  routeCase: RouteCase;
  state: Caller;
  fixture: Fixture;
  status: number;
  headers: Headers;
  body: string;
}

async function seedFixture(db: Db): Promise<Fixture> {
  // Lower-case hex: survives the email field's lower-casing, so a search for it finds every copy.
  const canary = `cnry${randomBytes(6).toString("hex")}`;
  const subjectEmail = `${canary}@leak.example`;
  const fixture: Fixture = {
    leadId: randomUUID(),
    contactId: randomUUID(),
    subscriberId: randomUUID(),
    confirmationId: randomUUID(),
    canary,
    subjectEmail,
    ...workspaceIds(),
  };
  const createdAt = "2025-03-01T09:00:00.000Z";
  await seedLead(
    db,
    fixture.leadId,
    createdAt,
    { firstName: `Lead ${canary}`, email: subjectEmail, companyName: `${canary} Estates` },
    "demo",
  );
  await seedContact(db, fixture.contactId, createdAt, {
    firstName: `Contact ${canary}`,
    email: subjectEmail,
    message: `Private note ${canary}`,
  });
  await seedSubscriber(db, fixture.subscriberId, createdAt, subjectEmail);
  await seedWorkspaceRows(db, fixture);
  // Open until long after the manual clock's start (2025-03-01T10:00Z).
  await db
    .insertInto("newsletterConfirmations")
    .values({
      id: fixture.confirmationId,
      email: subjectEmail,
      botCheck: "skipped",
      createdAt,
      expiresAt: "2025-03-10T00:00:00.000Z",
      confirmedAt: null,
    })
    .execute();
  return fixture;
}

/** The session cookie a client in this state presents (null: none). */
async function cookieFor(state: AuthState, app: App, time: ReturnType<typeof manualClock>): Promise<string | null> {
  if (state === "anonymous") return null;
  const cookie = await signIn(app, state === "sales" ? SALES_EMAIL : undefined);
  if (state === "expired") time.advance(12 * HOUR + 1_000);
  if (state === "loggedOut") {
    const response = await send(app, "POST", "/api/auth/logout", { body: {}, cookie });
    if (response.status !== 204) throw new Error(`logout answered ${response.status}`);
  }
  return cookie;
}

/** An event stream never ends: its first frames are enough, then it is cancelled. */
async function readBody(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) return response.text();
  const reader = response.body.getReader();
  const first = await Promise.race([
    reader.read(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
  ]);
  await reader.cancel().catch(() => undefined);
  return first && !first.done ? new TextDecoder().decode(first.value) : "";
}

/** A freshly emptied and seeded database, in one transaction: one commit to sync instead of one per table emptied and row seeded. */
async function freshWorld(db: Db): Promise<Fixture> {
  return db.transaction().execute(async (trx) => {
    await clearTables(trx);
    await seedAdmin(trx);
    return seedFixture(trx);
  });
}

/** A seeded world with a client in one sign-in state on it (a cookie), or one token's (a bearer). */
interface World {
  fixture: Fixture;
  app: App;
  cookie: string | null;
  bearer: string | null;
  shutdown: AbortController;
}

/** The caller's token, made by TOKEN_CREATOR_EMAIL, whose account is then as the caller says. */
async function tokenFor(db: Db, state: TokenState): Promise<string> {
  const { scopes, creator } = TOKEN_CALLERS[state];
  if (creator !== "deleted") {
    const account = await seedAdmin(db, TOKEN_CREATOR_EMAIL, ADMIN_PASSWORD, undefined, {
      role: creator === "sales" ? "sales" : "admin",
    });
    if (creator === "disabled")
      await db
        .updateTable("admins")
        .set({ disabledAt: "2025-03-01T09:00:00.000Z" })
        .where("id", "=", account.id)
        .execute();
  }
  const token = newApiToken();
  await db
    .insertInto("apiTokens")
    .values({
      id: randomUUID(),
      name: `Matrix ${state}`,
      tokenHash: hashApiToken(token),
      scopes: JSON.stringify(scopes),
      createdBy: TOKEN_CREATOR_EMAIL,
      createdAt: "2025-03-01T09:00:00.000Z",
      lastUsedAt: null,
      expiresAt: null,
    })
    .execute();
  return token;
}

async function openWorld(db: Db, state: Caller): Promise<World> {
  const fixture = await freshWorld(db);
  const time = manualClock();
  const shutdown = new AbortController();
  // SMTP set (nothing listens there; no sender runs): invitations are emails, refused without it.
  const app = testApp(db, {
    clock: time.clock,
    shutdownSignal: shutdown.signal,
    config: testConfig({ smtpUrl: "smtp://127.0.0.1:1" }),
  });
  try {
    if (isTokenState(state)) return { fixture, app, cookie: null, bearer: await tokenFor(db, state), shutdown };
    return { fixture, app, cookie: await cookieFor(state, app, time), bearer: null, shutdown };
  } catch (error) {
    shutdown.abort();
    throw error;
  }
}

async function ask(
  { fixture, app, cookie, bearer }: World,
  routeCase: RouteCase,
  state: Caller,
): Promise<MatrixAnswer> {
  const { method, path, body, headers } = await requestFor(
    routeCase,
    fixture,
    app,
    isTokenState(state) ? accountOf("anonymous") : accountOf(state),
  );
  const response = await send(app, method, path, {
    body,
    cookie,
    headers: { ...headers, ...(bearer && { Authorization: `Bearer ${bearer}` }) },
  });
  return {
    routeCase,
    state,
    fixture,
    status: response.status,
    headers: response.headers,
    body: await readBody(response),
  };
}

/** The case alone in a world of its own: emptied, seeded and signed in again. */
export async function answer(db: Db, routeCase: RouteCase, state: Caller): Promise<MatrixAnswer> {
  const world = await openWorld(db, state);
  try {
    return await ask(world, routeCase, state);
  } finally {
    world.shutdown.abort();
  }
}

/**
 * Reads (GET and HEAD: nothing a later request could see changes) share their state's world. Not in the
 * "expired" state: the server deletes an expired session when it first meets it, so a second request
 * would only meet an unknown one. Every other case (every other method, whatever the table expects of
 * it) gets a world of its own, so a write, even one a broken guard lets through, cannot reach another case.
 */
const READS = ["GET", "HEAD"];

/**
 * A token runs only the staff routes' cases. Its writes the token's guard is expected to refuse (401, 403)
 * share the world too: a guard that let one through fails that very case, so the world it changed can
 * hide nothing; and it keeps the five token callers' runs short.
 */
const STAFF_PATH = /^\/api\/admin\//;

export async function runMatrix(
  db: Db,
  cases: RouteCase[],
  states: readonly Caller[] = AUTH_STATES,
): Promise<MatrixAnswer[]> {
  const answers: MatrixAnswer[] = [];
  for (const state of states) {
    const shared = state === "expired" ? undefined : await openWorld(db, state);
    const own: RouteCase[] = [];
    try {
      for (const routeCase of cases) {
        if (!shared) {
          own.push(routeCase);
          continue;
        }
        const { method, path } = routeCase.request(shared.fixture);
        if (isTokenState(state) && !STAFF_PATH.test(path)) continue;
        const refusedByToken = isTokenState(state) && [401, 403].includes(expectedFor(routeCase, state));
        if (READS.includes(method) || refusedByToken) answers.push(await ask(shared, routeCase, state));
        else own.push(routeCase);
      }
    } finally {
      shared?.shutdown.abort();
    }
    for (const routeCase of own) answers.push(await answer(db, routeCase, state));
  }
  // In the table's order, state by state, as each case once had a world of its own.
  const order = new Map(cases.map((routeCase, index) => [routeCase, index]));
  return answers.sort(
    (a, b) => states.indexOf(a.state) - states.indexOf(b.state) || order.get(a.routeCase)! - order.get(b.routeCase)!,
  );
}

/** "METHOD /path" of every handler the app registers (middleware and the static catch-all left out). */
export function registeredRoutes(app: App): Set<string> {
  return new Set(
    app.routes
      .filter((route) => route.method !== "ALL" && !route.path.endsWith("*"))
      .map((route) => `${route.method} ${route.path}`),
  );
}

/** Text only the staff may see in this answer's world: seeded personal data, record ids, the staff's addresses. */
export function leakedSecrets({ fixture, body }: MatrixAnswer, adminEmail: string): string[] {
  const secrets = [
    fixture.canary,
    fixture.leadId,
    fixture.contactId,
    fixture.subscriberId,
    fixture.confirmationId,
    fixture.noteId,
    fixture.personId,
    adminEmail,
    SALES_EMAIL,
  ];
  return secrets.filter((secret) => body.toLowerCase().includes(secret.toLowerCase()));
}

// What an error body must never carry: stack frames, SQL, driver or file-system details.
export const INTERNALS =
  /\bat [\w.<>]+ \(|node:internal|node_modules|SQLITE_|sqlite3?|syntax error|relation "|violates|duplicate key|\/work\/|\.ts:\d+/i;
