import { collection, doc, type CollectionReference, type DocumentReference, type Firestore } from "firebase/firestore";
import type { Collection } from "../../domain/status";
import type { StaffSession } from "./staff-session";

// Where the lead workspace lives in Firestore, and the documents staff write there, field for field what
// firestore.rules accepts (tests/rules/workspace.test.ts). `now` is the serverTimestamp() sentinel, so
// the rules can require request.time: nobody chooses the time of a note or a timeline entry.
//
//   {collection}/{recordId}/notes/{noteId}    a note: create-only, deleted by its author within 15 minutes
//   {collection}/{recordId}/events/{eventId}  the record's timeline: status changes, assignments, deleted notes
//   staff/{uid}                               a staff member's profile: their email and availability
//   people/{personId}                         a person id back to its email (person-id.ts)

export const notesOf = (db: Firestore, target: Collection, recordId: string): CollectionReference => collection(db, target, recordId, "notes");
export const eventsOf = (db: Firestore, target: Collection, recordId: string): CollectionReference => collection(db, target, recordId, "events");
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

/** Written by each staff member for themself; the rules hold `email` to their sign-in. */
export function staffProfile(email: string, available: boolean) {
  return { email, available };
}

export function personDocument(email: string) {
  return { email };
}
