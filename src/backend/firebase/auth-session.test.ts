import type { Auth } from "firebase/auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authSession, NOT_ADMIN, TWO_FACTOR_REQUIRED } from "./auth-session";

// The code step of a two-factor sign-in, against a scripted Firebase Auth: the Auth emulator has no TOTP
// factors (tests/firebase/auth-session.test.ts covers the rest of sign-in on the real emulator). The
// script answers as Firebase does: auth/multi-factor-auth-required for the right password of an account
// with a factor, a resolver whose resolveSignIn takes one code, auth/invalid-verification-code otherwise.

const firebase = vi.hoisted(() => {
  const PASSWORD = "correct horse battery staple";
  const CODE = "123456";
  const user = { uid: "admin-uid", email: "admin@erf.test", displayName: "Thandi Nkosi" };
  const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
  const state = { claims: { role: "admin" } as Record<string, unknown>, resolveFailure: null as string | null };
  const resolveSignIn = vi.fn(async (assertion: { uid: string; code: string }) => {
    if (state.resolveFailure) throw failure(state.resolveFailure);
    if (assertion.uid !== "totp-enrolment" || assertion.code !== CODE) throw failure("auth/invalid-verification-code");
    return { user };
  });
  return {
    PASSWORD,
    CODE,
    user,
    state,
    resolveSignIn,
    signInWithEmailAndPassword: vi.fn(async (_auth: unknown, _email: string, password: string) => {
      throw failure(password === PASSWORD ? "auth/multi-factor-auth-required" : "auth/invalid-credential");
    }),
    signOut: vi.fn(async () => undefined),
    getMultiFactorResolver: vi.fn(() => ({ hints: [{ factorId: "totp", uid: "totp-enrolment" }], resolveSignIn })),
  };
});

vi.mock("firebase/auth", () => ({
  signInWithEmailAndPassword: firebase.signInWithEmailAndPassword,
  signOut: firebase.signOut,
  getMultiFactorResolver: firebase.getMultiFactorResolver,
  getIdTokenResult: async () => ({ claims: firebase.state.claims }),
  multiFactor: () => ({ enrolledFactors: [{ factorId: "totp", uid: "totp-enrolment" }] }),
  TotpMultiFactorGenerator: { FACTOR_ID: "totp", assertionForSignIn: (uid: string, code: string) => ({ uid, code }) },
}));

const auth = {} as Auth;
const { PASSWORD, CODE, user } = firebase;
const signedIn = {
  ok: true,
  user: { email: user.email, name: user.displayName, role: "admin", twoFactor: true, mustEnrolTwoFactor: false },
};

beforeEach(() => {
  vi.clearAllMocks();
  firebase.state.claims = { role: "admin" };
  firebase.state.resolveFailure = null;
});

describe("two-factor sign-in on Firebase (scripted Firebase Auth)", () => {
  it("asks for the code after the right password, then signs in with it, checking the password once", async () => {
    const session = authSession(auth);
    expect(await session.signIn(user.email, PASSWORD)).toEqual(TWO_FACTOR_REQUIRED);
    expect(await session.signIn(user.email, PASSWORD, "123 456")).toEqual(signedIn);
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledTimes(1);
  });

  it("answers a wrong code with invalid-code and keeps the step for another try", async () => {
    const session = authSession(auth);
    await session.signIn(user.email, PASSWORD);
    expect(await session.signIn(user.email, PASSWORD, "000000")).toMatchObject({ ok: false, code: "invalid-code" });
    expect(await session.signIn(user.email, PASSWORD, CODE)).toEqual(signedIn);
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledTimes(1);
    expect(firebase.resolveSignIn).toHaveBeenCalledTimes(2);
  });

  it("checks the password first when the code comes without an earlier step, or for another account", async () => {
    expect(await authSession(auth).signIn(user.email, PASSWORD, CODE)).toEqual(signedIn);
    expect(await authSession(auth).signIn(user.email, "not the password", CODE)).toMatchObject({
      ok: false,
      code: "auth/invalid-credential",
    });
    const session = authSession(auth);
    await session.signIn("someone@erf.test", PASSWORD);
    expect(await session.signIn(user.email, "not the password", CODE)).toMatchObject({
      code: "auth/invalid-credential",
    });
    expect(firebase.resolveSignIn).toHaveBeenCalledTimes(1);
  });

  it("starts over after any other failure of the code step (its session ran out) and after signing out", async () => {
    const session = authSession(auth);
    await session.signIn(user.email, PASSWORD);
    firebase.state.resolveFailure = "auth/invalid-multi-factor-session";
    expect(await session.signIn(user.email, PASSWORD, CODE)).toMatchObject({
      ok: false,
      code: "auth/invalid-multi-factor-session",
    });
    firebase.state.resolveFailure = null;
    expect(await session.signIn(user.email, PASSWORD, CODE)).toEqual(signedIn);
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledTimes(2);

    await session.signIn(user.email, PASSWORD);
    await session.signOut();
    expect(await session.signIn(user.email, PASSWORD, CODE)).toEqual(signedIn);
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledTimes(4);
  });

  it("signs out again an account whose token has no staff role, after the code as after a password", async () => {
    firebase.state.claims = { role: "viewer" };
    const session = authSession(auth);
    await session.signIn(user.email, PASSWORD);
    expect(await session.signIn(user.email, PASSWORD, CODE)).toEqual(NOT_ADMIN);
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
  });
});
