import { expect, it } from "vitest";
import type { ErasureResult } from "../../src/domain/privacy";
import type { RecordDetail } from "../../src/domain/workspace";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { markSent, purgeFinishedOutbox } from "../db/store";
import { manualClock, testConfig, validContact, validDemo, validSignup } from "../test-support/app";
import { staffClient, submit } from "../test-support/workspace";
import { DAY_MS, runRetention } from "./retention";

// What the lead workspace stores about a person goes with them: an erasure removes their notes, their
// timeline entries and their person id; the retention purge removes the notes and timeline entries of
// the records it deletes, and the person ids of people it leaves with no record.

describeStorage(
  "erasure and retention of the workspace's rows",
  (open) => {
    async function person(staff: Awaited<ReturnType<typeof staffClient>>, email: string) {
      const lead = await submit(staff.app, "/api/leads", { ...validDemo, email });
      const contact = await submit(staff.app, "/api/contacts", { ...validContact, email: email.toUpperCase() });
      await staff.write("PATCH", `/api/admin/leads/${lead}`, { status: "contacted" });
      await staff.write("PATCH", `/api/admin/contacts/${contact}`, { status: "closed", owner: "staff@erf.co.za" });
      await staff.write("POST", `/api/admin/leads/${lead}/notes`, { body: `Spoke to ${email}` });
      await staff.write("POST", `/api/admin/contacts/${contact}/notes`, { body: "Not interested" });
      const { personId } = await staff.read<RecordDetail>(`/api/admin/leads/${lead}`);
      return { lead, contact, personId };
    }

    it("erases a person's notes, timeline entries and person id with their records, and nobody else's", async () => {
      const staff = await staffClient(open.db, { clock: manualClock().clock });
      const erased = await person(staff, "gone@example.com");
      const kept = await person(staff, "kept@example.com");
      const response = await staff.write("POST", "/api/admin/subjects/erase", { email: "gone@example.com" });
      const { deleted } = (await response.json()) as ErasureResult;
      expect(deleted).toMatchObject({ leads: 1, contacts: 1, notes: 2, timeline: 3, people: 1 });
      expect(await open.db.selectFrom("notes").select("email").distinct().execute()).toEqual([
        { email: "kept@example.com" },
      ]);
      expect(await open.db.selectFrom("workspaceEvents").select("email").distinct().execute()).toEqual([
        { email: "kept@example.com" },
      ]);
      expect(await open.db.selectFrom("people").select("email").execute()).toEqual([{ email: "kept@example.com" }]);
      expect(await staff.read(`/api/admin/people/${erased.personId}`, 404)).toEqual({ error: "not-found" });
      expect(
        (await staff.read<{ timeline: unknown[] }>(`/api/admin/people/${kept.personId}`)).timeline.length,
      ).toBeGreaterThan(0);
    });

    it("erases the person's sent-email entries, which outlive the outbox's rows, and nobody else's", async () => {
      const config = testConfig({
        smtpUrl: "smtp://127.0.0.1:2525",
        notifyTo: ["sales@erf.test"],
        publicUrl: "https://erf.test",
      });
      const time = manualClock("2025-05-02T09:00:00.000Z");
      const staff = await staffClient(open.db, { clock: time.clock, config });
      await submit(staff.app, "/api/contacts", { ...validContact, email: "mailed@example.com" });
      await submit(staff.app, "/api/newsletter", { email: "Mailed@Example.com" });
      await submit(staff.app, "/api/contacts", { ...validContact, email: "other@example.com" });
      for (const { id } of await open.db.selectFrom("outbox").select("id").execute())
        await markSent(open.db, id, time.clock());
      await purgeFinishedOutbox(open.db, "2100-01-01T00:00:00.000Z");
      const sentTo = async () =>
        await open.db
          .selectFrom("workspaceEvents")
          .select(["email", "details"])
          .where("kind", "=", "email-sent")
          .orderBy("email")
          .orderBy("details")
          .execute();
      expect(await sentTo()).toEqual([
        { email: "mailed@example.com", details: '{"email":"lead-alert"}' },
        { email: "mailed@example.com", details: '{"email":"welcome"}' },
        { email: "other@example.com", details: '{"email":"lead-alert"}' },
      ]);
      const response = await staff.write("POST", "/api/admin/subjects/erase", { email: "mailed@example.com" });
      expect(((await response.json()) as ErasureResult).deleted).toMatchObject({
        contacts: 1,
        newsletter: 1,
        outbox: 0,
        timeline: 2,
      });
      expect(await sentTo()).toEqual([{ email: "other@example.com", details: '{"email":"lead-alert"}' }]);
    });

    it("lists notes and timeline entries in the data-subject export", async () => {
      const staff = await staffClient(open.db, { clock: manualClock().clock });
      await person(staff, "asks@example.com");
      const body = (await (
        await staff.write("POST", "/api/admin/subjects/export", { email: "asks@example.com" })
      ).json()) as { notes: { body: string }[]; timeline: { kind: string }[] };
      expect(body.notes.map((note) => note.body).sort()).toEqual(["Not interested", "Spoke to asks@example.com"]);
      expect(body.timeline.map((entry) => entry.kind).sort()).toEqual(["assigned", "status-changed", "status-changed"]);
    });

    it("purges the notes and timeline entries of purged records, and the person ids left with no record", async () => {
      const time = manualClock("2023-01-01T00:00:00.000Z");
      const staff = await staffClient(open.db, { clock: time.clock });
      const closed = await person(staff, "closed@example.com");
      await staff.write("PATCH", `/api/admin/leads/${closed.lead}`, { status: "closed" });
      const open1 = await submit(staff.app, "/api/leads", { ...validSignup, email: "active@example.com" });
      await staff.write("POST", `/api/admin/leads/${open1}/notes`, { body: "Keeps going" });
      await staff.read(`/api/admin/leads/${open1}`);
      time.advance(731 * DAY_MS);
      const run = await runRetention(open.db, {
        now: time.clock(),
        retentionDays: 730,
        actor: "system",
        auditEmptyRuns: false,
      });
      expect(run.deleted).toMatchObject({ leads: 1, contacts: 1, notes: 2, timeline: 4, people: 1 });
      expect(await open.db.selectFrom("notes").select("body").execute()).toEqual([{ body: "Keeps going" }]);
      expect(await countRows(open.db, "workspaceEvents")).toBe(0);
      expect(await open.db.selectFrom("people").select("email").execute()).toEqual([{ email: "active@example.com" }]);
    });
  },
  { admin: true },
);
