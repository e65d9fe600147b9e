import Papa from "papaparse";
import { beforeEach, expect, it } from "vitest";
import type { ListPage, MatchCount } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import { validContact, validDemo, validSignup } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { staffClient, submit, type StaffClient } from "../test-support/workspace";

// Staff search by phone as often as by name: the list's `q`, its count and the CSV export find a lead or
// a contact by its number however it is written (national with its trunk 0, international with + or 00,
// spaced, dashed, bracketed, or only some of its digits), and a number-like search still matches text.
// Records are sent through the public forms, so the stored phone_e164 is the one production writes.

describeStorage(
  "search by phone number",
  (open) => {
    let staff: StaffClient;
    const ids: Record<string, string> = {};

    beforeEach(async () => {
      staff = await staffClient(open.db);
      const lead = (body: object) => submit(staff.app, "/api/leads", body);
      ids.national = await lead({ ...validDemo, email: "thandi@example.co.za", phone: "082 555 0101" });
      ids.international = await lead({ ...validSignup, email: "pieter@example.co.za", phone: "+27 21 555 0100" });
      ids.abroad = await lead({ ...validDemo, email: "oliver@example.co.uk", phone: "+44 20 7946 0958" });
      ids.digitsInEmail = await lead({ ...validSignup, email: "sipho2025@example.com", phone: "" });
      ids.contact = await submit(staff.app, "/api/contacts", {
        ...validContact,
        email: "naledi@example.co.za",
        phone: "(082) 555-0199",
      });
      ids.noPhoneContact = await submit(staff.app, "/api/contacts", {
        ...validContact,
        email: "lerato@example.co.za",
        phone: "",
      });
    });

    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    const listed = async (collection: Collection, text: string) =>
      (await staff.read<ListPage<typeof collection>>(`/api/admin/${collection}?${q(text)}`)).items;
    const counted = async (collection: Collection, text: string) =>
      (await staff.read<MatchCount>(`/api/admin/${collection}/count?${q(text)}`)).count;
    /** The emails in the CSV export of one collection searched for `text`. */
    const exported = async (collection: Collection, text: string) => {
      const response = await staff.app.request(`/api/admin/export.csv?collections=${collection}&${q(text)}`, {
        headers: { Cookie: staff.cookie },
      });
      expect(response.status).toBe(200);
      const rows = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true }).data.slice(1);
      return rows.map((row) => row[1]);
    };

    /** The list, its count and its export agree, and hold exactly these records (by their key in ids). */
    async function expectFound(collection: "leads" | "contacts", text: string, names: string[]) {
      const items = await listed(collection, text);
      expect(items.map((item) => item.id).sort(), `list, q=${text}`).toEqual(names.map((name) => ids[name]).sort());
      expect(await counted(collection, text), `count, q=${text}`).toBe(names.length);
      expect((await exported(collection, text)).sort(), `export, q=${text}`).toEqual(
        items.map((item) => item.email).sort(),
      );
    }

    it.each([
      "082 555 0101",
      "+27 82 555 0101",
      "825550101",
      "0825550101",
      "0027 82 555 0101",
      "+27 (0)82 555 0101",
      "(082) 555-0101",
      "082.555.0101",
      "555 0101",
    ])("finds the lead whose phone is 082 555 0101 by %j", async (text) => {
      await expectFound("leads", text, ["national"]);
    });

    it("finds a lead that typed the international form by its national one, and the other way round", async () => {
      await expectFound("leads", "021 555 0100", ["international"]);
      await expectFound("leads", "+27215550100", ["international"]);
      await expectFound("leads", "+44 20 7946 0958", ["abroad"]);
      await expectFound("leads", "0044 20 7946 0958", ["abroad"]);
    });

    it("finds by the end of a number, and tells a national number from a foreign one", async () => {
      await expectFound("leads", "0101", ["national"]);
      await expectFound("leads", "0100", ["international"]);
      // 020 is a South African number's start (the default country), not London's.
      await expectFound("leads", "020 7946 0958", []);
      // A + starts the number: +82 is Korea, not the 82 inside +2782...
      await expectFound("leads", "+82 555 0101", []);
      await expectFound("leads", "082 555 0102", []);
    });

    it("searches a number-like text in the other columns too, and a short one only there", async () => {
      await expectFound("leads", "2025", ["digitsInEmail"]);
      // Three digits are not read as a phone number: 555 is in two phones but in no name, email or company.
      await expectFound("leads", "555", []);
      await expectFound("leads", "+27", []);
    });

    it("finds a contact by its phone, and nothing in the newsletter, which has none", async () => {
      await expectFound("contacts", "082 555 0199", ["contact"]);
      await expectFound("contacts", "+27825550199", ["contact"]);
      await expectFound("contacts", "0825550101", []);
      expect(await listed("newsletter", "082 555 0101")).toEqual([]);
      expect(await counted("newsletter", "082 555 0101")).toBe(0);
    });

    it("answers with the records as before: the stored E.164 form is the server's, not part of the record", async () => {
      const [found] = await listed("leads", "+27 82 555 0101");
      expect(found).toMatchObject({ id: ids.national, phone: "082 555 0101" });
      expect(found).not.toHaveProperty("phoneE164");
      // The record panel's E.164 is read from the phone, as before.
      expect(await staff.read(`/api/admin/leads/${ids.national}`)).toMatchObject({
        phone: "082 555 0101",
        phoneE164: "+27825550101",
      });
    });
  },
  { admin: true },
);
