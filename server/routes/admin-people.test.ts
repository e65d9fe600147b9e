import { expect, it } from "vitest";
import type { ListPage } from "../../src/domain/admin";
import type { Note, PersonView, RecordDetail, TimelineEntry } from "../../src/domain/workspace";
import { markSent, purgeFinishedOutbox } from "../db/store";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, testConfig, validContact, validSignup } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { SECOND_STAFF, seedStaff, staffClient, submit } from "../test-support/workspace";

// GET /api/admin/people/{personId}: one person's records across the three collections (the same
// address however it was typed) and their timeline, newest first; and the lists' "3 records" counts.

const MINUTE = 60_000;
const mailConfig = testConfig({
  smtpUrl: "smtp://127.0.0.1:2525",
  notifyTo: ["sales@erf.test"],
  publicUrl: "https://erf.test",
});

describeStorage(
  "the person view",
  (open) => {
    async function scenario() {
      await seedStaff(open.db, SECOND_STAFF);
      const time = manualClock("2025-05-02T09:00:00.000Z");
      const staff = await staffClient(open.db, { clock: time.clock, config: mailConfig });
      const step = () => time.advance(MINUTE);
      const subscription = await submit(staff.app, "/api/newsletter", {
        email: "Sam@Example.com",
        sourcePath: "/blog",
      });
      step();
      const contact = await submit(staff.app, "/api/contacts", {
        ...validContact,
        email: "sam@example.com",
        sourcePath: "/contact",
      });
      step();
      const signup = await submit(staff.app, "/api/leads", {
        ...validSignup,
        email: "  SAM@example.COM",
        sourcePath: "/signup",
      });
      step();
      await submit(staff.app, "/api/contacts", { ...validContact, email: "someone.else@example.com" });
      // The emails go out (welcome to Sam, alerts to staff about each record).
      for (const { id } of await open.db.selectFrom("outbox").select("id").orderBy("createdAt").execute()) {
        step();
        await markSent(open.db, id, time.clock());
      }
      step();
      expect((await staff.write("PATCH", `/api/admin/contacts/${contact}`, { status: "contacted" })).status).toBe(200);
      step();
      expect((await staff.write("PATCH", `/api/admin/leads/${signup}`, { owner: SECOND_STAFF })).status).toBe(200);
      step();
      const kept = (await (
        await staff.write("POST", `/api/admin/leads/${signup}/notes`, { body: "Called: wants a demo on Friday." })
      ).json()) as Note;
      step();
      const gone = (await (
        await staff.write("POST", `/api/admin/contacts/${contact}/notes`, { body: "Wrong number, ignore" })
      ).json()) as Note;
      step();
      expect((await staff.write("DELETE", `/api/admin/notes/${gone.id}`)).status).toBe(204);
      step();
      expect(
        (await staff.write("PATCH", `/api/admin/newsletter/${subscription}`, { status: "unsubscribed" })).status,
      ).toBe(200);
      const { personId } = await staff.read<RecordDetail>(`/api/admin/contacts/${contact}`);
      return { staff, personId, ids: { subscription, contact, signup }, notes: { kept, gone } };
    }

    it("joins the person's records across collections and email case, with every kind of entry, newest first", async () => {
      const { staff, personId, ids, notes } = await scenario();
      const view = await staff.read<PersonView>(`/api/admin/people/${personId}`);
      expect(view.person).toEqual({
        id: personId,
        email: "sam@example.com",
        records: [
          { collection: "leads", id: ids.signup, type: "signup", status: "new", createdAt: "2025-05-02T09:02:00.000Z" },
          {
            collection: "contacts",
            id: ids.contact,
            type: "contact",
            status: "contacted",
            createdAt: "2025-05-02T09:01:00.000Z",
          },
          {
            collection: "newsletter",
            id: ids.subscription,
            type: "newsletter",
            status: "unsubscribed",
            createdAt: "2025-05-02T09:00:00.000Z",
          },
        ],
      });
      const at = (entry: TimelineEntry) => entry.at;
      expect(view.timeline.map(at)).toEqual([...view.timeline.map(at)].sort().reverse());
      const without = ({ at: _at, ...entry }: TimelineEntry) => entry;
      expect(view.timeline.map(without)).toEqual([
        {
          kind: "consent-withdrawn",
          purpose: "newsletter",
          source: "admin",
          collection: "newsletter",
          recordId: ids.subscription,
        },
        {
          kind: "status-changed",
          collection: "newsletter",
          recordId: ids.subscription,
          from: "subscribed",
          to: "unsubscribed",
          by: ADMIN_EMAIL,
        },
        { kind: "note-deleted", collection: "contacts", recordId: ids.contact, noteId: notes.gone.id, by: ADMIN_EMAIL },
        {
          kind: "note",
          collection: "leads",
          recordId: ids.signup,
          noteId: notes.kept.id,
          body: "Called: wants a demo on Friday.",
          author: ADMIN_EMAIL,
        },
        { kind: "assigned", collection: "leads", recordId: ids.signup, from: null, to: SECOND_STAFF, by: ADMIN_EMAIL },
        {
          kind: "status-changed",
          collection: "contacts",
          recordId: ids.contact,
          from: "new",
          to: "contacted",
          by: ADMIN_EMAIL,
        },
        { kind: "email-sent", collection: "leads", recordId: ids.signup, email: "lead-alert", to: "staff" },
        { kind: "email-sent", collection: "contacts", recordId: ids.contact, email: "lead-alert", to: "staff" },
        { kind: "email-sent", collection: "newsletter", recordId: ids.subscription, email: "welcome", to: "person" },
        { kind: "consent-given", purpose: "marketing", source: "/signup", collection: "leads", recordId: ids.signup },
        { kind: "submitted", collection: "leads", recordId: ids.signup, type: "signup", sourcePath: "/signup" },
        { kind: "submitted", collection: "contacts", recordId: ids.contact, type: "contact", sourcePath: "/contact" },
        {
          kind: "consent-given",
          purpose: "newsletter",
          source: "/blog",
          collection: "newsletter",
          recordId: ids.subscription,
        },
        {
          kind: "submitted",
          collection: "newsletter",
          recordId: ids.subscription,
          type: "newsletter",
          sourcePath: null,
        },
      ]);
      // A deleted note's words are gone from everywhere.
      expect(JSON.stringify(view)).not.toContain("Wrong number");
      expect(JSON.stringify(await open.db.selectFrom("notes").selectAll().execute())).not.toContain("Wrong number");
    });

    it("keeps the emails sent in the timeline once the outbox's clean-up has deleted their rows", async () => {
      const { staff, personId, ids } = await scenario();
      const emailsOf = async () =>
        (await staff.read<PersonView>(`/api/admin/people/${personId}`)).timeline.filter(
          (entry) => entry.kind === "email-sent",
        );
      const before = await emailsOf();
      expect(before.map(({ at: _at, ...entry }) => entry)).toEqual([
        { kind: "email-sent", collection: "leads", recordId: ids.signup, email: "lead-alert", to: "staff" },
        { kind: "email-sent", collection: "contacts", recordId: ids.contact, email: "lead-alert", to: "staff" },
        { kind: "email-sent", collection: "newsletter", recordId: ids.subscription, email: "welcome", to: "person" },
      ]);
      // What the hourly clean-up does 30 days on (server/maintenance.ts), here with a cut-off past them all.
      expect(await purgeFinishedOutbox(open.db, "2100-01-01T00:00:00.000Z")).toBe(4);
      expect(await open.db.selectFrom("outbox").select("state").where("state", "=", "sent").execute()).toEqual([]);
      expect(await emailsOf()).toEqual(before);
      // Marking a message sent twice (a lease that ran out mid-send) writes one entry.
      const [queued] = await open.db.selectFrom("outbox").select("id").where("state", "=", "pending").execute();
      await markSent(open.db, queued!.id, new Date("2025-05-02T10:00:00.000Z"));
      await markSent(open.db, queued!.id, new Date("2025-05-02T10:01:00.000Z"));
      expect(await open.db.selectFrom("workspaceEvents").select("at").where("id", "=", queued!.id).execute()).toEqual([
        { at: "2025-05-02T10:00:00.000Z" },
      ]);
    });

    it("counts each person's records on a list page, across collections, only where there is more than one", async () => {
      const { staff } = await scenario();
      const page = await staff.read<ListPage<"contacts">>("/api/admin/contacts");
      expect(page.items).toHaveLength(2);
      expect(page.personRecords).toEqual({ "sam@example.com": 3 });
      expect((await staff.read<ListPage<"leads">>("/api/admin/leads")).personRecords).toEqual({ "sam@example.com": 3 });
      expect((await staff.read<ListPage<"leads">>("/api/admin/leads?q=nobody")).personRecords).toEqual({});
    });

    it("answers 404 for a person id nobody has, or one that is not an id, and never names a person by email", async () => {
      const { staff } = await scenario();
      for (const id of ["00000000-0000-4000-8000-000000000000", "sam@example.com", "x%00y"]) {
        expect(await staff.read(`/api/admin/people/${id}`, 404)).toEqual({ error: "not-found" });
      }
    });
  },
  { admin: true },
);
