import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBackend, ExportFilters, LiveState } from "../../src/backend/admin-port";
import type { PublicBackend } from "../../src/backend/port";
import type { RecordChange } from "../../src/domain/admin";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { CSV_COLUMNS } from "../../src/domain/csv";
import type { ContactInput, DemoInput, SignupInput } from "../../src/domain/schemas";
import { sampleContact, sampleSignup } from "../support/sample-forms";

// The back-end port's behaviour, written once and run against every adapter: the http adapter on the
// real server (tests/contract/http-adapter.test.ts, in `npm test`) and the Firebase adapter on the
// Firestore and Auth emulators (tests/contract/firebase-adapter.test.ts, in `npm run test:rules`).
// Tests run in order and build on each other's records, as one visitor and one staff member would.

export interface LiveFeed {
  changes: RecordChange[];
  states: LiveState[];
  waitFor(predicate: (change: RecordChange) => boolean, timeoutMs?: number): Promise<RecordChange>;
  waitForState(state: LiveState, timeoutMs?: number): Promise<void>;
  stop(): Promise<unknown>;
}

export interface ContractSubject {
  public: PublicBackend;
  admin: Pick<
    AdminBackend,
    "signIn" | "signOut" | "currentUser" | "stats" | "list" | "setStatus" | "record" | "person" | "addNote" | "deleteNote" | "updateRecord" | "bulkUpdate" | "staff" | "setAvailable"
  >;
  watch(): Promise<LiveFeed>;
  /** Runs AdminBackend.exportCsv and returns the file the browser downloaded. */
  exportCsv(filters: ExportFilters): Promise<{ fileName: string; text: string }>;
  /** A staff account that exists on this back end; nothing else is signed in at the start. */
  staff: { email: string; password: string };
  /**
   * Whether an opt-out stays until the address's owner confirms by an emailed link (the Erf server). The
   * Firebase target cannot email, so there a new subscription re-subscribes (README, Firebase limits).
   */
  optOutNeedsConfirmation: boolean;
  close(): Promise<void>;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const key = () => ({ idempotencyKey: randomUUID() });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const contact: ContactInput = { ...sampleContact, website: "" };
const signup: SignupInput = { ...sampleSignup, website: "" };
const demo: DemoInput = {
  type: "demo",
  firstName: "Amina",
  lastName: "Okafor",
  email: "amina@example.ng",
  phone: "021 555 0100",
  companyName: "=Formula Estates",
  jobTitle: "Director",
  organizationType: "investor",
  propertyCount: "51-200",
  challenges: "Arrears tracking",
  website: "",
};

export function backendContract(name: string, setup: () => Promise<ContractSubject>) {
  describe(`back-end contract: ${name}`, () => {
    let subject: ContractSubject;
    const ids: Record<string, string> = {};
    /** Person ids by first name, as the record panel gives them. */
    const person: Record<string, string> = {};

    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.close();
    });

    describe("public forms", () => {
      it("stores a contact message and answers with its id", async () => {
        const result = await subject.public.submitContact(contact, key());
        expect(result).toMatchObject({ ok: true, id: expect.any(String) });
        if (result.ok) ids.contact = result.id;
      });

      it("answers invalid input with the field errors and stores nothing", async () => {
        const result = await subject.public.submitContact({ ...contact, message: "  ", email: "nope" }, key());
        expect(result.ok).toBe(false);
        if (!result.ok && result.reason === "validation") expect(Object.keys(result.fields).sort()).toEqual(["email", "message"]);
        else throw new Error(`expected a validation failure, got ${JSON.stringify(result)}`);
      });

      it("stores a signup and then a demo request", async () => {
        const first = await subject.public.submitLead({ ...signup, recaptchaToken: "signup-token" }, key());
        expect(first).toMatchObject({ ok: true });
        // Distinct creation times, so newest-first order is the submission order reversed.
        await pause(30);
        const second = await subject.public.submitLead(demo, key());
        expect(second).toMatchObject({ ok: true });
        if (first.ok && second.ok) Object.assign(ids, { signup: first.id, demo: second.id });
      });

      it("keeps one subscription per address, whatever the case of the email", async () => {
        const consent = { consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" };
        const first = await subject.public.subscribe({ email: "reader@example.com", website: "", ...consent }, key());
        const again = await subject.public.subscribe({ email: "Reader@Example.COM", website: "" }, key());
        expect(first).toMatchObject({ ok: true, id: expect.any(String) });
        // The same answer as for a new address (the Erf server gives each its own id, naming no earlier row).
        expect(again).toMatchObject({ ok: true, id: expect.any(String) });
        if (first.ok) ids.newsletter = first.id;
      });

      it("answers a bot that filled the hidden field as if it were a person, and stores nothing", async () => {
        expect(await subject.public.submitContact({ ...contact, email: "bot@example.com", website: "https://spam.example" }, key())).toMatchObject({ ok: true });
      });

      it("never stores one attempt twice: the same key again adds no record", async () => {
        const attempt = key();
        const input = { ...contact, email: "twice@example.com" };
        expect(await subject.public.submitContact(input, attempt)).toMatchObject({ ok: true });
        // The http server replays its first answer; Firestore refuses a second create of the same document.
        await subject.public.submitContact(input, attempt);
        await pause(30);
      });
    });

    describe("staff", () => {
      it("is signed out at first, and refuses a wrong password with an invalid-credential code", async () => {
        expect(await subject.admin.currentUser()).toBeNull();
        const result = await subject.admin.signIn(subject.staff.email, "not the password at all");
        expect(result).toMatchObject({ ok: false, code: expect.stringMatching(/invalid-credential$/), message: expect.any(String) });
        expect(await subject.admin.currentUser()).toBeNull();
      });

      it("signs in the staff account", async () => {
        expect(await subject.admin.signIn(subject.staff.email, subject.staff.password)).toEqual({ ok: true, email: subject.staff.email });
        expect(await subject.admin.currentUser()).toEqual({ email: subject.staff.email });
      });

      it("counts what was stored: no bot, no duplicate", async () => {
        expect(await subject.admin.stats()).toEqual({
          totalLeads: 2,
          newLeads: 2,
          signups: 1,
          demoRequests: 1,
          newsletter: 1,
          tabs: { leads: 2, contacts: 2, newsletter: 1 },
          medianFirstResponseMs: null,
        });
      });

      it("lists leads newest first with the spec's read fields", async () => {
        const page = await subject.admin.list("leads", {});
        expect(page.nextCursor).toBeNull();
        expect(page.items.map((lead) => lead.id)).toEqual([ids.demo, ids.signup]);
        const [demoRecord, signupRecord] = page.items;
        expect(demoRecord).toMatchObject({
          type: "demo",
          name: "Amina Okafor",
          firstName: "Amina",
          lastName: "Okafor",
          email: "amina@example.ng",
          phone: "021 555 0100",
          companyName: "=Formula Estates",
          organizationType: "investor",
          propertyCount: "51-200",
          challenges: "Arrears tracking",
          status: "new",
          marketingOptIn: null,
          termsAcceptedAt: null,
        });
        expect(signupRecord).toMatchObject({ type: "signup", name: "Pieter van Wyk", marketingOptIn: true, challenges: null, status: "new" });
        expect(signupRecord?.termsAcceptedAt).toMatch(ISO);
        expect(Date.now() - Date.parse(demoRecord!.createdAt)).toBeLessThan(5 * 60_000);
      });

      it("lists contacts with an empty phone and a missing company as null", async () => {
        const { items } = await subject.admin.list("contacts", {});
        const stored = items.find((item) => item.id === ids.contact);
        expect(stored).toMatchObject({ firstName: "Naledi", email: "naledi@example.co.za", phone: null, companyName: null, type: "contact", status: "new" });
        expect(stored?.createdAt).toMatch(ISO);
        expect(items.some((item) => item.email === "bot@example.com")).toBe(false);
      });

      it("pages with an opaque cursor, the last page without one", async () => {
        const first = await subject.admin.list("leads", { limit: 1 });
        expect(first.items.map((lead) => lead.id)).toEqual([ids.demo]);
        expect(first.nextCursor).toEqual(expect.any(String));
        const second = await subject.admin.list("leads", { limit: 1, cursor: first.nextCursor });
        expect(second.items.map((lead) => lead.id)).toEqual([ids.signup]);
        expect(second.nextCursor).toBeNull();
      });

      it("filters by type, status and search text", async () => {
        expect((await subject.admin.list("leads", { type: "signup" })).items.map((lead) => lead.id)).toEqual([ids.signup]);
        expect((await subject.admin.list("leads", { q: "FORMULA" })).items.map((lead) => lead.id)).toEqual([ids.demo]);
        expect((await subject.admin.list("leads", { status: "closed" })).items).toEqual([]);
        expect((await subject.admin.list("newsletter", { q: "reader@" })).items.map((entry) => entry.id)).toEqual([ids.newsletter]);
        await expect(subject.admin.list("leads", { status: "subscribed" })).rejects.toThrow();
      });

      it("changes a status and answers the updated record; refuses a status the collection lacks", async () => {
        const updated = await subject.admin.setStatus("leads", ids.demo!, "contacted");
        expect(updated).toMatchObject({ id: ids.demo, status: "contacted", email: "amina@example.ng" });
        expect((await subject.admin.list("leads", { status: "contacted" })).items.map((lead) => lead.id)).toEqual([ids.demo]);
        await expect(subject.admin.setStatus("leads", ids.demo!, "subscribed")).rejects.toThrow();
      });

      it("answers a subscription of an address staff unsubscribed as any other, without a second record", async () => {
        expect(await subject.admin.setStatus("newsletter", ids.newsletter!, "unsubscribed")).toMatchObject({ status: "unsubscribed" });
        expect(await subject.public.subscribe({ email: "reader@example.com", website: "" }, key())).toMatchObject({ ok: true, id: expect.any(String) });
        const { items } = await subject.admin.list("newsletter", {});
        expect(items).toHaveLength(1);
        expect(items[0]).toMatchObject({ id: ids.newsletter, email: "reader@example.com", status: subject.optOutNeedsConfirmation ? "unsubscribed" : "subscribed", type: "newsletter" });
      });

      it("watches live: a new submission arrives as an insert, a status change as an update", async () => {
        const feed = await subject.watch();
        try {
          await feed.waitForState("live");
          const sent = await subject.public.submitContact({ ...contact, email: "live@example.com" }, key());
          expect(sent.ok).toBe(true);
          const inserted = await feed.waitFor((change) => change.record.email === "live@example.com");
          expect(inserted).toMatchObject({ collection: "contacts", op: "insert", record: { status: "new", type: "contact" } });
          if (sent.ok) expect(inserted.record.id).toBe(sent.id);

          await subject.admin.setStatus("contacts", inserted.record.id, "qualified");
          const updated = await feed.waitFor((change) => change.op === "update" && change.record.id === inserted.record.id && change.record.status === "qualified");
          expect(updated.collection).toBe("contacts");
          expect(updated.position > inserted.position).toBe(true);
        } finally {
          await feed.stop();
        }
      });

      it("exports every record as CSV: leads, then contacts, then newsletter, formulas defused", async () => {
        const { fileName, text } = await subject.exportCsv({});
        expect(fileName).toMatch(/^erf-data-\d{4}-\d{2}-\d{2}\.csv$/);
        const lines = text.split("\r\n").filter(Boolean);
        expect(lines[0]).toBe(CSV_COLUMNS.join(","));
        expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual(["demo", "signup", "contact", "contact", "contact", "newsletter"]);
        expect(lines[1]).toMatch(/^Amina Okafor,amina@example\.ng,021 555 0100,'=Formula Estates,demo,contacted,\d{4}-[^,]+,Arrears tracking$/);
        expect(lines.at(-1)).toMatch(new RegExp(`^,reader@example\\.com,,,newsletter,${subject.optOutNeedsConfirmation ? "unsubscribed" : "subscribed"},\\d{4}-[^,]+,$`));
      });

      it("exports only what the filters select", async () => {
        const { text } = await subject.exportCsv({ collections: ["leads"], type: "signup" });
        const lines = text.split("\r\n").filter(Boolean);
        expect(lines).toHaveLength(2);
        // A phone starting with + is defused too (src/domain/csv.ts): a spreadsheet would read it as a formula.
        expect(lines[1]).toMatch(/^Pieter van Wyk,pieter@example\.com,'\+27 82 123 4567,Karoo Rentals,signup,new,/);
      });

    });

    describe("lead workspace", () => {
      const timelineOf = async (id: string) => (await subject.admin.person(id)).timeline;

      it("shows one record in full: its person, its phone in E.164 and its consent", async () => {
        const detail = await subject.admin.record("leads", ids.signup!);
        expect(detail).toMatchObject({
          id: ids.signup,
          email: "pieter@example.com",
          phone: "+27 82 123 4567",
          phoneE164: "+27821234567",
          sourcePath: "/signup",
          owner: null,
          firstResponseAt: null,
          personId: expect.any(String),
          consent: { purpose: "marketing", action: "given", at: expect.stringMatching(ISO), source: "/signup" },
        });
        person.pieter = detail.personId;
        // A local number is read with South Africa as the default country.
        expect(await subject.admin.record("leads", ids.demo!)).toMatchObject({ phone: "021 555 0100", phoneE164: "+27215550100", consent: null });
        const contactDetail = await subject.admin.record("contacts", ids.contact!);
        expect(contactDetail).toMatchObject({ id: ids.contact, phone: null, phoneE164: null, consent: null, owner: null });
        person.naledi = contactDetail.personId;
      });

      it("answers an unknown record or person with 404", async () => {
        await expect(subject.admin.record("leads", "no-such-record")).rejects.toMatchObject({ status: 404 });
        await expect(subject.admin.person("0".repeat(64))).rejects.toMatchObject({ status: 404 });
      });

      it("joins a person's records across collections and the case of their email", async () => {
        const subscribed = await subject.public.subscribe({ email: "Pieter@Example.COM", website: "", consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/blog" }, key());
        expect(subscribed.ok).toBe(true);
        const view = await subject.admin.person(person.pieter!);
        expect(view.person).toMatchObject({ id: person.pieter, email: "pieter@example.com" });
        expect(view.person.records).toEqual([
          { collection: "newsletter", id: expect.any(String), type: "newsletter", status: "subscribed", createdAt: expect.stringMatching(ISO) },
          { collection: "leads", id: ids.signup, type: "signup", status: "new", createdAt: expect.stringMatching(ISO) },
        ]);
        ids.pieterNewsletter = view.person.records[0]!.id;
        expect(view.timeline).toContainEqual(expect.objectContaining({ kind: "submitted", collection: "leads", recordId: ids.signup, type: "signup", sourcePath: "/signup" }));
        expect(view.timeline).toContainEqual(expect.objectContaining({ kind: "submitted", collection: "newsletter", recordId: ids.pieterNewsletter, type: "newsletter" }));
        expect(view.timeline).toContainEqual(expect.objectContaining({ kind: "consent-given", purpose: "marketing", source: "/signup", collection: "leads", recordId: ids.signup }));
        expect(view.timeline).toContainEqual(expect.objectContaining({ kind: "consent-given", purpose: "newsletter", source: "/blog", collection: "newsletter", recordId: ids.pieterNewsletter }));
        const times = view.timeline.map((entry) => entry.at);
        expect(times).toEqual([...times].sort().reverse());
        // The same person from the other record.
        expect((await subject.admin.record("newsletter", ids.pieterNewsletter)).personId).toBe(person.pieter);
      });

      it("counts each person's records for the tables' badge", async () => {
        expect((await subject.admin.list("leads", {})).personRecords).toEqual({ "pieter@example.com": 2 });
        expect((await subject.admin.list("newsletter", {})).personRecords).toEqual({ "pieter@example.com": 2 });
        expect((await subject.admin.list("contacts", {})).personRecords).toEqual({});
      });

      it("adds a note, trimmed and signed by its author, which starts the speed-to-lead clock", async () => {
        const note = await subject.admin.addNote("contacts", ids.contact!, "  Called, left a message.  ");
        expect(note).toEqual({ id: expect.any(String), collection: "contacts", recordId: ids.contact, body: "Called, left a message.", author: subject.staff.email, createdAt: expect.stringMatching(ISO) });
        const detail = await subject.admin.record("contacts", ids.contact!);
        expect(detail).toMatchObject({ status: "new", firstResponseAt: expect.stringMatching(ISO) });
        expect(await timelineOf(person.naledi!)).toContainEqual(expect.objectContaining({ kind: "note", noteId: note.id, body: "Called, left a message.", author: subject.staff.email }));
        // The clock keeps the first response: a second note does not move it.
        await subject.admin.addNote("contacts", ids.contact!, "Called again.");
        expect((await subject.admin.record("contacts", ids.contact!)).firstResponseAt).toBe(detail.firstResponseAt);
      });

      it("refuses a blank or over-long note, or one on a record that does not exist", async () => {
        await expect(subject.admin.addNote("contacts", ids.contact!, "   ")).rejects.toMatchObject({ status: 400 });
        await expect(subject.admin.addNote("contacts", ids.contact!, "x".repeat(5001))).rejects.toMatchObject({ status: 400 });
        await expect(subject.admin.addNote("contacts", "no-such-record", "Hello")).rejects.toMatchObject({ status: 404 });
      });

      it("lets the author delete their note, leaving a note-deleted entry", async () => {
        const note = await subject.admin.addNote("contacts", ids.contact!, "Wrong record, sorry.");
        await subject.admin.deleteNote(note);
        const timeline = await timelineOf(person.naledi!);
        expect(timeline).toContainEqual(expect.objectContaining({ kind: "note-deleted", noteId: note.id, by: subject.staff.email, collection: "contacts", recordId: ids.contact }));
        expect(timeline.some((entry) => entry.kind === "note" && entry.noteId === note.id)).toBe(false);
        await expect(subject.admin.deleteNote(note)).rejects.toMatchObject({ status: 404 });
      });

      it("lists the staff, each of whom sets their own availability", async () => {
        expect(await subject.admin.staff()).toContainEqual({ email: subject.staff.email, available: true });
        expect(await subject.admin.setAvailable(subject.staff.email, false)).toEqual({ email: subject.staff.email, available: false });
        expect(await subject.admin.staff()).toContainEqual({ email: subject.staff.email, available: false });
        await subject.admin.setAvailable(subject.staff.email, true);
      });

      it("assigns a record and moves its status, starting the clock and writing the timeline", async () => {
        const updated = await subject.admin.updateRecord("leads", ids.signup!, { status: "contacted", owner: subject.staff.email });
        expect(updated).toMatchObject({ id: ids.signup, status: "contacted", owner: subject.staff.email, firstResponseAt: expect.stringMatching(ISO) });
        const timeline = await timelineOf(person.pieter!);
        expect(timeline).toContainEqual(expect.objectContaining({ kind: "status-changed", collection: "leads", recordId: ids.signup, from: "new", to: "contacted", by: subject.staff.email }));
        expect(timeline).toContainEqual(expect.objectContaining({ kind: "assigned", collection: "leads", recordId: ids.signup, from: null, to: subject.staff.email, by: subject.staff.email }));
      });

      it("refuses an owner who is not staff, an owner on a subscription, and an unknown record", async () => {
        await expect(subject.admin.updateRecord("leads", ids.demo!, { owner: "stranger@example.com" })).rejects.toMatchObject({ status: 400 });
        await expect(subject.admin.bulkUpdate("newsletter", [ids.newsletter!], { owner: subject.staff.email })).rejects.toMatchObject({ status: 400 });
        await expect(subject.admin.updateRecord("leads", "no-such-record", { status: "closed" })).rejects.toMatchObject({ status: 404 });
        expect((await subject.admin.record("leads", ids.demo!)).owner).toBeNull();
      });

      it("filters by owner: mine, unassigned, or a staff member's", async () => {
        const idsOf = async (owner: string) => (await subject.admin.list("leads", { owner })).items.map((lead) => lead.id);
        expect(await idsOf("me")).toEqual([ids.signup]);
        expect(await idsOf(subject.staff.email)).toEqual([ids.signup]);
        expect(await idsOf("none")).toEqual([ids.demo]);
        await expect(subject.admin.list("newsletter", { owner: "none" })).rejects.toMatchObject({ status: 400 });
      });

      it("changes many records at once, all or nothing", async () => {
        expect(await subject.admin.bulkUpdate("leads", [ids.demo!, ids.signup!], { status: "qualified" })).toBe(2);
        expect((await subject.admin.list("leads", { status: "qualified" })).items.map((lead) => lead.id).sort()).toEqual([ids.demo, ids.signup].sort());
        await expect(subject.admin.bulkUpdate("leads", [ids.demo!, "no-such-record"], { status: "closed" })).rejects.toMatchObject({ status: 400 });
        expect((await subject.admin.list("leads", { status: "closed" })).items).toEqual([]);
        expect(await subject.admin.bulkUpdate("leads", [ids.demo!, ids.signup!], { owner: null })).toBe(2);
        expect((await subject.admin.list("leads", { owner: "none" })).items).toHaveLength(2);

        const contacts = (await subject.admin.list("contacts", {})).items.map((item) => item.id);
        expect(contacts).toHaveLength(3);
        await expect(subject.admin.bulkUpdate("contacts", [...contacts, "no-such-record"], { status: "closed" })).rejects.toMatchObject({ status: 400 });
        expect((await subject.admin.list("contacts", { status: "closed" })).items).toEqual([]);
        await expect(subject.admin.bulkUpdate("contacts", [contacts[0]!, contacts[0]!], { status: "closed" })).rejects.toMatchObject({ status: 400 });
        expect(await subject.admin.bulkUpdate("contacts", contacts, { status: "closed", owner: subject.staff.email })).toBe(3);
        const closed = (await subject.admin.list("contacts", { status: "closed" })).items;
        expect(closed.map((item) => [item.owner, typeof item.firstResponseAt])).toEqual(contacts.map(() => [subject.staff.email, "string"]));
      });

      it("shows the median first response of the last 7 days", async () => {
        const { medianFirstResponseMs } = await subject.admin.stats();
        expect(medianFirstResponseMs).toEqual(expect.any(Number));
        expect(medianFirstResponseMs).toBeGreaterThanOrEqual(0);
        expect(medianFirstResponseMs).toBeLessThan(10 * 60_000);
      });
    });

    describe("signing out", () => {
      it("signs out, after which staff data is refused", async () => {
        await subject.admin.signOut();
        expect(await subject.admin.currentUser()).toBeNull();
        await expect(subject.admin.list("leads", {})).rejects.toThrow();
        await expect(subject.admin.person(person.pieter ?? "0".repeat(64))).rejects.toThrow();
      });
    });
  });
}
