import { readFileSync } from "node:fs";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { Timestamp, type Firestore } from "firebase/firestore";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { staffProfile, type ProfileFacts } from "../../src/backend/firebase/workspace-documents";

/**
 * Who calls: nobody signed in; a signed-in account without a staff claim (a visitor with an account, or
 * staff not yet granted); one whose `role` is none the rules know, even beside admin: true; an admin as
 * `firebase:grant-admin --role admin` makes one; an admin granted before roles (admin: true alone); a
 * sales rep.
 */
export type Role = "anonymous" | "signed-in visitor" | "unknown role" | "admin" | "legacy admin" | "sales";
export const ROLES: Role[] = ["anonymous", "signed-in visitor", "unknown role", "admin", "legacy admin", "sales"];
/** The roles that are staff: every path in Firestore is the "records" capability, which all of them have. */
export const STAFF: Role[] = ["admin", "legacy admin", "sales"];
export const NOT_STAFF: Role[] = ROLES.filter((role) => !STAFF.includes(role));

const RULES = readFileSync(new URL("../../firestore.rules", import.meta.url), "utf8");

/** The rules under test, loaded into the emulator at FIRESTORE_EMULATOR_HOST (set by `npm run test:rules`). */
export async function rulesEnvironment(projectId: string): Promise<RulesTestEnvironment> {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error("FIRESTORE_EMULATOR_HOST is not set: run these tests with `npm run test:rules`");
  const at = hostPort.lastIndexOf(":");
  return initializeTestEnvironment({
    projectId,
    firestore: { rules: RULES, host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) },
  });
}

// rules-unit-testing hands out compat instances; the modular functions accept them (they unwrap _delegate).
const modular = (db: unknown) => db as Firestore;

const open = new Set<{ terminate(): Promise<void> }>();

/** When each account signed in (the token's auth_time, in seconds), for the profiles' lastSignInAt. */
export const AUTH_TIME = 1_790_000_000;

/** Who each signed-in role is: the uid and token email the rules see, and the claims of its token. */
export const ACCOUNTS = {
  admin: { uid: "staff-uid", email: "staff@erf.test", claims: { role: "admin", admin: true } },
  "legacy admin": { uid: "legacy-uid", email: "legacy@erf.test", claims: { admin: true } },
  sales: { uid: "sales-uid", email: "sales@erf.test", claims: { role: "sales" } },
  "unknown role": { uid: "viewer-uid", email: "viewer@erf.test", claims: { role: "viewer", admin: true } },
  "signed-in visitor": { uid: "visitor-uid", email: "visitor@erf.test", claims: {} },
  /** A second staff member, for what only a note's author or a profile's owner may do. */
  colleague: { uid: "colleague-uid", email: "colleague@erf.test", claims: { role: "admin", admin: true } },
  /** A second sales rep. */
  "sales colleague": { uid: "sales-colleague-uid", email: "sales2@erf.test", claims: { role: "sales" } },
} as const;

export type Account = keyof typeof ACCOUNTS;

/** More of the token: a display name (`name`), or the `firebase` map of a sign-in with a second factor. */
export type TokenExtras = Record<string, unknown>;

/** A sign-in that used a TOTP second factor, as Identity Platform writes it into the token. */
export const SECOND_FACTOR: TokenExtras = {
  firebase: { sign_in_provider: "password", sign_in_second_factor: "totp", identities: {} },
};

export function dbAs(env: RulesTestEnvironment, role: Account | "anonymous", extras: TokenExtras = {}): Firestore {
  const context =
    role === "anonymous"
      ? env.unauthenticatedContext()
      : env.authenticatedContext(ACCOUNTS[role].uid, {
          email: ACCOUNTS[role].email,
          auth_time: AUTH_TIME,
          ...ACCOUNTS[role].claims,
          ...extras,
        });
  const compat = context.firestore();
  open.add(compat);
  return modular(compat);
}

/**
 * The profile an account may write for itself, built by the adapter's own code: each fact a copy of its
 * token (no display name, no second factor, unless `facts` says otherwise, with matching token extras).
 */
export function profileOf(account: Account, available = true, facts: Partial<ProfileFacts<Timestamp>> = {}) {
  const { email, claims } = ACCOUNTS[account];
  const role = "role" in claims ? claims.role : "admin";
  return staffProfile(
    {
      email,
      name: null,
      role: role as "admin" | "sales",
      twoFactor: false,
      lastSignInAt: Timestamp.fromMillis(AUTH_TIME * 1000),
      ...facts,
    },
    available,
  );
}

export interface RulesClients {
  env: RulesTestEnvironment;
  /** Not signed in, as a visitor sending a form. */
  visitor: Firestore;
  /** Signed in with the admin claim. */
  admin: Firestore;
}

/**
 * A suite's emulator environment, and for each test an empty database with a visitor's and an admin's
 * client, closed after it. Read the fields inside tests and hooks: they are set once the hooks have run.
 */
export function useRulesClients(projectId: string): RulesClients {
  const clients = {} as RulesClients;
  beforeAll(async () => {
    clients.env = await rulesEnvironment(projectId);
  });
  afterAll(async () => {
    await clients.env?.cleanup();
  });
  beforeEach(async () => {
    await clients.env.clearFirestore();
    clients.visitor = dbAs(clients.env, "anonymous");
    clients.admin = dbAs(clients.env, "admin");
  });
  afterEach(closeClients);
  return clients;
}

/**
 * Closes the clients a test opened. Each keeps gRPC streams open, and all share one HTTP/2 connection to
 * the emulator with a limit of 100 concurrent streams: without this the suite stalls half-way.
 */
export async function closeClients(): Promise<void> {
  await Promise.all([...open].map((db) => db.terminate()));
  open.clear();
}

/** Writes without rules, for the documents the tests read and update. */
export async function seed(
  env: RulesTestEnvironment,
  collection: string,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  const { doc, setDoc } = await import("firebase/firestore");
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(modular(context.firestore()), collection, id), data);
  });
}
