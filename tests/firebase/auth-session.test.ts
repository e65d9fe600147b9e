import { deleteApp, getApp } from "firebase/app";
import { inMemoryPersistence } from "firebase/auth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminBackend } from "../../src/backend/admin-port";
import { createFirebaseAdminBackend } from "../../src/backend/firebase/admin";
import { demoConfig } from "./demo-config";
import {
  clearAuthUsers,
  createAuthUser,
  sentActionCodes,
  startAuthEmulator,
  updateAuthUser,
  type RunningAuthEmulator,
} from "./emulators/auth-emulator";
import { runGrantAdmin } from "./emulators/grant-admin";

// The Firebase adapter's sign-in, roles, two-factor answer and password reset, in Node against the real
// Auth emulator (firebase-tools, offline with a demo- project), with the claims set by the real
// grant-admin script. The emulator knows no TOTP factors (only phone ones), so the code step itself is
// tested against a scripted Firebase in src/backend/firebase/auth-session.test.ts.

const PROJECT = "demo-erf-auth";
const STAFF = { email: "staff@erf.test", password: "correct horse battery staple" };
const SALES = { email: "sales@erf.test", password: "a sales rep's long passphrase" };
const LEGACY = { email: "legacy@erf.test", password: "granted before roles existed" };
const VIEWER = { email: "viewer@erf.test", password: "a role nobody knows about" };
const PHONE = { email: "phone@erf.test", password: "second factor by text message" };
const VISITOR = { email: "visitor@erf.test", password: "another long passphrase" };

let emulator: RunningAuthEmulator;
let appCount = 0;
const apps: string[] = [];
const uids: Record<string, string> = {};

/** A fresh adapter on its own Firebase app, as a fresh browser tab would be. */
function freshBackend(): AdminBackend {
  const appName = `auth-test-${++appCount}`;
  apps.push(appName);
  return createFirebaseAdminBackend(demoConfig(PROJECT, { auth: emulator.host }), {
    appName,
    persistence: inMemoryPersistence,
  });
}

const grant = (args: string[]) => runGrantAdmin(args, { authHost: emulator.host, projectId: PROJECT });
const update = (email: string, fields: Record<string, unknown>) =>
  updateAuthUser(emulator.host, PROJECT, uids[email]!, fields);
const staffUser = (email: string, role: "admin" | "sales", name: string | null = null) => ({
  email,
  name,
  role,
  twoFactor: false,
  mustEnrolTwoFactor: false,
});

beforeAll(async () => {
  emulator = await startAuthEmulator(PROJECT);
  await clearAuthUsers(emulator.host, PROJECT);
  for (const account of [STAFF, SALES, LEGACY, VIEWER, PHONE, VISITOR])
    uids[account.email] = await createAuthUser(emulator.host, account.email, account.password);
  await update(LEGACY.email, { customAttributes: JSON.stringify({ admin: true }) });
  await update(VIEWER.email, { customAttributes: JSON.stringify({ role: "viewer", admin: true }) });
  await update(PHONE.email, {
    mfa: { enrollments: [{ mfaEnrollmentId: "phone-factor", phoneInfo: "+27821234567", displayName: "Phone" }] },
  });
}, 90_000);

afterEach(async () => {
  await Promise.all(apps.splice(0).map((name) => deleteApp(getApp(name))));
});

afterAll(async () => {
  await emulator?.stop();
});

describe("firebase:grant-admin", () => {
  it("refuses an unknown email with a plain message and exit code 1", async () => {
    const result = await grant(["--email", "nobody@erf.test"]);
    expect(result.status).toBe(1);
    expect(result.output).toContain("no account with the email nobody@erf.test");
  });

  it("grants the admin role to an existing account when no role is given", async () => {
    const result = await grant(["--email", STAFF.email]);
    expect(result.output).toContain(`${STAFF.email}`);
    expect(result.output).toContain("is now admin");
    expect(result.status).toBe(0);
  });

  it("grants the sales role with --role sales, and refuses an unknown role with exit code 2", async () => {
    const result = await grant(["--email", SALES.email, "--role", "sales"]);
    expect(result.output).toContain("is now sales");
    expect(result.status).toBe(0);
    const refused = await grant(["--email", SALES.email, "--role", "manager"]);
    expect(refused.status).toBe(2);
    expect(refused.output).toContain("--role must be one of admin, sales");
  });
});

describe("Firebase adapter sign-in (Auth emulator)", () => {
  it("signs in an admin with their role, and currentUser() returns the same", async () => {
    const backend = freshBackend();
    expect(await backend.currentUser()).toBeNull();
    expect(await backend.signIn(STAFF.email, STAFF.password)).toEqual({
      ok: true,
      user: staffUser(STAFF.email, "admin"),
    });
    expect(await backend.currentUser()).toEqual(staffUser(STAFF.email, "admin"));
    await backend.signOut();
    expect(await backend.currentUser()).toBeNull();
  });

  it("signs in a sales rep as sales, with the display name the account has", async () => {
    await update(SALES.email, { displayName: "Sipho Mokoena" });
    const backend = freshBackend();
    expect(await backend.signIn(SALES.email, SALES.password)).toEqual({
      ok: true,
      user: staffUser(SALES.email, "sales", "Sipho Mokoena"),
    });
    expect(await backend.currentUser()).toMatchObject({ role: "sales", mustEnrolTwoFactor: false });
  });

  it("counts an account granted before roles (admin: true alone) as an admin", async () => {
    expect(await freshBackend().signIn(LEGACY.email, LEGACY.password)).toEqual({
      ok: true,
      user: staffUser(LEGACY.email, "admin"),
    });
  });

  it("treats an unknown role as no staff, even beside admin: true: auth/not-admin, then signed out", async () => {
    const backend = freshBackend();
    expect(await backend.signIn(VIEWER.email, VIEWER.password)).toMatchObject({ ok: false, code: "auth/not-admin" });
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
    const revoked = await grant(["--email", STAFF.email, "--revoke"]);
    expect(revoked.status).toBe(0);
    expect((await freshBackend().signIn(STAFF.email, STAFF.password)).ok).toBe(false);
    expect((await grant(["--email", STAFF.email])).status).toBe(0);
    expect((await freshBackend().signIn(STAFF.email, STAFF.password)).ok).toBe(true);
  });

  it("answers a disabled account with the port's code, and Firebase says so before checking the password", async () => {
    await update(SALES.email, { disableUser: true });
    try {
      const disabled = { ok: false, code: "disabled", message: "This account is disabled. Ask an admin to enable it." };
      expect(await freshBackend().signIn(SALES.email, SALES.password)).toEqual(disabled);
      expect(await freshBackend().signIn(SALES.email, "not the password")).toEqual(disabled);
    } finally {
      await update(SALES.email, { disableUser: false });
    }
  });
});

describe("two-factor on the Firebase adapter (Auth emulator)", () => {
  it("answers two-factor-required when the password is right and the account has a second factor", async () => {
    await update(PHONE.email, { customAttributes: JSON.stringify({ role: "admin", admin: true }) });
    const backend = freshBackend();
    expect(await backend.signIn(PHONE.email, PHONE.password)).toMatchObject({ ok: false, code: "two-factor-required" });
    expect(await backend.currentUser()).toBeNull();
    expect(await backend.signIn(PHONE.email, "not the password")).toMatchObject({
      ok: false,
      code: "auth/invalid-credential",
    });
  });

  it("signs in with authenticator codes only: a phone factor is refused plainly, and nobody is signed in", async () => {
    const backend = freshBackend();
    expect(await backend.signIn(PHONE.email, PHONE.password)).toMatchObject({ code: "two-factor-required" });
    expect(await backend.signIn(PHONE.email, PHONE.password, "123456")).toMatchObject({
      ok: false,
      code: "two-factor-unsupported",
    });
    expect(await backend.currentUser()).toBeNull();
    // A code with no earlier step checks the password first.
    expect(await freshBackend().signIn(PHONE.email, "not the password", "123456")).toMatchObject({
      code: "auth/invalid-credential",
    });
  });
});

describe("password reset on the Firebase adapter (Auth emulator)", () => {
  const resetsFor = async (email: string) =>
    (await sentActionCodes(emulator.host, PROJECT)).filter(
      (code) => code.email === email && code.requestType === "PASSWORD_RESET",
    );

  it("sends Firebase's reset email to a known account", async () => {
    const before = (await resetsFor(STAFF.email)).length;
    await expect(freshBackend().accounts.requestPasswordReset(" Staff@Erf.test ")).resolves.toBeUndefined();
    expect(await resetsFor(STAFF.email)).toHaveLength(before + 1);
  });

  it("resolves the same way for an unknown address, and sends nothing", async () => {
    await expect(freshBackend().accounts.requestPasswordReset("nobody@erf.test")).resolves.toBeUndefined();
    expect(await resetsFor("nobody@erf.test")).toEqual([]);
  });

  it("refuses what is not an email address with the field's message", async () => {
    await expect(freshBackend().accounts.requestPasswordReset("not an address")).rejects.toMatchObject({
      status: 400,
      code: "validation",
      fields: { email: "Enter a valid email address" },
    });
  });
});

describe("what the Firebase adapter leaves out", () => {
  it("has no privacy tools, no round-robin assignment, no team management and no two-factor enrolment", () => {
    const backend = freshBackend();
    expect(backend.privacy).toBeUndefined();
    expect(backend.assignment).toBeUndefined();
    expect(backend.team).toBeUndefined();
    expect(backend.twoFactor).toBeUndefined();
  });

  it("has the password reset email only: no invitations to accept, no reset links of its own", () => {
    const { accounts } = freshBackend();
    expect(accounts.requestPasswordReset).toEqual(expect.any(Function));
    expect(accounts.confirmPasswordReset).toBeUndefined();
    expect(accounts.acceptInvitation).toBeUndefined();
  });

  it("asks for a sign-in before any workspace call, without touching Firestore", async () => {
    const backend = freshBackend();
    await expect(backend.addNote("leads", "some-lead", "Hello")).rejects.toMatchObject({ status: 401 });
    await expect(backend.staff()).rejects.toMatchObject({ status: 401 });
  });
});
