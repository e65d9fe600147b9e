import { createHash } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { launchBrowser } from "../support/browser";
import { demoConfig } from "../firebase/demo-config";
import { createAuthUser, startAuthEmulator, type RunningAuthEmulator } from "../firebase/emulators/auth-emulator";
import { runGrantAdmin } from "../firebase/emulators/grant-admin";
import { backendContract } from "./backend-contract";
import type { ContractSubject } from "./contract-subject";
import { openAdapterPage } from "./support/adapter-page";
import { buildContractBundles } from "./support/bundle";
import { serveContractPage } from "./support/contract-assets";
import { clearDocuments, listDocuments, loadRules, setBooleanField } from "./support/firestore-emulator-rest";

// The contract on the Firebase adapter, in Chromium, against the Firestore emulator (FIRESTORE_EMULATOR_HOST,
// set by `npm run test:rules`) holding the real firestore.rules, and the Auth emulator with a staff
// account made staff by the real grant-admin script.

const PROJECT = "demo-erf-contract";
const STAFF = { email: "staff@erf.test", password: "correct horse battery staple" };
const SALES = { email: "sales@erf.test", password: "a sales rep's long passphrase" };
let browser: Browser;
let bundleDir: string;
let auth: RunningAuthEmulator | null = null;

beforeAll(async () => {
  [browser, bundleDir] = await Promise.all([launchBrowser(), buildContractBundles()]);
});
afterAll(async () => {
  await browser?.close();
  await auth?.stop();
});

backendContract("firebase adapter (Firestore and Auth emulators)", async () => {
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!firestoreHost) throw new Error("FIRESTORE_EMULATOR_HOST is not set: run this file with `npm run test:rules`");
  auth = await startAuthEmulator(PROJECT);
  await Promise.all([
    loadRules(firestoreHost, PROJECT),
    clearDocuments(firestoreHost, PROJECT),
    createAuthUser(auth.host, STAFF.email, STAFF.password),
  ]);
  const granted = await runGrantAdmin(["--email", STAFF.email], { authHost: auth.host, projectId: PROJECT });
  if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.output}`);
  // A loopback origin is a secure context (crypto.subtle) and may call the loopback emulators.
  const pageServer = await serveContractPage("firebase", bundleDir);
  return openAdapterPage(browser, {
    origin: pageServer.origin,
    routePage: false,
    close: pageServer.close,
    bundleDir,
    entry: "firebase",
    config: demoConfig(PROJECT, { auth: auth.host, firestore: firestoreHost }),
    staff: STAFF,
  });
});

// What the contract cannot see through the port: the consent proof the adapter stored with the records
// above (the reader's subscription, subscribed three times; one signup with the box ticked; one demo).
describe("consent records on the Firebase adapter, read back as the project owner", () => {
  const ISO = /^\d{4}-\d{2}-\d{2}T/;
  const read = (collection: string) => listDocuments(process.env.FIRESTORE_EMULATOR_HOST!, PROJECT, collection);
  const proof = (purpose: "newsletter" | "marketing", sourcePath?: string) => ({
    purpose,
    channel: "email",
    action: "given",
    wordingVersion: CONSENT_WORDING[purpose].version,
    wording: CONSENT_WORDING[purpose].text,
    ...(sourcePath && { sourcePath }),
    // The page's own browser, a headless Chromium; no IP: the browser cannot know it.
    userAgent: expect.stringContaining("Chrome"),
    at: expect.stringMatching(ISO),
  });

  it("keeps the latest newsletter consent on the subscription, and every one in the ledger", async () => {
    const [subscriptions, ledger] = await Promise.all([read("newsletter"), read("consents")]);
    // The reader's one document (the contract's lead workspace subscribes another address later).
    const readers = subscriptions.filter((each) => each.data.email === "reader@example.com");
    expect(readers).toHaveLength(1);
    const subscription = readers[0]!;
    const time = (entry: (typeof ledger)[number]) => Date.parse(String((entry.data.consent as { at?: unknown }).at));
    const entries = ledger
      .filter((entry) => entry.data.recordCollection === "newsletter" && entry.data.recordId === subscription.id)
      .sort((a, b) => time(a) - time(b));
    const entry = (sourcePath?: string) => ({
      email: "reader@example.com",
      consent: proof("newsletter", sourcePath),
      recordCollection: "newsletter",
      recordId: subscription.id,
    });
    // The first form sent its page; the two later ones (the same address in capitals, the re-subscription) did not.
    expect(entries.map((each) => each.data)).toEqual([entry("/"), entry(), entry()]);
    expect(subscription.data.consentId).toBe(entries[2]!.id);
    expect(subscription.data.consent).toEqual(entries[2]!.data.consent);
  });

  it("keeps the ticked signup's consent on the lead and in the ledger under its id; the demo has none", async () => {
    const [leads, ledger] = await Promise.all([read("leads"), read("consents")]);
    const signup = leads.find((lead) => lead.data.type === "signup")!;
    const demo = leads.find((lead) => lead.data.type === "demo")!;
    expect(signup.data.marketingConsent).toEqual(proof("marketing", "/signup"));
    expect(demo.data).not.toHaveProperty("marketingConsent");
    const entries = ledger.filter((entry) => entry.data.recordCollection === "leads");
    expect(entries).toEqual([
      {
        id: signup.id,
        data: {
          email: "pieter@example.com",
          consent: signup.data.marketingConsent,
          recordCollection: "leads",
          recordId: signup.id,
        },
      },
    ]);
  });
});

// Where the lead workspace put what the contract wrote, as firestore.rules expects it.
describe("the lead workspace's documents on the Firebase adapter, read back as the project owner", () => {
  const read = (path: string) => listDocuments(process.env.FIRESTORE_EMULATOR_HOST!, PROJECT, path);
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("keeps the staff member's own profile, and each opened person's address under its hash", async () => {
    // Each fact a copy of the sign-in's ID token: no display name, no second factor, its auth_time.
    expect((await read("staff")).map((each) => each.data)).toEqual([
      {
        email: STAFF.email,
        name: null,
        role: "admin",
        twoFactor: false,
        lastSignInAt: expect.stringMatching(/^\d{4}-/),
        available: true,
      },
    ]);
    const people = await read("people");
    expect(people).toContainEqual({ id: sha256("pieter@example.com"), data: { email: "pieter@example.com" } });
    expect(people).toContainEqual({ id: sha256("naledi@example.co.za"), data: { email: "naledi@example.co.za" } });
  });

  it("keeps notes under their record with their author's uid, and a deleted one only as its timeline entry", async () => {
    const contact = (await read("contacts")).find((each) => each.data.email === "naledi@example.co.za")!;
    const notes = await read(`contacts/${contact.id}/notes`);
    expect(notes.map((note) => note.data.body).sort()).toEqual(["Called again.", "Called, left a message."]);
    for (const note of notes)
      expect(note.data).toEqual({
        body: expect.any(String),
        author: STAFF.email,
        authorUid: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-/),
      });
    const events = await read(`contacts/${contact.id}/events`);
    expect(events.map((event) => event.data.kind).sort()).toEqual(["assigned", "note-deleted", "status-changed"]);
    expect(events).toContainEqual({
      id: expect.stringMatching(/^note-deleted-/),
      data: expect.objectContaining({ kind: "note-deleted", by: STAFF.email }),
    });
    for (const event of events)
      expect(event.data).toMatchObject({
        by: STAFF.email,
        byUid: expect.any(String),
        at: expect.stringMatching(/^\d{4}-/),
      });
    expect(contact.data).toMatchObject({
      status: "closed",
      owner: STAFF.email,
      firstResponseAt: expect.stringMatching(/^\d{4}-/),
      activityAt: expect.stringMatching(/^\d{4}-/),
    });
  });
});

// A sales rep on the same data, through the adapter and the real rules: they work the records the
// contract left, as an admin does, and see the team with each member's role.
describe("a sales rep on the Firebase adapter", () => {
  let sales: ContractSubject;
  const firestoreHost = () => process.env.FIRESTORE_EMULATOR_HOST!;

  beforeAll(async () => {
    if (!auth) throw new Error("the contract above did not start the Auth emulator");
    await createAuthUser(auth.host, SALES.email, SALES.password);
    const granted = await runGrantAdmin(["--email", SALES.email, "--role", "sales"], {
      authHost: auth.host,
      projectId: PROJECT,
    });
    if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.output}`);
    const pageServer = await serveContractPage("firebase", bundleDir);
    sales = await openAdapterPage(browser, {
      origin: pageServer.origin,
      routePage: false,
      close: pageServer.close,
      bundleDir,
      entry: "firebase",
      config: demoConfig(PROJECT, { auth: auth.host, firestore: firestoreHost() }),
      staff: SALES,
    });
  });
  afterAll(async () => {
    await sales?.close();
  });

  it("signs in as sales", async () => {
    expect(await sales.admin.signIn(SALES.email, SALES.password)).toEqual({
      ok: true,
      user: { email: SALES.email, name: null, role: "sales", twoFactor: false, mustEnrolTwoFactor: false },
    });
  });

  it("lists the team with each member's role, from the profiles each wrote", async () => {
    const team = await sales.admin.staff();
    expect(team.map((member) => [member.email, member.role, member.disabled])).toEqual([
      [SALES.email, "sales", false],
      [STAFF.email, "admin", false],
    ]);
  });

  it("works a lead: owner, status and a note, as themself", async () => {
    const demo = (await sales.admin.list("leads", {})).items.find((lead) => lead.type === "demo")!;
    expect(await sales.admin.updateRecord("leads", demo.id, { status: "contacted", owner: STAFF.email })).toMatchObject(
      { status: "contacted", owner: STAFF.email },
    );
    expect(await sales.admin.addNote("leads", demo.id, "Sent the pricing sheet.")).toMatchObject({
      author: SALES.email,
    });
    await expect(sales.admin.setAvailable(STAFF.email, false)).rejects.toMatchObject({ status: 403 });
  });

  it("cannot choose an account the project owner marked disabled as a new owner, which the list shows", async () => {
    const profiles = await listDocuments(firestoreHost(), PROJECT, "staff");
    const admin = profiles.find((profile) => profile.data.email === STAFF.email)!;
    await setBooleanField(firestoreHost(), PROJECT, `staff/${admin.id}`, "disabled", true);
    expect((await sales.admin.staff()).find((member) => member.email === STAFF.email)).toMatchObject({
      disabled: true,
    });
    const signup = (await sales.admin.list("leads", {})).items.find((lead) => lead.type === "signup")!;
    await expect(sales.admin.updateRecord("leads", signup.id, { owner: STAFF.email })).rejects.toMatchObject({
      status: 400,
    });
    expect(await sales.admin.updateRecord("leads", signup.id, { owner: SALES.email })).toMatchObject({
      owner: SALES.email,
    });
  });
});
