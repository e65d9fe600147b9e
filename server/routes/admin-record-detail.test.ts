import { expect, it } from "vitest";
import { UNATTRIBUTED } from "../../src/domain/attribution";
import type { PersonView, RecordDetail, RecordWithPerson } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, POSTED_SCORE, validContact, validDemo, validSignup } from "../test-support/app";
import { countRows } from "../test-support/databases";
import { staffClient, submit } from "../test-support/workspace";

// GET /api/admin/{collection}/{id}: the record panel's one read. Every stored field, the person it
// belongs to (an opaque id), the phone in E.164 beside the raw one, and the consent tied to the record.

const AT = "2025-05-02T09:30:00.000Z";

describeStorage(
  "GET /api/admin/{collection}/{id}",
  (open) => {
    const client = () => staffClient(open.db, { clock: manualClock(AT).clock });

    it("shows every field of a signup, with its person, E.164 phone and marketing consent", async () => {
      const staff = await client();
      const id = await submit(staff.app, "/api/leads", {
        ...validSignup,
        phone: "082 555 0101",
        sourcePath: "/signup",
        consentVersion: undefined,
      });
      const detail = await staff.read<RecordDetail<"leads">>(`/api/admin/leads/${id}`);
      expect(detail).toEqual({
        ...UNATTRIBUTED,
        id,
        type: "signup",
        firstName: "Pieter",
        lastName: "van der Merwe",
        name: "Pieter van der Merwe",
        email: "pieter@example.co.za",
        phone: "082 555 0101",
        companyName: "Karoo Rentals",
        jobTitle: null,
        organizationType: "landlord",
        propertyCount: "6-20",
        message: null,
        challenges: null,
        marketingOptIn: true,
        termsAcceptedAt: AT,
        sourcePath: "/signup",
        status: "new",
        owner: null,
        firstResponseAt: null,
        botCheck: "skipped",
        ...POSTED_SCORE,
        createdAt: AT,
        personId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        phoneE164: "+27825550101",
        consent: { purpose: "marketing", action: "given", at: AT, source: "/signup" },
      });
      // Opaque: the id says nothing of the address.
      expect(detail.personId).not.toContain("pieter");
    });

    it("shows a demo request's job title and challenges in full, and a foreign phone in E.164", async () => {
      const staff = await client();
      const challenges = `Arrears tracking across 3 buildings.\n${"Long text. ".repeat(300)}`.trim();
      const id = await submit(staff.app, "/api/leads", { ...validDemo, challenges });
      const detail = await staff.read<RecordDetail<"leads">>(`/api/admin/leads/${id}`);
      expect(detail).toMatchObject({
        type: "demo",
        jobTitle: "Operations Lead",
        organizationType: "investor",
        propertyCount: "51-200",
        challenges,
        phone: "+233 20 000 0000",
        phoneE164: "+233200000000",
        consent: null,
      });
    });

    it("shows a contact's message, and null for a phone that is missing or cannot be a number", async () => {
      const staff = await client();
      const none = await submit(staff.app, "/api/contacts", { ...validContact, phone: "" });
      const odd = await submit(staff.app, "/api/contacts", { ...validContact, phone: "+999 1234567" });
      expect(await staff.read(`/api/admin/contacts/${none}`)).toMatchObject({
        type: "contact",
        message: validContact.message,
        phone: null,
        phoneE164: null,
        sourcePath: null,
      });
      expect(await staff.read(`/api/admin/contacts/${odd}`)).toMatchObject({ phone: "+999 1234567", phoneE164: null });
    });

    it("shows a subscription with its newsletter consent and no phone", async () => {
      const staff = await client();
      const id = await submit(staff.app, "/api/newsletter", { email: "Reader@Example.com", sourcePath: "/blog" });
      expect(await staff.read(`/api/admin/newsletter/${id}`)).toEqual({
        ...UNATTRIBUTED,
        id,
        email: "reader@example.com",
        status: "subscribed",
        type: "newsletter",
        botCheck: "skipped",
        createdAt: AT,
        personId: expect.any(String),
        phoneE164: null,
        consent: { purpose: "newsletter", action: "given", at: AT, source: "/blog" },
      });
    });

    it("gives every record of one address the same person id, made once and kept", async () => {
      const staff = await client();
      const lead = await submit(staff.app, "/api/leads", { ...validDemo, email: "Ama@Example.com" });
      const contact = await submit(staff.app, "/api/contacts", { ...validContact, email: "ama@example.com " });
      const first = await staff.read<RecordDetail>(`/api/admin/leads/${lead}`);
      const [second, third] = await Promise.all([
        staff.read<RecordDetail>(`/api/admin/contacts/${contact}`),
        staff.read<RecordDetail>(`/api/admin/leads/${lead}`),
      ]);
      expect(new Set([first.personId, second.personId, third.personId]).size).toBe(1);
      expect(await open.db.selectFrom("people").select("email").execute()).toEqual([{ email: "ama@example.com" }]);
      const other = await submit(staff.app, "/api/contacts", validContact);
      expect((await staff.read<RecordDetail>(`/api/admin/contacts/${other}`)).personId).not.toBe(first.personId);
    });

    it("with=person answers the record and its person's view together, as the two reads would", async () => {
      const staff = await client();
      const lead = await submit(staff.app, "/api/leads", { ...validDemo, email: "Ama@Example.com" });
      await submit(staff.app, "/api/contacts", { ...validContact, email: "ama@example.com" });
      const both = await staff.read<RecordWithPerson<"leads">>(`/api/admin/leads/${lead}?with=person`);
      const { person, ...detail } = both;
      expect(detail).toEqual(await staff.read<RecordDetail<"leads">>(`/api/admin/leads/${lead}`));
      expect(person).toEqual(await staff.read<PersonView>(`/api/admin/people/${detail.personId}`));
      expect(person.person.records.map((record) => record.collection).sort()).toEqual(["contacts", "leads"]);
      expect(person.timeline.length).toBeGreaterThanOrEqual(2);
    });

    it("refuses any other with=, naming the field, and answers 404 with=person for an unknown id", async () => {
      const staff = await client();
      const lead = await submit(staff.app, "/api/leads", validDemo);
      expect(await staff.read(`/api/admin/leads/${lead}?with=notes`, 400)).toEqual({
        error: "validation",
        fields: { with: 'Only "person"' },
      });
      expect(await staff.read(`/api/admin/leads/no-such-id?with=person`, 404)).toEqual({ error: "not-found" });
    });

    it("answers 404 {error: not-found} for an unknown id, in any collection, and makes no person", async () => {
      const staff = await client();
      for (const collection of ["leads", "contacts", "newsletter"]) {
        expect(await staff.read(`/api/admin/${collection}/no-such-id`, 404)).toEqual({ error: "not-found" });
      }
      expect(await countRows(open.db, "people")).toBe(0);
    });
  },
  { admin: true },
);
