import { deleteApp, getApp } from "firebase/app";
import { inMemoryPersistence } from "firebase/auth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminBackend } from "../../src/backend/admin-port";
import { createFirebaseAdminBackend } from "../../src/backend/firebase/admin";
import { demoConfig } from "./demo-config";
import { clearAuthUsers, createAuthUser, startAuthEmulator, type RunningAuthEmulator } from "./emulators/auth-emulator";
import { runGrantAdmin } from "./emulators/grant-admin";

// The Firebase adapter's sign-in, in Node against the real Auth emulator (firebase-tools, offline with a
// demo- project), and the admin claim set by the real grant-admin script.

const PROJECT = "demo-erf-auth";
const STAFF = { email: "staff@erf.test", password: "correct horse battery staple" };
const VISITOR = { email: "visitor@erf.test", password: "another long passphrase" };

let emulator: RunningAuthEmulator;
let appCount = 0;
const apps: string[] = [];

/** A fresh adapter on its own Firebase app, as a fresh browser tab would be. */
function freshBackend(): AdminBackend {
  const appName = `auth-test-${++appCount}`;
  apps.push(appName);
  return createFirebaseAdminBackend(demoConfig(PROJECT, { auth: emulator.host }), { appName, persistence: inMemoryPersistence });
}

beforeAll(async () => {
  emulator = await startAuthEmulator(PROJECT);
  await clearAuthUsers(emulator.host, PROJECT);
  await createAuthUser(emulator.host, STAFF.email, STAFF.password);
  await createAuthUser(emulator.host, VISITOR.email, VISITOR.password);
}, 90_000);

afterEach(async () => {
  await Promise.all(apps.splice(0).map((name) => deleteApp(getApp(name))));
});

afterAll(async () => {
  await emulator?.stop();
});

describe("firebase:grant-admin", () => {
  it("refuses an unknown email with a plain message and exit code 1", () => {
    const result = runGrantAdmin(["--email", "nobody@erf.test"], { authHost: emulator.host, projectId: PROJECT });
    expect(result.status).toBe(1);
    expect(result.output).toContain("no account with the email nobody@erf.test");
  });

  it("grants the admin claim to an existing account", () => {
    const result = runGrantAdmin(["--email", STAFF.email], { authHost: emulator.host, projectId: PROJECT });
    expect(result.output).toContain(`${STAFF.email}`);
    expect(result.status).toBe(0);
  });
});

describe("Firebase adapter sign-in (Auth emulator)", () => {
  it("signs in a staff account whose token carries the admin claim, and currentUser() returns it", async () => {
    const backend = freshBackend();
    expect(await backend.currentUser()).toBeNull();
    expect(await backend.signIn(STAFF.email, STAFF.password)).toEqual({ ok: true, email: STAFF.email });
    expect(await backend.currentUser()).toEqual({ email: STAFF.email });
    await backend.signOut();
    expect(await backend.currentUser()).toBeNull();
  });

  it("refuses a wrong password with Firebase's own code and message", async () => {
    const result = await freshBackend().signIn(STAFF.email, "not the password");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // auth/invalid-credential, not wrong-password: the emulator is set up like a current production project.
    expect(result.code).toBe("auth/invalid-credential");
    expect(result.message).toBe("Firebase: Error (auth/invalid-credential).");
  });

  it("refuses an unknown account", async () => {
    const result = await freshBackend().signIn("nobody@erf.test", "whatever password");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("auth/invalid-credential");
  });

  it("treats an account without the claim as not signed in: auth/not-admin, then signed out", async () => {
    const backend = freshBackend();
    expect(await backend.signIn(VISITOR.email, VISITOR.password)).toEqual({
      ok: false,
      code: "auth/not-admin",
      message: "This account is not a staff account.",
    });
    expect(await backend.currentUser()).toBeNull();
  });

  it("takes the claim away with --revoke: the next sign-in is refused", async () => {
    const revoked = runGrantAdmin(["--email", STAFF.email, "--revoke"], { authHost: emulator.host, projectId: PROJECT });
    expect(revoked.status).toBe(0);
    expect((await freshBackend().signIn(STAFF.email, STAFF.password)).ok).toBe(false);
    expect(runGrantAdmin(["--email", STAFF.email], { authHost: emulator.host, projectId: PROJECT }).status).toBe(0);
    expect((await freshBackend().signIn(STAFF.email, STAFF.password)).ok).toBe(true);
  });
});

describe("what the Firebase adapter leaves out", () => {
  it("has no privacy tools and no round-robin assignment, so the dashboard hides them", () => {
    const backend = freshBackend();
    expect(backend.privacy).toBeUndefined();
    expect(backend.assignment).toBeUndefined();
  });

  it("asks for a sign-in before any workspace call, without touching Firestore", async () => {
    const backend = freshBackend();
    await expect(backend.addNote("leads", "some-lead", "Hello")).rejects.toMatchObject({ status: 401 });
    await expect(backend.staff()).rejects.toMatchObject({ status: 401 });
  });
});
