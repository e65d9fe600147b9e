import { beforeAll, describe, expect, it } from "vitest";
import type { ExportFilters } from "../../src/backend/admin-port";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { sampleContact } from "../support/sample-forms";
import { ISO, key, type ContractIds, type ContractSubject } from "./contract-subject";

// The back-end contract's lead workspace (backend-contract.ts runs it between the staff cases and
// signing out, on the records they left): record detail, the person across collections and email case,
// notes and their deletion, the staff, owners and their filter, counts and exports by owner, bulk
// changes, first response, search by phone. In order: each case builds on the ones before.

export interface WorkspaceContext {
  subject: () => ContractSubject;
  /** Record ids by name; this part adds pieterNewsletter. */
  ids: ContractIds;
  /** Person ids by first name; this part fills them in. */
  person: ContractIds;
}

export function workspaceContract({ subject: current, ids, person }: WorkspaceContext) {
  describe("lead workspace", () => {
    let subject: ContractSubject;
    beforeAll(() => {
      subject = current();
    });
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
      expect(await subject.admin.record("leads", ids.demo!)).toMatchObject({
        phone: "021 555 0100",
        phoneE164: "+27215550100",
        consent: null,
      });
      const contactDetail = await subject.admin.record("contacts", ids.contact!);
      expect(contactDetail).toMatchObject({
        id: ids.contact,
        phone: null,
        phoneE164: null,
        consent: null,
        owner: null,
      });
      person.naledi = contactDetail.personId;
    });

    it("reads a record with its person in one read where the back end has one, the same as the two reads", async () => {
      const both = subject.admin.recordWithPerson;
      if (!both) {
        // Without it the panel reads the record, then its person: those two must fit together.
        const detail = await subject.admin.record("leads", ids.signup!);
        expect((await subject.admin.person(detail.personId)).person.records).toContainEqual(
          expect.objectContaining({ collection: "leads", id: ids.signup }),
        );
        return;
      }
      const { person: view, ...detail } = await both.call(subject.admin, "leads", ids.signup!);
      expect(detail).toEqual(await subject.admin.record("leads", ids.signup!));
      expect(view).toEqual(await subject.admin.person(detail.personId));
      await expect(both.call(subject.admin, "leads", "no-such-record")).rejects.toMatchObject({ status: 404 });
    });

    it("answers an unknown record or person with 404", async () => {
      await expect(subject.admin.record("leads", "no-such-record")).rejects.toMatchObject({ status: 404 });
      await expect(subject.admin.person("0".repeat(64))).rejects.toMatchObject({ status: 404 });
    });

    it("joins a person's records across collections and the case of their email", async () => {
      const subscribed = await subject.public.subscribe(
        {
          email: "Pieter@Example.COM",
          website: "",
          consentVersion: CONSENT_WORDING.newsletter.version,
          sourcePath: "/blog",
        },
        key(),
      );
      expect(subscribed.ok).toBe(true);
      const view = await subject.admin.person(person.pieter!);
      expect(view.person).toMatchObject({ id: person.pieter, email: "pieter@example.com" });
      expect(view.person.records).toEqual([
        {
          collection: "newsletter",
          id: expect.any(String),
          type: "newsletter",
          status: "subscribed",
          createdAt: expect.stringMatching(ISO),
        },
        { collection: "leads", id: ids.signup, type: "signup", status: "new", createdAt: expect.stringMatching(ISO) },
      ]);
      ids.pieterNewsletter = view.person.records[0]!.id;
      expect(view.timeline).toContainEqual(
        expect.objectContaining({
          kind: "submitted",
          collection: "leads",
          recordId: ids.signup,
          type: "signup",
          sourcePath: "/signup",
        }),
      );
      expect(view.timeline).toContainEqual(
        expect.objectContaining({
          kind: "submitted",
          collection: "newsletter",
          recordId: ids.pieterNewsletter,
          type: "newsletter",
        }),
      );
      expect(view.timeline).toContainEqual(
        expect.objectContaining({
          kind: "consent-given",
          purpose: "marketing",
          source: "/signup",
          collection: "leads",
          recordId: ids.signup,
        }),
      );
      expect(view.timeline).toContainEqual(
        expect.objectContaining({
          kind: "consent-given",
          purpose: "newsletter",
          source: "/blog",
          collection: "newsletter",
          recordId: ids.pieterNewsletter,
        }),
      );
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
      expect(note).toEqual({
        id: expect.any(String),
        collection: "contacts",
        recordId: ids.contact,
        body: "Called, left a message.",
        author: subject.staff.email,
        createdAt: expect.stringMatching(ISO),
      });
      const detail = await subject.admin.record("contacts", ids.contact!);
      expect(detail).toMatchObject({ status: "new", firstResponseAt: expect.stringMatching(ISO) });
      expect(await timelineOf(person.naledi!)).toContainEqual(
        expect.objectContaining({
          kind: "note",
          noteId: note.id,
          body: "Called, left a message.",
          author: subject.staff.email,
        }),
      );
      // The clock keeps the first response: a second note does not move it.
      await subject.admin.addNote("contacts", ids.contact!, "Called again.");
      expect((await subject.admin.record("contacts", ids.contact!)).firstResponseAt).toBe(detail.firstResponseAt);
    });

    it("refuses a blank or over-long note, or one on a record that does not exist", async () => {
      await expect(subject.admin.addNote("contacts", ids.contact!, "   ")).rejects.toMatchObject({ status: 400 });
      await expect(subject.admin.addNote("contacts", ids.contact!, "x".repeat(5001))).rejects.toMatchObject({
        status: 400,
      });
      await expect(subject.admin.addNote("contacts", "no-such-record", "Hello")).rejects.toMatchObject({ status: 404 });
    });

    it("lets the author delete their note, leaving a note-deleted entry", async () => {
      const note = await subject.admin.addNote("contacts", ids.contact!, "Wrong record, sorry.");
      await subject.admin.deleteNote(note);
      const timeline = await timelineOf(person.naledi!);
      expect(timeline).toContainEqual(
        expect.objectContaining({
          kind: "note-deleted",
          noteId: note.id,
          by: subject.staff.email,
          collection: "contacts",
          recordId: ids.contact,
        }),
      );
      expect(timeline.some((entry) => entry.kind === "note" && entry.noteId === note.id)).toBe(false);
      await expect(subject.admin.deleteNote(note)).rejects.toMatchObject({ status: 404 });
    });

    it("opens a newsletter subscription in full and takes notes on it, in its person's timeline", async () => {
      const detail = await subject.admin.record("newsletter", ids.pieterNewsletter!);
      expect(detail).toMatchObject({
        id: ids.pieterNewsletter,
        email: "pieter@example.com",
        type: "newsletter",
        status: "subscribed",
        personId: person.pieter,
        phoneE164: null,
        consent: { purpose: "newsletter", action: "given", at: expect.stringMatching(ISO), source: "/blog" },
      });
      // A subscription has no owner to show or set.
      expect(detail).not.toHaveProperty("owner");
      const note = await subject.admin.addNote(
        "newsletter",
        ids.pieterNewsletter!,
        "Asked by phone to stay on the list.",
      );
      expect(note).toMatchObject({
        collection: "newsletter",
        recordId: ids.pieterNewsletter,
        author: subject.staff.email,
      });
      expect(await timelineOf(person.pieter!)).toContainEqual(
        expect.objectContaining({
          kind: "note",
          noteId: note.id,
          collection: "newsletter",
          recordId: ids.pieterNewsletter,
        }),
      );
      expect((await subject.admin.record("newsletter", ids.pieterNewsletter!)).status).toBe("subscribed");
    });

    it("lists the staff, each of whom sets their own availability", async () => {
      const account = {
        email: subject.staff.email,
        role: "admin",
        disabled: false,
        lastSignInAt: expect.stringMatching(ISO),
      };
      expect(await subject.admin.staff()).toContainEqual(expect.objectContaining({ ...account, available: true }));
      expect(await subject.admin.setAvailable(subject.staff.email, false)).toMatchObject({
        email: subject.staff.email,
        available: false,
      });
      expect(await subject.admin.staff()).toContainEqual(expect.objectContaining({ ...account, available: false }));
      await subject.admin.setAvailable(subject.staff.email, true);
    });

    it("assigns a record and moves its status, starting the clock and writing the timeline", async () => {
      const updated = await subject.admin.updateRecord("leads", ids.signup!, {
        status: "contacted",
        owner: subject.staff.email,
      });
      expect(updated).toMatchObject({
        id: ids.signup,
        status: "contacted",
        owner: subject.staff.email,
        firstResponseAt: expect.stringMatching(ISO),
      });
      const timeline = await timelineOf(person.pieter!);
      expect(timeline).toContainEqual(
        expect.objectContaining({
          kind: "status-changed",
          collection: "leads",
          recordId: ids.signup,
          from: "new",
          to: "contacted",
          by: subject.staff.email,
        }),
      );
      expect(timeline).toContainEqual(
        expect.objectContaining({
          kind: "assigned",
          collection: "leads",
          recordId: ids.signup,
          from: null,
          to: subject.staff.email,
          by: subject.staff.email,
        }),
      );
    });

    it("refuses an owner who is not staff, an owner on a subscription, and an unknown record", async () => {
      await expect(
        subject.admin.updateRecord("leads", ids.demo!, { owner: "stranger@example.com" }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        subject.admin.bulkUpdate("newsletter", [ids.newsletter!], { owner: subject.staff.email }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(subject.admin.updateRecord("leads", "no-such-record", { status: "closed" })).rejects.toMatchObject({
        status: 404,
      });
      expect((await subject.admin.record("leads", ids.demo!)).owner).toBeNull();
    });

    it("filters by owner: mine, unassigned, or a staff member's", async () => {
      const idsOf = async (owner: string) =>
        (await subject.admin.list("leads", { owner })).items.map((lead) => lead.id);
      expect(await idsOf("me")).toEqual([ids.signup]);
      expect(await idsOf(subject.staff.email)).toEqual([ids.signup]);
      expect(await idsOf("none")).toEqual([ids.demo]);
      await expect(subject.admin.list("newsletter", { owner: "none" })).rejects.toMatchObject({ status: 400 });
    });

    it("counts the records a filter matches, for the bulk bar's select-all", async () => {
      expect(await subject.admin.countMatching("leads", { owner: "me" })).toEqual({ count: 1, more: false });
      expect(await subject.admin.countMatching("leads", {})).toEqual({ count: 2, more: false });
      expect(await subject.admin.countMatching("contacts", { owner: "none" })).toEqual({ count: 3, more: false });
      expect(await subject.admin.countMatching("contacts", { owner: "none", status: "new" })).toEqual({
        count: 2,
        more: false,
      });
      expect(await subject.admin.countMatching("leads", { q: "pieter" })).toEqual(
        subject.countsSearches ? { count: 1, more: false } : null,
      );
      await expect(subject.admin.countMatching("newsletter", { owner: "me" })).rejects.toMatchObject({ status: 400 });
    });

    it("exports by owner as the lists filter: mine, unassigned, and no subscribers", async () => {
      const types = async (filters: ExportFilters) =>
        (await subject.exportCsv(filters)).text
          .split("\r\n")
          .filter(Boolean)
          .slice(1)
          .map((line) => line.split(",")[4]);
      const mine = (await subject.exportCsv({ owner: "me" })).text.split("\r\n").filter(Boolean);
      expect(mine).toHaveLength(2);
      expect(mine[1]).toMatch(/^Pieter van Wyk,pieter@example\.com,/);
      expect(await types({ owner: "none" })).toEqual(["demo", "contact", "contact", "contact"]);
      expect(await types({ collections: ["leads"], owner: subject.staff.email })).toEqual(["signup"]);
      expect(await types({ collections: ["newsletter"], owner: "me" })).toEqual([]);
    });

    it("changes many records at once, all or nothing", async () => {
      expect(await subject.admin.bulkUpdate("leads", [ids.demo!, ids.signup!], { status: "qualified" })).toBe(2);
      expect((await subject.admin.list("leads", { status: "qualified" })).items.map((lead) => lead.id).sort()).toEqual(
        [ids.demo, ids.signup].sort(),
      );
      await expect(
        subject.admin.bulkUpdate("leads", [ids.demo!, "no-such-record"], { status: "closed" }),
      ).rejects.toMatchObject({ status: 400 });
      expect((await subject.admin.list("leads", { status: "closed" })).items).toEqual([]);
      expect(await subject.admin.bulkUpdate("leads", [ids.demo!, ids.signup!], { owner: null })).toBe(2);
      expect((await subject.admin.list("leads", { owner: "none" })).items).toHaveLength(2);

      const contacts = (await subject.admin.list("contacts", {})).items.map((item) => item.id);
      expect(contacts).toHaveLength(3);
      await expect(
        subject.admin.bulkUpdate("contacts", [...contacts, "no-such-record"], { status: "closed" }),
      ).rejects.toMatchObject({ status: 400 });
      expect((await subject.admin.list("contacts", { status: "closed" })).items).toEqual([]);
      await expect(
        subject.admin.bulkUpdate("contacts", [contacts[0]!, contacts[0]!], { status: "closed" }),
      ).rejects.toMatchObject({ status: 400 });
      expect(
        await subject.admin.bulkUpdate("contacts", contacts, { status: "closed", owner: subject.staff.email }),
      ).toBe(3);
      const closed = (await subject.admin.list("contacts", { status: "closed" })).items;
      expect(closed.map((item) => [item.owner, typeof item.firstResponseAt])).toEqual(
        contacts.map(() => [subject.staff.email, "string"]),
      );
    });

    it("shows the median first response of the last 7 days", async () => {
      const { medianFirstResponseMs } = await subject.admin.stats();
      expect(medianFirstResponseMs).toEqual(expect.any(Number));
      expect(medianFirstResponseMs).toBeGreaterThanOrEqual(0);
      expect(medianFirstResponseMs).toBeLessThan(10 * 60_000);
    });

    it("finds leads and contacts by phone, however the number is written", async () => {
      const called = await subject.public.submitContact(
        { ...sampleContact, website: "", email: "caller@example.com", phone: "(082) 555-0199" },
        key(),
      );
      if (!called.ok) throw new Error("the contact was not stored");
      const found = async (collection: "leads" | "contacts" | "newsletter", q: string) =>
        (await subject.admin.list(collection, { q })).items.map((item) => item.id);
      // Pieter typed +27 82 123 4567, Amina 021 555 0100.
      for (const q of ["082 123 4567", "+27 82 123 4567", "0027 82 123 4567", "821234567", "4567"])
        expect(await found("leads", q), q).toEqual([ids.signup]);
      for (const q of ["+27 21 555 0100", "(021) 555-0100", "0215550100"])
        expect(await found("leads", q), q).toEqual([ids.demo]);
      expect(await found("leads", "082 123 4568")).toEqual([]);
      // Fewer than four digits: not a phone number.
      expect(await found("leads", "082")).toEqual([]);
      expect(await found("contacts", "+27 82 555 0199")).toEqual([called.id]);
      expect(await found("contacts", "082 555 0199")).toEqual([called.id]);
      expect(await found("newsletter", "082 123 4567")).toEqual([]);
      expect(await subject.admin.countMatching("leads", { q: "082 123 4567" })).toEqual(
        subject.countsSearches ? { count: 1, more: false } : null,
      );
      const lines = (await subject.exportCsv({ collections: ["leads"], q: "082 123 4567" })).text
        .split("\r\n")
        .filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^Pieter van Wyk,pieter@example\.com,'\+27 82 123 4567,/);
    });
  });
}
