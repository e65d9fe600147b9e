import { collection, doc, type CollectionReference, type DocumentReference, type Firestore } from "firebase/firestore";
import type { Role } from "../../domain/staff";
import type { Collection } from "../../domain/status";
import type { StaffSession } from "./staff-session";

// Where the lead workspace lives in Firestore, and the documents staff write there, field for field what
// firestore.rules accepts (tests/rules/workspace.test.ts). `now` is the serverTimestamp() sentinel, so
// the rules can require request.time: nobody chooses the time of a note or a timeline entry.
//
//   {collection}/{recordId}/notes/{noteId}    a note: create-only, deleted by its author within 15 minutes
//   {collection}/{recordId}/events/{eventId}  the record's timeline: status changes, assignments, deleted notes
//   staff/{uid}                               a staff member's profile: what their sign-in says of them, and availability
//   people/{personId}                         a person id back to its email (person-id.ts)

export const notesOf = (db: Firestore, target: Collection, recordId: string): CollectionReference =>
  collection(db, target, recordId, "notes");
export const eventsOf = (db: Firestore, target: Collection, recordId: string): CollectionReference =>
  collection(db, target, recordId, "events");
export const staffRef = (db: Firestore, uid: string): DocumentReference => doc(db, "staff", uid);
export const personRef = (db: Firestore, personId: string): DocumentReference => doc(db, "people", personId);

/** A note as stored: the author's uid for the rules, their email for people to read. */
export function noteDocument<T>(body: string, author: StaffSession, now: T) {
  return { body, author: author.email, authorUid: author.uid, createdAt: now };
}

const by = (staff: StaffSession) => ({ by: staff.email, byUid: staff.uid });

export function statusChangedEvent<T>(from: string, to: string, staff: StaffSession, now: T) {
  return { kind: "status-changed" as const, from, to, ...by(staff), at: now };
}

export function assignedEvent<T>(from: string | null, to: string | null, staff: StaffSession, now: T) {
  return { kind: "assigned" as const, from, to, ...by(staff), at: now };
}

/**
 * A deleted note's entry has an id made from the note's, so the rules can insist that deleting a note
 * writes it in the same request: a note cannot disappear without a trace.
 */
export const noteDeletedEventId = (noteId: string) => `note-deleted-${noteId}`;

export function noteDeletedEvent<T>(noteId: string, staff: StaffSession, now: T) {
  return { kind: "note-deleted" as const, noteId, ...by(staff), at: now };
}

/**
 * What a staff member's profile says of them, each copied from their own ID token, which is what the
 * rules hold every field to: the email, the display name (the token's `name`, or null), the role claim,
 * whether this sign-in used a second factor, and when it was (the token's auth_time). `T` is a Firestore
 * Timestamp. Informational only: the rules decide by the claim, never by the profile.
 */
export interface ProfileFacts<T> {
  email: string;
  name: string | null;
  role: Role;
  twoFactor: boolean;
  lastSignInAt: T;
}

/**
 * Written by each staff member for themself. `disabled` is never written here: only the project owner
 * sets it (the console or the Admin SDK), and the rules refuse a staff member who touches it.
 */
export function staffProfile<T>(facts: ProfileFacts<T>, available: boolean) {
  return {
    email: facts.email,
    name: facts.name,
    role: facts.role,
    twoFactor: facts.twoFactor,
    lastSignInAt: facts.lastSignInAt,
    available,
  };
}

export function personDocument(email: string) {
  return { email };
}
