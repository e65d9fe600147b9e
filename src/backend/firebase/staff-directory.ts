import { getIdTokenResult, type Auth } from "firebase/auth";
import {
  collection,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  Timestamp,
  where,
  type DocumentSnapshot,
  type Firestore,
} from "firebase/firestore";
import { ROLES, type StaffAccount } from "../../domain/staff";
import type { StaffMember } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { adminCall } from "./admin-errors";
import { roleFromClaims } from "./staff-claims";
import { signedInStaff, type StaffSession } from "./staff-session";
import { staffProfile, staffRef, type ProfileFacts } from "./workspace-documents";

// Who is staff, for the owner pickers, the owner check and the Team tab. Staff are the accounts with a
// role claim, and a browser cannot list Firebase Auth accounts, so each staff member keeps a profile,
// staff/{uid}, which they write for themself (the rules allow nobody else) the first time the dashboard
// asks for the staff list in a session: their email, name, role, whether they signed in with a second
// factor and when, each a copy of their ID token that the rules check, and their availability. The
// project owner may add `disabled: true` (console or Admin SDK) to mark a former member. Someone who has
// never opened the dashboard since is not listed yet, and a revoked account stays listed until its
// profile is deleted or marked disabled.

/** More staff than any team this is for; the list is one bounded read. */
export const STAFF_LIMIT = 500;

/** A new profile takes part in round-robin, as a new server account does (it means nothing here). */
const DEFAULT_AVAILABLE = true;

const normal = (email: string) => email.trim().toLowerCase();

/** The signed-in member and what their profile must say of them, from their ID token. */
async function ownFacts(auth: Auth): Promise<{ staff: StaffSession; facts: ProfileFacts<Timestamp> }> {
  const staff = signedInStaff(auth);
  const { claims, signInSecondFactor } = await getIdTokenResult(auth.currentUser!);
  const role = roleFromClaims(claims);
  if (!role) throw new AdminApiError(403, "forbidden", "This account is not a staff account.");
  return {
    staff,
    facts: {
      email: staff.email,
      name: typeof claims.name === "string" ? claims.name : null,
      role,
      twoFactor: signInSecondFactor != null,
      lastSignInAt: Timestamp.fromMillis(Number(claims.auth_time) * 1000),
    },
  };
}

function isCurrent(existing: DocumentSnapshot, facts: ProfileFacts<Timestamp>): boolean {
  const stored: unknown = existing.get("lastSignInAt");
  return (
    existing.exists() &&
    existing.get("email") === facts.email &&
    existing.get("name") === facts.name &&
    existing.get("role") === facts.role &&
    existing.get("twoFactor") === facts.twoFactor &&
    stored instanceof Timestamp &&
    stored.isEqual(facts.lastSignInAt) &&
    typeof existing.get("available") === "boolean"
  );
}

/** A profile as the Team tab lists it. Profiles from before roles were written by admins, the only staff then. */
function accountOf(snapshot: DocumentSnapshot): StaffAccount | null {
  const email: unknown = snapshot.get("email");
  if (typeof email !== "string") return null;
  const name: unknown = snapshot.get("name");
  const lastSignInAt: unknown = snapshot.get("lastSignInAt");
  return {
    email,
    name: typeof name === "string" ? name : null,
    role: ROLES.find((role) => role === snapshot.get("role")) ?? "admin",
    disabled: snapshot.get("disabled") === true,
    twoFactor: snapshot.get("twoFactor") === true,
    lastSignInAt: lastSignInAt instanceof Timestamp ? lastSignInAt.toDate().toISOString() : null,
    available: snapshot.get("available") === true,
  };
}

export function staffDirectory(db: Firestore, auth: Auth) {
  // One profile check per signed-in session and page load; a failed one is tried again next time.
  const profiles = new Map<string, Promise<StaffSession>>();

  async function writeOwnProfile(staff: StaffSession, facts: ProfileFacts<Timestamp>): Promise<StaffSession> {
    const ref = staffRef(db, staff.uid);
    const existing = await getDoc(ref);
    if (!isCurrent(existing, facts)) {
      const available: unknown = existing.get("available");
      // Merged, so `disabled`, which only the project owner sets, stays as it is.
      await setDoc(ref, staffProfile(facts, typeof available === "boolean" ? available : DEFAULT_AVAILABLE), {
        merge: true,
      });
    }
    return staff;
  }

  /** The signed-in staff member, once their profile is in the staff list and says what their sign-in does. */
  async function ensureOwnProfile(): Promise<StaffSession> {
    const { staff, facts } = await ownFacts(auth);
    const key = JSON.stringify([staff.uid, facts.role, facts.name, facts.twoFactor, facts.lastSignInAt.toMillis()]);
    let ready = profiles.get(key);
    if (!ready) {
      ready = writeOwnProfile(staff, facts);
      profiles.set(key, ready);
      ready.catch(() => profiles.delete(key));
    }
    return ready;
  }

  return {
    /** Every staff profile, by email. */
    list: () =>
      adminCall(async () => {
        await ensureOwnProfile();
        const { docs } = await getDocs(query(collection(db, "staff"), limit(STAFF_LIMIT)));
        const accounts = new Map<string, StaffAccount>();
        for (const snapshot of docs) {
          const account = accountOf(snapshot);
          if (account) accounts.set(account.email, account);
        }
        return [...accounts.values()].sort((a, b) => a.email.localeCompare(b.email));
      }),

    /**
     * The staff email `email` names (trimmed, lower-cased), or null when no staff profile has it, or only
     * one marked disabled: a former member stays owner of their records but is not chosen as a new one.
     */
    find: (email: string) =>
      adminCall(async () => {
        await ensureOwnProfile();
        const wanted = normal(email);
        const { docs } = await getDocs(query(collection(db, "staff"), where("email", "==", wanted), limit(10)));
        return docs.some((snapshot) => snapshot.get("disabled") !== true) ? wanted : null;
      }),

    /** Only one's own: a profile is its owner's to write (firestore.rules). */
    setAvailable: (email: string, available: boolean): Promise<StaffMember> =>
      adminCall(async () => {
        await ensureOwnProfile();
        const { staff, facts } = await ownFacts(auth);
        if (normal(email) !== normal(staff.email)) {
          throw new AdminApiError(
            403,
            "forbidden",
            "On Firebase a staff member can change only their own availability.",
          );
        }
        await setDoc(staffRef(db, staff.uid), staffProfile(facts, available), { merge: true });
        return { email: staff.email, available };
      }),
  };
}

export type StaffDirectory = ReturnType<typeof staffDirectory>;
