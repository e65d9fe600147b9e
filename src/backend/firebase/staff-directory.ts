import type { Auth } from "firebase/auth";
import { collection, getDoc, getDocs, limit, query, setDoc, where, type Firestore } from "firebase/firestore";
import type { StaffMember } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { adminCall } from "./admin-errors";
import { signedInStaff, type StaffSession } from "./staff-session";
import { staffProfile, staffRef } from "./workspace-documents";

// Who is staff, for the owner pickers and the owner check. Staff are the accounts with the admin claim,
// and a browser cannot list Firebase Auth accounts, so each staff member keeps a profile, staff/{uid}
// {email, available}, which they write for themself (the rules allow nobody else) the first time the
// dashboard asks for the staff list in a session. Someone who has never opened the dashboard since is
// not listed yet, and a revoked account stays listed until its profile is deleted in the console.

/** More staff than any team this is for; the list is one bounded read. */
export const STAFF_LIMIT = 500;

/** A new profile takes part in round-robin, as a new server account does (it means nothing here). */
const DEFAULT_AVAILABLE = true;

const normal = (email: string) => email.trim().toLowerCase();

export function staffDirectory(db: Firestore, auth: Auth) {
  // One profile check per signed-in account and page load; a failed one is tried again next time.
  const profiles = new Map<string, Promise<StaffSession>>();

  async function writeOwnProfile(staff: StaffSession): Promise<StaffSession> {
    const ref = staffRef(db, staff.uid);
    const existing = await getDoc(ref);
    const stored: unknown = existing.get("email");
    if (!existing.exists() || stored !== staff.email) {
      const available: unknown = existing.get("available");
      await setDoc(ref, staffProfile(staff.email, typeof available === "boolean" ? available : DEFAULT_AVAILABLE));
    }
    return staff;
  }

  /** The signed-in staff member, once their profile is in the staff list. */
  function ensureOwnProfile(): Promise<StaffSession> {
    const staff = signedInStaff(auth);
    let ready = profiles.get(staff.uid);
    if (!ready) {
      ready = writeOwnProfile(staff);
      profiles.set(staff.uid, ready);
      ready.catch(() => profiles.delete(staff.uid));
    }
    return ready;
  }

  return {
    /** Every staff profile, by email. */
    list: () =>
      adminCall(async () => {
        await ensureOwnProfile();
        const { docs } = await getDocs(query(collection(db, "staff"), limit(STAFF_LIMIT)));
        const members = new Map<string, StaffMember>();
        for (const snapshot of docs) {
          const email: unknown = snapshot.get("email");
          if (typeof email === "string") members.set(email, { email, available: snapshot.get("available") === true });
        }
        return [...members.values()].sort((a, b) => a.email.localeCompare(b.email));
      }),

    /** The staff email `email` names (trimmed, lower-cased), or null when no staff profile has it. */
    find: (email: string) =>
      adminCall(async () => {
        await ensureOwnProfile();
        const wanted = normal(email);
        const { docs } = await getDocs(query(collection(db, "staff"), where("email", "==", wanted), limit(1)));
        return docs.length > 0 ? wanted : null;
      }),

    /** Only one's own: a profile is its owner's to write (firestore.rules). */
    setAvailable: (email: string, available: boolean) =>
      adminCall(async () => {
        const staff = await ensureOwnProfile();
        if (normal(email) !== normal(staff.email)) {
          throw new AdminApiError(403, "forbidden", "On Firebase a staff member can change only their own availability.");
        }
        await setDoc(staffRef(db, staff.uid), staffProfile(staff.email, available));
        return { email: staff.email, available };
      }),
  };
}

export type StaffDirectory = ReturnType<typeof staffDirectory>;
