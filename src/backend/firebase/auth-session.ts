import { getIdTokenResult, signInWithEmailAndPassword, signOut, type Auth, type User } from "firebase/auth";
import type { SignInResult } from "../admin-port";
import { errorCode } from "./write-errors";

// Staff sign-in with Firebase Auth. Staff rights are the custom claim admin: true (set by
// `npm run firebase:grant-admin`), the same claim firestore.rules checks; an account without it is not
// signed in as far as the dashboard is concerned.

export const NOT_ADMIN: SignInResult = { ok: false, code: "auth/not-admin", message: "This account is not a staff account." };

async function hasAdminClaim(user: User): Promise<boolean> {
  const token = await getIdTokenResult(user);
  return token.claims.admin === true;
}

export function authSession(auth: Auth) {
  return {
    async signIn(email: string, password: string): Promise<SignInResult> {
      try {
        const { user } = await signInWithEmailAndPassword(auth, email, password);
        if (await hasAdminClaim(user)) return { ok: true, email: user.email ?? email };
        await signOut(auth);
        return NOT_ADMIN;
      } catch (error) {
        // The login toast shows Firebase's own code and message (docs/product.md, "The dashboard").
        return { ok: false, code: errorCode(error) ?? "auth/unknown", message: error instanceof Error ? error.message : String(error) };
      }
    },

    signOut: () => signOut(auth),

    /** Waits until Firebase has restored (or not) the saved session, so a reload is not mistaken for signed out. */
    async currentUser(): Promise<{ email: string } | null> {
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user || !(await hasAdminClaim(user))) return null;
      return { email: user.email ?? "" };
    },
  };
}
