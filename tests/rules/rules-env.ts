import { readFileSync } from "node:fs";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import type { Firestore } from "firebase/firestore";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

export type Role = "anonymous" | "signed-in visitor" | "admin";
export const ROLES: Role[] = ["anonymous", "signed-in visitor", "admin"];

const RULES = readFileSync(new URL("../../firestore.rules", import.meta.url), "utf8");

/** The rules under test, loaded into the emulator at FIRESTORE_EMULATOR_HOST (set by `npm run test:rules`). */
export async function rulesEnvironment(projectId: string): Promise<RulesTestEnvironment> {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error("FIRESTORE_EMULATOR_HOST is not set: run these tests with `npm run test:rules`");
  const at = hostPort.lastIndexOf(":");
  return initializeTestEnvironment({ projectId, firestore: { rules: RULES, host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) } });
}

// rules-unit-testing hands out compat instances; the modular functions accept them (they unwrap _delegate).
const modular = (db: unknown) => db as Firestore;

const open = new Set<{ terminate(): Promise<void> }>();

/** Who each signed-in role is: the uid and token email the rules see. */
export const ACCOUNTS = {
  admin: { uid: "staff-uid", email: "staff@erf.test" },
  "signed-in visitor": { uid: "visitor-uid", email: "visitor@erf.test" },
  /** A second staff member, for what only a note's author or a profile's owner may do. */
  colleague: { uid: "colleague-uid", email: "colleague@erf.test" },
} as const;

export function dbAs(env: RulesTestEnvironment, role: Role | "colleague"): Firestore {
  const context =
    role === "anonymous"
      ? env.unauthenticatedContext()
      : role === "admin" || role === "colleague"
        ? env.authenticatedContext(ACCOUNTS[role].uid, { email: ACCOUNTS[role].email, admin: true })
        : // Signed in with Firebase Auth, but no admin claim: a visitor with an account, or staff not yet granted.
          env.authenticatedContext(ACCOUNTS[role].uid, { email: ACCOUNTS[role].email });
  const compat = context.firestore();
  open.add(compat);
  return modular(compat);
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
export async function seed(env: RulesTestEnvironment, collection: string, id: string, data: Record<string, unknown>): Promise<void> {
  const { doc, setDoc } = await import("firebase/firestore");
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(modular(context.firestore()), collection, id), data);
  });
}
