import { describe, expect, it } from "vitest";
import type { ContactRecord, LeadRecord, NewsletterRecord } from "./records";
import { matchesSearch, searchMatcher } from "./search";

const lead = (phone: string | null) =>
  ({
    id: "l1",
    type: "demo",
    firstName: "Amina",
    lastName: "Okafor",
    name: "Amina Okafor",
    email: "amina2024@example.ng",
    phone,
    companyName: "Okafor Estates",
  }) as LeadRecord;
const contact = (phone: string | null) =>
  ({
    id: "c1",
    firstName: "Naledi",
    lastName: "Dube",
    email: "naledi@example.co.za",
    phone,
    companyName: null,
    type: "contact",
  }) as ContactRecord;
const subscriber = { id: "n1", email: "reader0101@example.com", type: "newsletter" } as NewsletterRecord;

describe("the list search on a record in hand", () => {
  it("matches any text field, in any case, and everything when blank", () => {
    expect(matchesSearch("leads", lead(null), "Okafor Lettings")).toBe(false);
    expect(matchesSearch("leads", lead(null), "okafor ESTATES")).toBe(true);
    expect(matchesSearch("leads", lead(null), "amina okafor")).toBe(true);
    expect(matchesSearch("contacts", contact(null), "dube")).toBe(true);
    expect(matchesSearch("contacts", contact(null), "okafor")).toBe(false);
    expect(matchesSearch("newsletter", subscriber, "READER")).toBe(true);
    expect(matchesSearch("leads", lead(null), "  ")).toBe(true);
  });

  it.each(["082 555 0101", "+27 82 555 0101", "0027 82 555 0101", "825550101", "0101", "(082) 555-0101"])(
    "finds a lead and a contact by their phone typed as %j",
    (q) => {
      expect(matchesSearch("leads", lead("082 555 0101"), q)).toBe(true);
      expect(matchesSearch("contacts", contact("+27825550101"), q)).toBe(true);
      expect(matchesSearch("leads", lead("082 555 0102"), q)).toBe(false);
      expect(matchesSearch("contacts", contact(null), q)).toBe(false);
    },
  );

  it("still matches a number-like search as text, and reads no phone under four digits", () => {
    // "2024" is a phone search that finds no phone, but the email holds it.
    expect(matchesSearch("leads", lead("082 555 0101"), "2024")).toBe(true);
    expect(matchesSearch("newsletter", subscriber, "0101")).toBe(true);
    expect(matchesSearch("leads", lead("082 555 0101"), "082")).toBe(false);
    expect(matchesSearch("leads", lead("082 555 0101"), "555")).toBe(false);
  });

  it("compiles a search once for many records", () => {
    const matches = searchMatcher("leads", "+27 82 555 0101");
    expect([lead("082 555 0101"), lead("021 555 0100"), lead(null)].map(matches)).toEqual([true, false, false]);
  });
});
