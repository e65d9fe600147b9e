import { expect } from "vitest";
import type { Db } from "../db/store";
import type { AppDeps } from "../app";
import { postJson, testApp } from "./app";
import { seedAdmin, send, signIn } from "./admin";

// Helpers for the lead-workspace suites: a signed-in staff member's JSON calls, and submissions made
// through the public forms (so records, consents and emails are as production makes them).

type App = ReturnType<typeof testApp>;

export const SECOND_STAFF = "thabo@erf.co.za";
export const THIRD_STAFF = "lerato@erf.co.za";

/** Another staff account, signed in with the same test password. */
export async function seedStaff(db: Db, email: string) {
  await seedAdmin(db, email);
}

export interface StaffClient {
  app: App;
  cookie: string;
  /** The JSON answer of a GET, asserting its status. */
  read<T>(path: string, status?: number): Promise<T>;
  /** A same-origin JSON write; the raw response. */
  write(method: string, path: string, body?: unknown): Promise<Response>;
}

/** The app as a signed-in staff member (the seeded account, or `email`) uses it. */
export async function staffClient(
  db: Db,
  deps: Partial<Omit<AppDeps, "db">> = {},
  email?: string,
): Promise<StaffClient> {
  const app = testApp(db, deps);
  const cookie = await signIn(app, email);
  return {
    app,
    cookie,
    async read<T>(path: string, status = 200) {
      const response = await send(app, "GET", path, { cookie });
      expect(response.status, await response.clone().text()).toBe(status);
      return (await response.json()) as T;
    },
    write: (method, path, body = {}) => send(app, method, path, { cookie, body }),
  };
}

/** Submits a public form and returns the new record's id. */
export async function submit(
  app: App,
  path: "/api/leads" | "/api/contacts" | "/api/newsletter",
  body: object,
): Promise<string> {
  const response = await postJson(app, path, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
