import { createHash } from "node:crypto";
import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import {
  assignedEvent,
  noteDeletedEvent,
  noteDeletedEventId,
  noteDocument,
  personDocument,
  statusChangedEvent,
} from "../../src/backend/firebase/workspace-documents";
import { formNamed, withChanges, type Doc } from "./forms";
import { ACCOUNTS, dbAs, NOT_STAFF, profileOf, SECOND_FACTOR, seed, useRulesClients, type Account } from "./rules-env";

// The lead workspace's writes, each for staff, anonymous visitors and signed-in accounts without a staff
// role: notes (create-only, deleted by their author within 15 minutes, leaving a timeline entry),
// timeline entries, a record's owner and first-response time, staff profiles and person ids. Documents
// are built with the adapter's own code (src/backend/firebase/workspace-documents.ts). "Staff" here is an
// admin; the same writes as a sales rep: roles.test.ts.

const rules = useRulesClients("demo-erf-rules-workspace");

const staff = ACCOUNTS.admin;
const colleague = ACCOUNTS.colleague;
const x = (length: number) => "x".repeat(length);
const minutesAgo = (minutes: number) => Timestamp.fromMillis(Date.now() - minutes * 60_000);

/** A record of the form's kind, stored as a visitor's form left it (status new, no owner, no first response). */
async function seedRecord(
  name: "contact" | "signup" | "demo" | "newsletter",
  change: Doc = {},
): Promise<{ collection: string; id: string }> {
  const form = formNamed(name);
  const { id, data } = form.valid();
  await seed(rules.env, form.collection, id, { ...data, ...change });
  return { collection: form.collection, id };
}

const as = (role: Account | "anonymous"): Firestore => (role === "admin" ? rules.admin : dbAs(rules.env, role));

/** A note and the record's touch, in one request, as the adapter's transaction writes them. */
function writeNote(
  db: Firestore,
  record: { collection: string; id: string },
  note: Doc,
  touch: Doc = { activityAt: serverTimestamp(), firstResponseAt: serverTimestamp() },
  noteId = "note-1",
) {
  const batch = writeBatch(db);
  batch.set(doc(db, record.collection, record.id, "notes", noteId), note);
  if (Object.keys(touch).length > 0) batch.update(doc(db, record.collection, record.id), touch);
  return batch.commit();
}

const aNote = (body = "Called, left a message.", author: { uid: string; email: string } = staff) =>
  noteDocument(body, author, serverTimestamp());

/** A note already there, written `minutes` ago by `author`. */
async function seedNote(
  record: { collection: string; id: string },
  minutes: number,
  author: { uid: string; email: string } = staff,
  noteId = "note-1",
) {
  await seed(
    rules.env,
    `${record.collection}/${record.id}/notes`,
    noteId,
    noteDocument("An earlier note", author, minutesAgo(minutes)),
  );
}

/** Deletes a note with its "note-deleted" entry and the record's touch, as the adapter does. */
function deleteNoteAs(
  db: Firestore,
  record: { collection: string; id: string },
  by: { uid: string; email: string },
  { withEntry = true, noteId = "note-1" } = {},
) {
  const batch = writeBatch(db);
  batch.delete(doc(db, record.collection, record.id, "notes", noteId));
  if (withEntry)
    batch.set(
      doc(db, record.collection, record.id, "events", noteDeletedEventId(noteId)),
      noteDeletedEvent(noteId, by, serverTimestamp()),
    );
  batch.update(doc(db, record.collection, record.id), { activityAt: serverTimestamp() });
  return batch.commit();
}

describe("notes", () => {
  let lead: { collection: string; id: string };
  beforeEach(async () => {
    lead = await seedRecord("signup");
  });

  it("staff add one, starting the speed-to-lead clock; nobody else can", async () => {
    const visitor = ACCOUNTS["signed-in visitor"];
    const subscription = await seedRecord("newsletter");
    for (const role of NOT_STAFF) {
      await assertFails(writeNote(as(role), lead, aNote("Hello", visitor)));
      // A subscription needs no clock: the note alone, written as the caller's own account.
      await assertFails(writeNote(as(role), subscription, aNote("Hello", visitor), {}));
    }
    await assertSucceeds(writeNote(rules.admin, lead, aNote()));
  });

  it("are plain text of 1 to 5,000 characters, trimmed", async () => {
    await assertSucceeds(writeNote(rules.admin, lead, aNote(x(5000)), undefined, "at-the-limit"));
    await assertFails(writeNote(rules.admin, lead, aNote(x(5001)), { activityAt: serverTimestamp() }, "too-long"));
    await assertFails(writeNote(rules.admin, lead, aNote("   "), { activityAt: serverTimestamp() }, "blank"));
    await assertFails(writeNote(rules.admin, lead, aNote(" padded "), { activityAt: serverTimestamp() }, "untrimmed"));
    await assertFails(
      writeNote(rules.admin, lead, { ...aNote(), body: 42 }, { activityAt: serverTimestamp() }, "not-text"),
    );
  });

  it("carry their author's own uid and email, the server's time and nothing else", async () => {
    await assertFails(writeNote(rules.admin, lead, aNote("Mine", colleague)));
    await assertFails(writeNote(rules.admin, lead, aNote("Mine", { uid: staff.uid, email: colleague.email })));
    await assertFails(writeNote(rules.admin, lead, { ...aNote(), createdAt: minutesAgo(1) }));
    await assertFails(writeNote(rules.admin, lead, { ...aNote(), pinned: true }));
  });

  it("on a lead or contact with no first response must set it, to the server's time", async () => {
    await assertFails(writeNote(rules.admin, lead, aNote(), { activityAt: serverTimestamp() }));
    await assertFails(
      writeNote(rules.admin, lead, aNote(), { activityAt: serverTimestamp(), firstResponseAt: minutesAgo(3) }),
    );
    const answered = await seedRecord("contact", { status: "contacted", firstResponseAt: minutesAgo(30) });
    await assertSucceeds(writeNote(rules.admin, answered, aNote(), { activityAt: serverTimestamp() }));
    await assertFails(writeNote(rules.admin, answered, aNote(), { firstResponseAt: serverTimestamp() }, "note-2"));
  });

  it("may go on a subscription, which has no clock; never on a record that does not exist", async () => {
    const subscription = await seedRecord("newsletter");
    await assertSucceeds(writeNote(rules.admin, subscription, aNote(), { activityAt: serverTimestamp() }));
    await assertFails(writeNote(rules.admin, { collection: "leads", id: "no-such-lead" }, aNote(), {}));
    await assertFails(setDoc(doc(rules.admin, "staff", staff.uid, "notes", "n1"), aNote()));
  });

  it("are read by staff only, and never changed", async () => {
    await seedNote(lead, 1);
    const notes = (db: Firestore) => getDocs(collection(db, lead.collection, lead.id, "notes"));
    await assertSucceeds(notes(rules.admin));
    for (const role of NOT_STAFF) await assertFails(notes(as(role)));
    await assertFails(updateDoc(doc(rules.admin, lead.collection, lead.id, "notes", "note-1"), { body: "Rewritten" }));
  });

  it("are deleted by their author within 15 minutes, leaving a note-deleted entry", async () => {
    await seedNote(lead, 14);
    await assertFails(deleteNoteAs(rules.admin, lead, staff, { withEntry: false }));
    for (const role of NOT_STAFF) await assertFails(deleteNoteAs(as(role), lead, ACCOUNTS["signed-in visitor"]));
    await assertSucceeds(deleteNoteAs(rules.admin, lead, staff));
  });

  it("are not deleted by someone else, nor after 15 minutes", async () => {
    await seedNote(lead, 1, colleague);
    await assertFails(deleteNoteAs(rules.admin, lead, staff));
    await seedNote(lead, 16, staff, "old-note");
    await assertFails(deleteNoteAs(rules.admin, lead, staff, { noteId: "old-note" }));
    await assertFails(deleteDoc(doc(rules.admin, lead.collection, lead.id, "notes", "old-note")));
    await assertSucceeds(deleteNoteAs(dbAs(rules.env, "colleague"), lead, colleague));
  });
});

describe("timeline entries", () => {
  let lead: { collection: string; id: string };
  const events = (db: Firestore) => collection(db, lead.collection, lead.id, "events");
  beforeEach(async () => {
    lead = await seedRecord("demo");
  });

  it("are written by staff, as themself, at the server's time", async () => {
    await assertSucceeds(
      setDoc(doc(events(rules.admin)), statusChangedEvent("new", "contacted", staff, serverTimestamp())),
    );
    await assertSucceeds(setDoc(doc(events(rules.admin)), assignedEvent(null, staff.email, staff, serverTimestamp())));
    for (const role of NOT_STAFF)
      await assertFails(
        setDoc(
          doc(events(as(role))),
          statusChangedEvent("new", "contacted", ACCOUNTS["signed-in visitor"], serverTimestamp()),
        ),
      );
    await assertFails(
      setDoc(doc(events(rules.admin)), statusChangedEvent("new", "contacted", colleague, serverTimestamp())),
    );
    await assertFails(setDoc(doc(events(rules.admin)), statusChangedEvent("new", "contacted", staff, minutesAgo(5))));
  });

  it("hold only known kinds, statuses and owners", async () => {
    await assertFails(
      setDoc(doc(events(rules.admin)), statusChangedEvent("new", "archived", staff, serverTimestamp())),
    );
    await assertFails(
      setDoc(doc(events(rules.admin)), {
        ...statusChangedEvent("new", "closed", staff, serverTimestamp()),
        kind: "deleted",
      }),
    );
    await assertFails(setDoc(doc(events(rules.admin)), assignedEvent(null, x(255), staff, serverTimestamp())));
    await assertFails(
      setDoc(doc(events(rules.admin)), { ...assignedEvent(null, staff.email, staff, serverTimestamp()), note: "why" }),
    );
    const subscription = await seedRecord("newsletter");
    await assertFails(
      setDoc(
        doc(collection(rules.admin, "newsletter", subscription.id, "events")),
        assignedEvent(null, staff.email, staff, serverTimestamp()),
      ),
    );
  });

  it("name a deleted note by their id", async () => {
    await assertFails(
      setDoc(doc(events(rules.admin), "some-other-id"), noteDeletedEvent("note-1", staff, serverTimestamp())),
    );
  });

  it("are read by staff only, and never changed or deleted", async () => {
    const ref = doc(events(rules.admin), "e1");
    await assertSucceeds(setDoc(ref, statusChangedEvent("new", "contacted", staff, serverTimestamp())));
    await assertSucceeds(getDocs(events(rules.admin)));
    for (const role of NOT_STAFF) await assertFails(getDocs(events(as(role))));
    await assertFails(updateDoc(ref, { to: "closed" }));
    await assertFails(deleteDoc(ref));
  });
});

describe("a record's owner and first response", () => {
  let contact: { collection: string; id: string };
  const ref = (db: Firestore) => doc(db, contact.collection, contact.id);
  beforeEach(async () => {
    contact = await seedRecord("contact");
  });

  it("staff set the owner to a staff email or nobody; nobody else can", async () => {
    await assertSucceeds(updateDoc(ref(rules.admin), { owner: colleague.email }));
    await assertSucceeds(updateDoc(ref(rules.admin), { owner: null }));
    for (const role of NOT_STAFF)
      await assertFails(updateDoc(ref(as(role)), { owner: ACCOUNTS["signed-in visitor"].email }));
  });

  it("refuses an owner that is not an email-sized text", async () => {
    await assertFails(updateDoc(ref(rules.admin), { owner: x(255) }));
    await assertFails(updateDoc(ref(rules.admin), { owner: "" }));
    await assertFails(updateDoc(ref(rules.admin), { owner: 7 }));
  });

  it("sets the first response with the change that first moves a record out of new, to the server's time", async () => {
    await assertFails(updateDoc(ref(rules.admin), { status: "contacted" }));
    await assertFails(updateDoc(ref(rules.admin), { status: "contacted", firstResponseAt: minutesAgo(2) }));
    await assertSucceeds(updateDoc(ref(rules.admin), { status: "contacted", firstResponseAt: serverTimestamp() }));
    // Set once: never again, not even to the server's time.
    await assertFails(updateDoc(ref(rules.admin), { firstResponseAt: serverTimestamp() }));
    await assertFails(updateDoc(ref(rules.admin), { firstResponseAt: null }));
    await assertSucceeds(updateDoc(ref(rules.admin), { status: "new" }));
    await assertSucceeds(updateDoc(ref(rules.admin), { status: "qualified" }));
  });

  it("lets only staff set it, and only alone when a note starts the clock", async () => {
    for (const role of NOT_STAFF) await assertFails(updateDoc(ref(as(role)), { firstResponseAt: serverTimestamp() }));
    await assertSucceeds(
      updateDoc(ref(rules.admin), { firstResponseAt: serverTimestamp(), activityAt: serverTimestamp() }),
    );
  });

  it("touches activity only at the server's time, and changes nothing else", async () => {
    await assertFails(updateDoc(ref(rules.admin), { activityAt: minutesAgo(1) }));
    await assertFails(updateDoc(ref(rules.admin), { owner: staff.email, email: "changed@example.com" }));
    await assertFails(updateDoc(ref(rules.admin), { responseMs: 1 }));
  });

  it("cannot be chosen by a visitor's form", async () => {
    const form = formNamed("demo");
    const { id, data } = form.valid();
    await assertFails(setDoc(doc(rules.visitor, "leads", id), { ...data, owner: staff.email }));
    await assertFails(setDoc(doc(rules.visitor, "leads", id), { ...data, firstResponseAt: serverTimestamp() }));
    await assertFails(setDoc(doc(rules.visitor, "leads", id), withChanges(data, { owner: undefined })));
    await assertSucceeds(setDoc(doc(rules.visitor, "leads", id), data));
  });

  it("is not on a subscription", async () => {
    const subscription = await seedRecord("newsletter");
    const entry = doc(rules.admin, "newsletter", subscription.id);
    await assertFails(updateDoc(entry, { owner: staff.email }));
    await assertFails(updateDoc(entry, { firstResponseAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(entry, { status: "unsubscribed", activityAt: serverTimestamp() }));
  });
});

describe("staff profiles", () => {
  const profile = (db: Firestore, uid: string) => doc(db, "staff", uid);

  it("a staff member writes their own, every fact as their token says", async () => {
    await assertSucceeds(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true)));
    await assertSucceeds(setDoc(profile(rules.admin, staff.uid), profileOf("admin", false)));
    await assertFails(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true, { email: colleague.email })));
    await assertFails(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true, { role: "sales" })));
    await assertFails(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true, { name: "Someone Else" })));
    await assertFails(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true, { twoFactor: true })));
    await assertFails(
      setDoc(profile(rules.admin, staff.uid), profileOf("admin", true, { lastSignInAt: minutesAgo(1) })),
    );
    await assertFails(setDoc(profile(rules.admin, staff.uid), { ...profileOf("admin", true), admin: true }));
    await assertFails(setDoc(profile(rules.admin, staff.uid), { ...profileOf("admin", true), available: "yes" }));
    const { lastSignInAt: _dropped, ...withoutTime } = profileOf("admin", true);
    await assertFails(setDoc(profile(rules.admin, staff.uid), withoutTime));
  });

  it("copies the display name and a second factor only from a token that has them", async () => {
    const named = dbAs(rules.env, "admin", { name: "Thandi Nkosi" });
    await assertSucceeds(setDoc(profile(named, staff.uid), profileOf("admin", true, { name: "Thandi Nkosi" })));
    await assertFails(setDoc(profile(named, staff.uid), profileOf("admin", true)));
    const withCode = dbAs(rules.env, "admin", SECOND_FACTOR);
    await assertSucceeds(setDoc(profile(withCode, staff.uid), profileOf("admin", true, { twoFactor: true })));
    await assertFails(setDoc(profile(withCode, staff.uid), profileOf("admin", true, { twoFactor: false })));
  });

  it("never sets or clears `disabled`, which is the project owner's, but keeps it through their own writes", async () => {
    await assertFails(setDoc(profile(rules.admin, staff.uid), { ...profileOf("admin", true), disabled: false }));
    await seed(rules.env, "staff", staff.uid, { ...profileOf("admin", true), disabled: true });
    await assertSucceeds(setDoc(profile(rules.admin, staff.uid), profileOf("admin", false), { merge: true }));
    await assertFails(updateDoc(profile(rules.admin, staff.uid), { disabled: false }));
    await assertFails(setDoc(profile(rules.admin, staff.uid), profileOf("admin", true)));
  });

  it("nobody writes another's, and accounts without a staff role none at all", async () => {
    await assertFails(setDoc(profile(rules.admin, colleague.uid), profileOf("colleague", false)));
    await assertFails(setDoc(profile(rules.admin, colleague.uid), profileOf("admin", false)));
    for (const role of NOT_STAFF) {
      if (role === "anonymous") continue;
      await assertFails(setDoc(profile(as(role), ACCOUNTS[role].uid), profileOf(role, true)));
    }
    await assertFails(
      setDoc(profile(rules.visitor, "anyone"), { ...profileOf("admin", true), email: "anyone@example.com" }),
    );
  });

  it("are read by staff only, and never deleted", async () => {
    await seed(rules.env, "staff", colleague.uid, profileOf("colleague", true));
    await assertSucceeds(getDocs(collection(rules.admin, "staff")));
    for (const role of NOT_STAFF) await assertFails(getDocs(collection(as(role), "staff")));
    await assertFails(deleteDoc(profile(rules.admin, staff.uid)));
    await assertFails(deleteDoc(profile(dbAs(rules.env, "colleague"), colleague.uid)));
  });
});

describe("person ids", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const email = "pieter@example.com";

  it("staff record which address an id stands for: its SHA-256, lower case", async () => {
    await assertFails(setDoc(doc(rules.admin, "people", sha256("someone@else.com")), personDocument(email)));
    await assertFails(
      setDoc(doc(rules.admin, "people", sha256("Pieter@Example.com")), personDocument("Pieter@Example.com")),
    );
    await assertFails(setDoc(doc(rules.admin, "people", sha256(email)), { ...personDocument(email), name: "Pieter" }));
    for (const role of NOT_STAFF)
      await assertFails(setDoc(doc(as(role), "people", sha256(email)), personDocument(email)));
    await assertSucceeds(setDoc(doc(rules.admin, "people", sha256(email)), personDocument(email)));
  });

  it("are read by staff only, and never changed", async () => {
    await seed(rules.env, "people", sha256(email), personDocument(email));
    await assertSucceeds(getDoc(doc(rules.admin, "people", sha256(email))));
    for (const role of NOT_STAFF) await assertFails(getDoc(doc(as(role), "people", sha256(email))));
    await assertFails(setDoc(doc(rules.admin, "people", sha256(email)), personDocument(email)));
    await assertFails(deleteDoc(doc(rules.admin, "people", sha256(email))));
  });
});
