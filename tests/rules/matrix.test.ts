import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  updateDoc,
} from "firebase/firestore";
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from "vitest";
import { aLongTimeAgo, FORMS, writeSubmission, type Form } from "./forms";
import { closeClients, dbAs, ROLES, rulesEnvironment, seed, STAFF, type Role } from "./rules-env";

// The whole matrix: every caller (rules-env.ts: anonymous, signed in without a staff claim, an unknown
// role, admin, an admin granted before roles, sales) x every operation, for each form's collection.
// Creating is for everyone but only with a well-formed document; reading and changing the status are for
// staff only, sales as much as admins; nothing else is allowed to anyone. The lead workspace's own writes: workspace.test.ts.

let env: RulesTestEnvironment;
const seeded = new Map<string, string>();

beforeAll(async () => {
  env = await rulesEnvironment("demo-erf-rules-matrix");
});

afterAll(async () => {
  await env?.cleanup();
});

afterEach(closeClients);

beforeEach(async () => {
  await env.clearFirestore();
  for (const form of FORMS) {
    const { id, data } = form.valid();
    await seed(env, form.collection, id, data);
    seeded.set(form.name, id);
  }
});

type Operation = (form: Form, role: Role) => Promise<unknown>;

const seededRef = (form: Form, role: Role) => doc(dbAs(env, role), form.collection, seeded.get(form.name)!);
// With its consent ledger entry where the form has one, in the same batch, as the adapter writes it.
const create = (form: Form, role: Role, change: (data: Record<string, unknown>) => Record<string, unknown>) => {
  const submission = form.valid();
  return writeSubmission(dbAs(env, role), form.collection, { ...submission, data: change(submission.data) });
};

const OPERATIONS: Record<string, { run: Operation; allowed: Role[] }> = {
  get: { run: (form, role) => getDoc(seededRef(form, role)), allowed: STAFF },
  list: {
    run: (form, role) => getDocs(query(collection(dbAs(env, role), form.collection), limit(10))),
    allowed: STAFF,
  },
  "create a valid document": { run: (form, role) => create(form, role, (data) => data), allowed: ROLES },
  "create with an extra field": {
    run: (form, role) => create(form, role, (data) => ({ ...data, isAdmin: true })),
    allowed: [],
  },
  "create with a wrong type": {
    run: (form, role) => create(form, role, (data) => ({ ...data, [form.textField]: 42 })),
    allowed: [],
  },
  "create with an oversize field": {
    run: (form, role) => create(form, role, (data) => ({ ...data, [form.textField]: "x".repeat(form.textMax + 1) })),
    allowed: [],
  },
  "create with a forged status": {
    run: (form, role) => create(form, role, (data) => ({ ...data, status: form.forgedStatus })),
    allowed: [],
  },
  "create with a forged createdAt": {
    run: (form, role) => create(form, role, (data) => ({ ...data, createdAt: aLongTimeAgo() })),
    allowed: [],
  },
  // As the adapter does: a lead or contact leaving "new" gets its first-response time with it.
  "update the status": {
    run: (form, role) =>
      updateDoc(
        seededRef(form, role),
        form.collection === "newsletter"
          ? { status: form.staffStatus }
          : { status: form.staffStatus, firstResponseAt: serverTimestamp() },
      ),
    allowed: STAFF,
  },
  "update another field": {
    run: (form, role) => updateDoc(seededRef(form, role), { [form.otherField]: "changed@example.com" }),
    allowed: [],
  },
  delete: { run: (form, role) => deleteDoc(seededRef(form, role)), allowed: [] },
};

for (const form of FORMS) {
  describe(`${form.name} (${form.collection})`, () => {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      for (const role of ROLES) {
        const allowed = operation.allowed.includes(role);
        it(`${role}: ${name} is ${allowed ? "allowed" : "denied"}`, async () => {
          const attempt = operation.run(form, role);
          await (allowed ? assertSucceeds(attempt) : assertFails(attempt));
        });
      }
    }
  });
}
