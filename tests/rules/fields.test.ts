import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, getDoc, serverTimestamp, setDoc, updateDoc } from "firebase/firestore";
import { describe, it } from "vitest";
import { aLongTimeAgo, formNamed, newsletterId, submissionOf, writeSubmission, type Doc } from "./forms";
import { seed, useRulesClients } from "./rules-env";

// Field by field: the bounds of src/domain/limits.ts, the option lists of src/domain/options.ts, the
// newsletter's one-document-per-address id, and paths nobody may touch. Consent: consent.test.ts.

const rules = useRulesClients("demo-erf-rules-fields");

const form = formNamed;

/** Creates the form's valid document with some fields changed (undefined removes a field), with its ledger entry. */
const create = (name: string, change: Doc = {}, id?: string) =>
  writeSubmission(rules.visitor, form(name).collection, submissionOf(name, change, id));
const x = (length: number) => "x".repeat(length);

/** A lead kind accepts values from its own option lists and refuses each of the other kind's. */
async function keepsToOwnOptions(name: string, own: Doc, other: { organizationType: string; propertyCount: string }) {
  await assertSucceeds(create(name, own));
  await assertFails(create(name, { organizationType: other.organizationType }));
  await assertFails(create(name, { propertyCount: other.propertyCount }));
}

describe("contacts", () => {
  it("accepts names, message and token exactly at their bounds, and an empty phone", async () => {
    await assertSucceeds(
      create("contact", { firstName: x(100), lastName: x(100), message: x(5000), recaptchaToken: x(4096), phone: "" }),
    );
  });
  it("refuses one character over each bound", async () => {
    await assertFails(create("contact", { lastName: x(101) }));
    await assertFails(create("contact", { message: x(5001) }));
    await assertFails(create("contact", { recaptchaToken: x(4097) }));
    await assertFails(create("contact", { phone: "1".repeat(33) }));
  });
  it("refuses a blank required field, a missing one, a bad email or phone, and a wrong type", async () => {
    await assertFails(create("contact", { firstName: "   " }));
    await assertFails(create("contact", { message: undefined }));
    await assertFails(create("contact", { email: "Upper@Example.com" }));
    await assertFails(create("contact", { email: "not-an-email" }));
    await assertFails(create("contact", { phone: "call me" }));
    await assertFails(create("contact", { type: "lead" }));
  });
  it("refuses ids that are not a plain token", async () => {
    await assertFails(create("contact", {}, "has spaces in it"));
    await assertFails(create("contact", {}, x(65)));
  });
});

describe("attribution (the visit's first touch)", () => {
  const touch = {
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "nov",
    utmTerm: "",
    utmContent: x(100),
    clickId: "gclid",
    referrerOrigin: "https://news.example.org:8443",
    landingPath: "/pricing",
  };
  it("accepts it on every kind of document, at its bounds", async () => {
    for (const name of ["contact", "signup", "demo", "newsletter"]) await assertSucceeds(create(name, touch));
  });
  it("refuses what the server refuses: upper case, too long, an unknown click id, a URL for an origin, a query in the path", async () => {
    await assertFails(create("contact", { ...touch, utmSource: "Newsletter" }));
    await assertFails(create("contact", { ...touch, utmContent: x(101) }));
    await assertFails(create("contact", { ...touch, utmTerm: "a\tb" }));
    await assertFails(create("contact", { ...touch, clickId: "dclid" }));
    await assertFails(create("contact", { ...touch, referrerOrigin: "https://news.example.org/issue" }));
    await assertFails(create("contact", { ...touch, landingPath: "/pricing?utm_source=x" }));
    await assertFails(create("contact", { ...touch, utmSource: undefined }));
  });
});

describe("leads: signup", () => {
  it("keeps signup to its own option lists", () =>
    keepsToOwnOptions(
      "signup",
      { organizationType: "hoa", propertyCount: "100+" },
      { organizationType: "investor", propertyCount: "500+" },
    ));
  it("requires name = first + last, a boolean opt-in, and the server's time for the terms", async () => {
    await assertFails(create("signup", { name: "Someone Else" }));
    await assertFails(create("signup", { marketingOptIn: "yes" }));
    await assertFails(create("signup", { termsAcceptedAt: aLongTimeAgo() }));
    await assertFails(create("signup", { termsAcceptedAt: undefined }));
  });
  it("allows an empty phone but refuses a company over 200 characters", async () => {
    await assertSucceeds(create("signup", { phone: "" }));
    await assertFails(create("signup", { companyName: x(201) }));
  });
});

describe("leads: demo", () => {
  it("keeps demo to its own option lists", () =>
    keepsToOwnOptions(
      "demo",
      { organizationType: "individual-landlord", propertyCount: "1-10" },
      { organizationType: "landlord", propertyCount: "6-20" },
    ));
  it("requires a phone, allows empty job title and challenges, and bounds them", async () => {
    await assertFails(create("demo", { phone: "" }));
    await assertSucceeds(create("demo", { jobTitle: x(100), challenges: "" }));
    await assertFails(create("demo", { jobTitle: x(101) }));
  });
  it("refuses a signup's fields on a demo and a demo's on a signup", async () => {
    await assertFails(create("demo", { marketingOptIn: true }));
    await assertFails(create("signup", { challenges: "" }));
  });
});

describe("newsletter: one document per address", () => {
  it("accepts only the SHA-256 hex of the lower-cased email as the id", async () => {
    await assertFails(create("newsletter", {}, "my-own-id"));
    const upper = "Reader@Example.com";
    await assertFails(create("newsletter", { email: upper }, newsletterId(upper)));
  });
});

describe("staff status changes", () => {
  it("allows only each collection's own statuses", async () => {
    const contact = form("contact").valid();
    await seed(rules.env, "contacts", contact.id, contact.data);
    await assertSucceeds(
      updateDoc(doc(rules.admin, "contacts", contact.id), { status: "qualified", firstResponseAt: serverTimestamp() }),
    );
    await assertFails(updateDoc(doc(rules.admin, "contacts", contact.id), { status: "unsubscribed" }));
    await assertFails(updateDoc(doc(rules.admin, "contacts", contact.id), { status: "archived" }));
    const entry = form("newsletter").valid();
    await seed(rules.env, "newsletter", entry.id, entry.data);
    await assertFails(updateDoc(doc(rules.admin, "newsletter", entry.id), { status: "new" }));
  });
});

describe("everything else", () => {
  it("denies other collections and sub-collections to everyone, staff included", async () => {
    await assertFails(setDoc(doc(rules.admin, "admins", "me"), { admin: true }));
    await assertFails(getDoc(doc(rules.admin, "admins", "me")));
    await assertFails(setDoc(doc(rules.visitor, "settings", "site"), { open: true }));
    const contact = form("contact").valid();
    await seed(rules.env, "contacts", contact.id, contact.data);
    await assertFails(setDoc(doc(rules.admin, "contacts", contact.id, "attachments", "a1"), { text: "hello" }));
    await assertFails(getDoc(doc(rules.admin, "contacts", contact.id, "attachments", "a1")));
    // The workspace's sub-collections (workspace.test.ts) take only their own shapes.
    await assertFails(setDoc(doc(rules.admin, "contacts", contact.id, "notes", "n1"), { text: "hello" }));
  });
});
