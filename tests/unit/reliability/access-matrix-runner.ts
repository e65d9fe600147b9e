import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../../../server/db/store";
import { clearTables } from "../../../server/test-support/databases";
import { manualClock, testApp, testConfig } from "../../../server/test-support/app";
import { seedAdmin, send, signIn } from "../../../server/test-support/admin";
import { seedContact, seedLead, seedSubscriber } from "../../../server/test-support/records";
import { accountOf, AUTH_STATES, requestFor, SALES_EMAIL, seedWorkspaceRows, workspaceIds, type AuthState, type Fixture, type RouteCase } from "./route-case";

// Runs every route case in every sign-in state against a freshly seeded database and keeps each
// answer (status, headers, body) for the checks to judge.

const HOUR = 60 * 60 * 1000;
type App = ReturnType<typeof testApp>;

export interface MatrixAnswer {
  routeCase: RouteCase;
  state: AuthState;
  fixture: Fixture;
  status: number;
  headers: Headers;
  body: string;
}

async function seedFixture(db: Db): Promise<Fixture> {
  // Lower-case hex: survives the email field's lower-casing, so a search for it finds every copy.
  const canary = `cnry${randomBytes(6).toString("hex")}`;
  const subjectEmail = `${canary}@leak.example`;
  const fixture: Fixture = { leadId: randomUUID(), contactId: randomUUID(), subscriberId: randomUUID(), confirmationId: randomUUID(), canary, subjectEmail, ...workspaceIds() };
  const createdAt = "2025-03-01T09:00:00.000Z";
  await seedLead(db, fixture.leadId, createdAt, { firstName: `Lead ${canary}`, email: subjectEmail, companyName: `${canary} Estates` }, "demo");
  await seedContact(db, fixture.contactId, createdAt, { firstName: `Contact ${canary}`, email: subjectEmail, message: `Private note ${canary}` });
  await seedSubscriber(db, fixture.subscriberId, createdAt, subjectEmail);
  await seedWorkspaceRows(db, fixture);
  // Open until long after the manual clock's start (2025-03-01T10:00Z).
  await db
    .insertInto("newsletterConfirmations")
    .values({ id: fixture.confirmationId, email: subjectEmail, botCheck: "skipped", createdAt, expiresAt: "2025-03-10T00:00:00.000Z", confirmedAt: null })
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
  const first = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000))]);
  await reader.cancel().catch(() => undefined);
  return first && !first.done ? new TextDecoder().decode(first.value) : "";
}

export async function answer(db: Db, routeCase: RouteCase, state: AuthState): Promise<MatrixAnswer> {
  await clearTables(db);
  await seedAdmin(db);
  const fixture = await seedFixture(db);
  const time = manualClock();
  const shutdown = new AbortController();
  // SMTP set (nothing listens there; no sender runs): invitations are emails, refused without it.
  const app = testApp(db, { clock: time.clock, shutdownSignal: shutdown.signal, config: testConfig({ smtpUrl: "smtp://127.0.0.1:1" }) });
  try {
    const cookie = await cookieFor(state, app, time);
    const { method, path, body, headers } = await requestFor(routeCase, fixture, app, accountOf(state));
    const response = await send(app, method, path, { body, cookie, headers });
    return { routeCase, state, fixture, status: response.status, headers: response.headers, body: await readBody(response) };
  } finally {
    shutdown.abort();
  }
}

export async function runMatrix(db: Db, cases: RouteCase[]): Promise<MatrixAnswer[]> {
  const answers: MatrixAnswer[] = [];
  for (const state of AUTH_STATES) for (const routeCase of cases) answers.push(await answer(db, routeCase, state));
  return answers;
}

/** "METHOD /path" of every handler the app registers (middleware and the static catch-all left out). */
export function registeredRoutes(app: App): Set<string> {
  return new Set(app.routes.filter((route) => route.method !== "ALL" && !route.path.endsWith("*")).map((route) => `${route.method} ${route.path}`));
}

/** Text only the staff may see in this answer's world: seeded personal data, record ids, the staff's addresses. */
export function leakedSecrets({ fixture, body }: MatrixAnswer, adminEmail: string): string[] {
  const secrets = [fixture.canary, fixture.leadId, fixture.contactId, fixture.subscriberId, fixture.confirmationId, fixture.noteId, fixture.personId, adminEmail, SALES_EMAIL];
  return secrets.filter((secret) => body.toLowerCase().includes(secret.toLowerCase()));
}

// What an error body must never carry: stack frames, SQL, driver or file-system details.
export const INTERNALS = /\bat [\w.<>]+ \(|node:internal|node_modules|SQLITE_|sqlite3?|syntax error|relation "|violates|duplicate key|\/work\/|\.ts:\d+/i;
