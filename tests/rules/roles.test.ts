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
import { formNamed, submissionOf, writeSubmission } from "./forms";
import { ACCOUNTS, dbAs, profileOf, ROLES, seed, STAFF, useRulesClients, type Role } from "./rules-env";

// The roles on every path in Firestore. Everything stored there is what the "records" capability covers
// (src/domain/staff.ts): records and their status, owner and first response, notes, timelines, person
// ids, the consent ledger a person's timeline shows, and the staff list. So a sales rep may do there what
// an admin may, and the rules' differences are who is staff at all (a known role, or admin: true from
// before roles) and that a profile's role is its owner's own claim. The privacy tools, the audit log,
// managing staff and settings such as round-robin have no documents on Firebase: any such path is denied
// to every role, admins included. The records' own operations for every role: matrix.test.ts.

const rules = useRulesClients("demo-erf-rules-roles");

const sales = ACCOUNTS.sales;
const admin = ACCOUNTS.admin;
const minutesAgo = (minutes: number) => Timestamp.fromMillis(Date.now() - minutes * 60_000);
const as = (role: Role | "sales colleague"): Firestore => dbAs(rules.env, role);

async function seedRecord(name: "contact" | "signup" | "newsletter"): Promise<{ collection: string; id: string }> {
  const form = formNamed(name);
  const { id, data } = form.valid();
  await seed(rules.env, form.collection, id, data);
  return { collection: form.collection, id };
}

/** A note by `author` and the record's touch (activity and, on a lead or contact, the first response). */
function writeNote(
  db: Firestore,
  record: { collection: string; id: string },
  author: { uid: string; email: string },
  noteId = "note-1",
) {
  const batch = writeBatch(db);
  batch.set(
    doc(db, record.collection, record.id, "notes", noteId),
    noteDocument("Called, left a message.", author, serverTimestamp()),
  );
  const touch =
    record.collection === "newsletter"
      ? { activityAt: serverTimestamp() }
      : { activityAt: serverTimestamp(), firstResponseAt: serverTimestamp() };
  batch.update(doc(db, record.collection, record.id), touch);
  return batch.commit();
}

function deleteNote(
  db: Firestore,
  record: { collection: string; id: string },
  by: { uid: string; email: string },
  noteId = "note-1",
) {
  const batch = writeBatch(db);
  batch.delete(doc(db, record.collection, record.id, "notes", noteId));
  batch.set(
    doc(db, record.collection, record.id, "events", noteDeletedEventId(noteId)),
    noteDeletedEvent(noteId, by, serverTimestamp()),
  );
  batch.update(doc(db, record.collection, record.id), { activityAt: serverTimestamp() });
  return batch.commit();
}

describe("the sales role on a record", () => {
  let lead: { collection: string; id: string };
  beforeEach(async () => {
    lead = await seedRecord("signup");
  });

  it("changes its status and owner, starting the clock, with its timeline entries as themself", async () => {
    const db = as("sales");
    const batch = writeBatch(db);
    batch.update(doc(db, lead.collection, lead.id), {
      status: "contacted",
      owner: admin.email,
      firstResponseAt: serverTimestamp(),
    });
    batch.set(
      doc(collection(db, lead.collection, lead.id, "events")),
      statusChangedEvent("new", "contacted", sales, serverTimestamp()),
    );
    batch.set(
      doc(collection(db, lead.collection, lead.id, "events")),
      assignedEvent(null, admin.email, sales, serverTimestamp()),
    );
    await assertSucceeds(batch.commit());
    await assertSucceeds(updateDoc(doc(db, lead.collection, lead.id), { owner: sales.email }));
    await assertSucceeds(getDocs(collection(db, lead.collection, lead.id, "events")));
    await assertFails(
      setDoc(
        doc(collection(db, lead.collection, lead.id, "events")),
        statusChangedEvent("contacted", "closed", admin, serverTimestamp()),
      ),
    );
    await assertFails(updateDoc(doc(db, lead.collection, lead.id), { email: "changed@example.com" }));
    await assertFails(deleteDoc(doc(db, lead.collection, lead.id)));
  });

  it("writes and reads notes, and deletes only their own, within 15 minutes", async () => {
    await assertFails(writeNote(as("sales"), lead, admin));
    await assertSucceeds(writeNote(as("sales"), lead, sales));
    await assertSucceeds(getDocs(collection(as("sales"), lead.collection, lead.id, "notes")));
    await seed(
      rules.env,
      `${lead.collection}/${lead.id}/notes`,
      "admins-note",
      noteDocument("The admin's note", admin, minutesAgo(1)),
    );
    await assertFails(deleteNote(as("sales"), lead, sales, "admins-note"));
    await assertFails(deleteNote(as("sales colleague"), lead, ACCOUNTS["sales colleague"]));
    await assertSucceeds(deleteNote(as("sales"), lead, sales));
  });

  it("works a subscription as admins do: its status and notes, never an owner", async () => {
    const subscription = await seedRecord("newsletter");
    const db = as("sales");
    await assertSucceeds(updateDoc(doc(db, "newsletter", subscription.id), { status: "unsubscribed" }));
    await assertSucceeds(writeNote(db, subscription, sales));
    await assertFails(updateDoc(doc(db, "newsletter", subscription.id), { owner: sales.email }));
  });
});

describe("the sales role on the lead workspace's other documents", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("records and reads a person id", async () => {
    const email = "pieter@example.com";
    await assertSucceeds(setDoc(doc(as("sales"), "people", sha256(email)), personDocument(email)));
    await assertSucceeds(getDoc(doc(as("sales"), "people", sha256(email))));
    await assertFails(setDoc(doc(as("sales"), "people", sha256(email)), personDocument(email)));
  });

  it("reads the consent ledger (a person's timeline shows it), and never writes it", async () => {
    const valid = submissionOf("newsletter");
    await writeSubmission(rules.visitor, "newsletter", valid);
    const entry = doc(as("sales"), "consents", valid.ledger!.id);
    await assertSucceeds(getDoc(entry));
    await assertSucceeds(getDocs(collection(as("sales"), "consents")));
    await assertFails(updateDoc(entry, { email: "changed@example.com" }));
    await assertFails(deleteDoc(entry));
  });

  it("lists every staff profile, for the owner pickers and the Team tab", async () => {
    await seed(rules.env, "staff", admin.uid, profileOf("admin", true));
    await seed(rules.env, "staff", ACCOUNTS["sales colleague"].uid, profileOf("sales colleague", true));
    await assertSucceeds(getDocs(collection(as("sales"), "staff")));
    await assertSucceeds(getDoc(doc(as("sales"), "staff", admin.uid)));
  });

  it("writes their own profile with their own role, never an admin's, and nobody else's", async () => {
    const own = doc(as("sales"), "staff", sales.uid);
    await assertSucceeds(setDoc(own, profileOf("sales", true)));
    await assertSucceeds(setDoc(own, profileOf("sales", false), { merge: true }));
    await assertFails(setDoc(own, profileOf("sales", true, { role: "admin" })));
    await assertFails(updateDoc(own, { role: "admin" }));
    await assertFails(updateDoc(own, { disabled: false }));
    await seed(rules.env, "staff", admin.uid, profileOf("admin", true));
    await seed(rules.env, "staff", ACCOUNTS["sales colleague"].uid, profileOf("sales colleague", true));
    await assertFails(updateDoc(doc(as("sales"), "staff", admin.uid), { available: false }));
    await assertFails(updateDoc(doc(as("sales"), "staff", admin.uid), { role: "sales" }));
    await assertFails(updateDoc(doc(as("sales"), "staff", admin.uid), { disabled: true }));
    await assertFails(updateDoc(doc(as("sales"), "staff", ACCOUNTS["sales colleague"].uid), { available: false }));
    await assertFails(deleteDoc(doc(as("sales"), "staff", ACCOUNTS["sales colleague"].uid)));
  });
});

describe("who counts as staff", () => {
  it("an admin granted before roles (admin: true alone) works as an admin, with the role admin in their profile", async () => {
    const lead = await seedRecord("contact");
    const legacy = ACCOUNTS["legacy admin"];
    await assertSucceeds(writeNote(as("legacy admin"), lead, legacy));
    await assertSucceeds(setDoc(doc(as("legacy admin"), "staff", legacy.uid), profileOf("legacy admin", true)));
    await assertFails(
      setDoc(doc(as("legacy admin"), "staff", legacy.uid), profileOf("legacy admin", true, { role: "sales" })),
    );
  });

  it("an unknown role is nobody, even beside admin: true: no notes, timelines, people, ledger or staff list", async () => {
    const lead = await seedRecord("contact");
    const viewer = ACCOUNTS["unknown role"];
    const db = as("unknown role");
    await seed(rules.env, `${lead.collection}/${lead.id}/notes`, "n1", noteDocument("A note", admin, minutesAgo(1)));
    await assertFails(writeNote(db, lead, viewer, "note-2"));
    await assertFails(getDocs(collection(db, lead.collection, lead.id, "notes")));
    await assertFails(getDocs(collection(db, lead.collection, lead.id, "events")));
    await assertFails(
      setDoc(
        doc(collection(db, lead.collection, lead.id, "events")),
        statusChangedEvent("new", "contacted", viewer, serverTimestamp()),
      ),
    );
    await assertFails(getDocs(collection(db, "consents")));
    await assertFails(getDocs(collection(db, "staff")));
    await assertFails(setDoc(doc(db, "people", "0".repeat(64)), personDocument("someone@example.com")));
  });

  it("a role claim that is not text is nobody", async () => {
    const lead = await seedRecord("contact");
    for (const role of [["admin"], 1, true]) {
      await assertFails(getDoc(doc(dbAs(rules.env, "signed-in visitor", { role }), lead.collection, lead.id)));
    }
    await assertSucceeds(
      getDoc(doc(dbAs(rules.env, "signed-in visitor", { role: "sales" }), lead.collection, lead.id)),
    );
  });
});

describe("paths of the capabilities sales lack", () => {
  // Round-robin settings, the audit log, privacy requests and the team live on the server only. Should
  // anyone add such documents to Firestore, they are denied until the rules say who may use them.
  const PATHS = [
    ["settings", "round-robin"],
    ["audit", "entry-1"],
    ["privacy", "request-1"],
    ["outbox", "email-1"],
    ["invitations", "someone"],
  ] as const;

  it("are denied to every role, admins included", async () => {
    for (const [collectionName, id] of PATHS) {
      await seed(rules.env, collectionName, id, { value: 1 });
      for (const role of ROLES) {
        await assertFails(getDoc(doc(as(role), collectionName, id)));
        await assertFails(setDoc(doc(as(role), collectionName, id), { value: 2 }));
      }
    }
  });

  it("are not the records paths, which every staff role reads", async () => {
    const lead = await seedRecord("signup");
    for (const role of STAFF) await assertSucceeds(getDoc(doc(as(role), lead.collection, lead.id)));
  });
});
