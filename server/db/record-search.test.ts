import { beforeAll, expect, it } from "vitest";
import type { RecordsByCollection } from "../../src/domain/admin";
import { phoneSearchNeedles } from "../../src/domain/phone";
import { matchesSearch } from "../../src/domain/search";
import { contactInput, leadInput } from "../../src/domain/schemas";
import { validContact, validSignup } from "../test-support/app";
import { minute } from "../test-support/records";
import { describeStorage } from "../test-support/storage-suite";
import { insertContact } from "./contacts";
import { insertLead } from "./leads";
import { listRecords } from "./record-lists";

// One search rule, two implementations: the SQL here (record-lists.ts) and src/domain/search.ts, which
// the Firebase adapter and the dashboard's live changes run on a record in hand. Over phones written
// every which way, numbers that are not possible ones (no E.164 form: found by text only) and searches
// that are and are not phone numbers, both pick the same records.

const PHONES = [
  "082 555 0101",
  "+27 82 555 0101",
  "0825550101",
  "(011) 555-0101",
  "+27 (0)21 555 0100",
  "0027 21 555 0199",
  "+44 20 7946 0958",
  "+1 (202) 555.0101",
  // Not possible numbers: an unknown country code, too many digits.
  "+999 123 4567",
  "012 345 678 901 234",
  "",
];

const SEARCHES = [
  "082 555 0101",
  "+27 82 555 0101",
  "0027825550101",
  "825550101",
  "0101",
  "555-0101",
  "(011) 555",
  "021 555 01",
  "+27 (0)21",
  "+44 20",
  "020 7946",
  "+1 202",
  "2025550101",
  "+999 123",
  "1234567",
  "999 1234",
  "012 345 678",
  "345678901234",
  "0000",
  // Not phone searches: text only.
  "555",
  "082 555 0101 x",
  "Mokoena",
  "example.co.za",
];

describeStorage(
  "the list search, in SQL and on a record in hand",
  (open) => {
    beforeAll(async () => {
      for (const [i, phone] of PHONES.entries()) {
        await insertLead(open.db, {
          id: `l-${i}`,
          data: leadInput.parse({ ...validSignup, email: `lead${i}@example.com`, phone }),
          botCheck: "skipped",
          createdAt: minute(i),
        });
        await insertContact(open.db, {
          id: `c-${i}`,
          data: contactInput.parse({ ...validContact, email: `contact${i}@example.co.za`, phone }),
          botCheck: "skipped",
          createdAt: minute(i),
        });
      }
    });

    const read = <C extends "leads" | "contacts">(collection: C, q?: string) =>
      listRecords(open.db, collection, { filters: q === undefined ? {} : { q }, after: null, limit: 100 }) as Promise<
        RecordsByCollection[C][]
      >;

    it.each(SEARCHES)("picks the same records for %j", async (q) => {
      for (const collection of ["leads", "contacts"] as const) {
        const all = await read(collection);
        expect(all).toHaveLength(PHONES.length);
        const inHand = all.filter((record) => matchesSearch(collection, record, q)).map((record) => record.id);
        expect(
          (await read(collection, q)).map((record) => record.id),
          `${collection}, q=${q}`,
        ).toEqual(inHand);
      }
    });

    it("has searches that find some phones and miss others", async () => {
      // Guards the comparison above against agreeing on nothing found, or on everything.
      const phoneSearches = SEARCHES.filter((q) => phoneSearchNeedles(q) !== null);
      const found = await Promise.all(phoneSearches.map(async (q) => [q, (await read("leads", q)).length] as const));
      // 020 is a South African start (the default country), not the London number's; no phone holds
      // 0000; numbers with no E.164 form are not found by phone.
      const none = ["020 7946", "0000", "+999 123", "999 1234", "1234567", "012 345 678", "345678901234"];
      expect(
        found.filter(([q, count]) => (none.includes(q) ? count !== 0 : count === 0 || count === PHONES.length)),
      ).toEqual([]);
      // Typed nationally, found internationally, and the other way round.
      expect((await read("leads", "+27 11 555")).map((lead) => lead.phone)).toEqual(["(011) 555-0101"]);
      expect((await read("leads", "021 555 0199")).map((lead) => lead.phone)).toEqual(["0027 21 555 0199"]);
    });
  },
  { clear: "once" },
);
