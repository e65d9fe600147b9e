import {
  getIdTokenResult,
  getMultiFactorResolver,
  multiFactor,
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
  type Auth,
  type MultiFactorError,
  type MultiFactorResolver,
  type User,
} from "firebase/auth";
import type { CurrentStaff } from "../../domain/staff";
import type { SignInResult } from "../admin-port";
import { roleFromClaims } from "./staff-claims";
import { errorCode } from "./write-errors";

// Staff sign-in with Firebase Auth. Staff rights and the role are the custom claim `role` (or the older
// `admin: true`, an admin), set by `npm run firebase:grant-admin`, the same claim firestore.rules checks;
// an account without it is not signed in as far as the dashboard is concerned.
//
// Two-factor is Identity Platform's TOTP multi-factor authentication: for an account with a factor
// enrolled, Firebase refuses the password alone with auth/multi-factor-auth-required. That answers
// "two-factor-required", and the resolver Firebase hands back is kept (in this page only) for the next
// call, which brings the code; a wrong code keeps it for another try. A call with a code but no kept
// resolver (another page, or the resolver's session ran out) checks the password again first.
// Firebase cannot make an admin enrol (the browser cannot be trusted to insist), so mustEnrolTwoFactor
// is always false here: the project requires it in Identity Platform instead (docs/firebase.md).

export const NOT_ADMIN: SignInResult = {
  ok: false,
  code: "auth/not-admin",
  message: "This account is not a staff account.",
};

export const TWO_FACTOR_REQUIRED: SignInResult = {
  ok: false,
  code: "two-factor-required",
  message: "Enter the 6-digit code from your authenticator app.",
};

const INVALID_CODE: SignInResult = {
  ok: false,
  code: "invalid-code",
  message: "That code is not right. Enter the current code from your authenticator app.",
};

/** An account whose only factors are others (a phone): the dashboard signs in with authenticator codes only. */
export const NO_AUTHENTICATOR: SignInResult = {
  ok: false,
  code: "two-factor-unsupported",
  message: "This account's second factor is not an authenticator app. Ask the project owner to enrol one.",
};

const DISABLED: SignInResult = {
  ok: false,
  code: "disabled",
  message: "This account is disabled. Ask an admin to enable it.",
};

const normal = (email: string) => email.trim().toLowerCase();

/** The signed-in account as the dashboard sees it, or null when its token carries no staff role. */
async function staffOf(user: User): Promise<CurrentStaff | null> {
  const { claims } = await getIdTokenResult(user);
  const role = roleFromClaims(claims);
  if (!role) return null;
  return {
    email: user.email ?? "",
    name: user.displayName ?? null,
    role,
    twoFactor: multiFactor(user).enrolledFactors.length > 0,
    mustEnrolTwoFactor: false,
  };
}

// The login toast shows Firebase's own code and message (docs/product.md, "The dashboard"), except for
// the answers the dashboard acts on, which use the port's codes.
function failure(error: unknown): SignInResult {
  const code = errorCode(error);
  if (code === "auth/invalid-verification-code") return INVALID_CODE;
  if (code === "auth/user-disabled") return DISABLED;
  return { ok: false, code: code ?? "auth/unknown", message: error instanceof Error ? error.message : String(error) };
}

export function authSession(auth: Auth) {
  /** The password was right, the second factor is still to come: for whom, and Firebase's resolver. */
  let pending: { email: string; resolver: MultiFactorResolver } | null = null;

  async function signedIn(user: User): Promise<SignInResult> {
    const staff = await staffOf(user);
    if (staff) return { ok: true, user: staff };
    await signOut(auth);
    return NOT_ADMIN;
  }

  /** The password alone: signed in, or Firebase's resolver when the account has a second factor. */
  async function withPassword(email: string, password: string): Promise<SignInResult | MultiFactorResolver> {
    try {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      return await signedIn(user);
    } catch (error) {
      if (errorCode(error) !== "auth/multi-factor-auth-required") throw error;
      return getMultiFactorResolver(auth, error as MultiFactorError);
    }
  }

  async function withCode(resolver: MultiFactorResolver, code: string): Promise<SignInResult> {
    const hint = resolver.hints.find((factor) => factor.factorId === TotpMultiFactorGenerator.FACTOR_ID);
    if (!hint) return NO_AUTHENTICATOR;
    const { user } = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code.replace(/\s+/g, "")),
    );
    return signedIn(user);
  }

  return {
    async signIn(email: string, password: string, code?: string): Promise<SignInResult> {
      const who = normal(email);
      try {
        let resolver = code !== undefined && pending?.email === who ? pending.resolver : null;
        if (!resolver) {
          pending = null;
          const first = await withPassword(email, password);
          if (!("hints" in first)) return first;
          resolver = first;
          pending = { email: who, resolver };
          if (code === undefined) return TWO_FACTOR_REQUIRED;
        }
        const result = await withCode(resolver, code!);
        pending = null;
        return result;
      } catch (error) {
        // A wrong code may be tried again with the same resolver; anything else starts over.
        if (errorCode(error) !== "auth/invalid-verification-code") pending = null;
        return failure(error);
      }
    },

    async signOut() {
      pending = null;
      await signOut(auth);
    },

    /** Waits until Firebase has restored (or not) the saved session, so a reload is not mistaken for signed out. */
    async currentUser(): Promise<CurrentStaff | null> {
      await auth.authStateReady();
      const user = auth.currentUser;
      return user ? staffOf(user) : null;
    },
  };
}
