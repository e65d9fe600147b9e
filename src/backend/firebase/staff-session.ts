import type { Auth } from "firebase/auth";
import { AdminApiError } from "../admin-port";

// Who is writing: the signed-in staff member as firestore.rules sees them (request.auth.uid and the
// token's email). Notes and timeline entries carry both, and the rules hold them to the caller.

export interface StaffSession {
  uid: string;
  /** The account's email as Firebase Auth has it: what notes, events and owners show. */
  email: string;
}

export function signedInStaff(auth: Auth): StaffSession {
  const user = auth.currentUser;
  if (!user?.email) throw new AdminApiError(401, "unauthenticated", "Sign in first.");
  return { uid: user.uid, email: user.email };
}
