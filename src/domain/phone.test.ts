import { describe, expect, it } from "vitest";
import { formatInternational, phoneMatches, phoneSearchNeedles, toE164 } from "./phone";

describe("toE164", () => {
  it.each([
    ["082 555 0101", "+27825550101"],
    ["+27 82 555 0101", "+27825550101"],
    ["(011) 555-0101", "+27115550101"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %s as %s (ZA by default)", (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });

  it.each([[null], [""], ["12"], ["+0 000"]])("gives null for %j", (raw) => {
    expect(toE164(raw)).toBeNull();
  });
});

describe("formatInternational", () => {
  it("spaces the number as it is dialled from abroad", () => {
    expect(formatInternational("082 555 0101")).toBe("+27 82 555 0101");
    expect(formatInternational("nonsense")).toBeNull();
  });
});

describe("phoneSearchNeedles", () => {
  it.each([
    // National, as staff read it off a form or a caller ID: the default country's number from its start, or the digits anywhere.
    ["082 555 0101", ["+27825550101", "0825550101"]],
    ["0825550101", ["+27825550101", "0825550101"]],
    ["(011) 555-0101", ["+27115550101", "0115550101"]],
    ["082.555.0101", ["+27825550101", "0825550101"]],
    ["0101", ["+27101", "0101"]],
    // International with +: from the number's start only; a (0) after the country code is not dialled.
    ["+27 82 555 0101", ["+27825550101"]],
    ["+27 (0)82 555 0101", ["+27825550101"]],
    ["+44 20-7946-0958", ["+442079460958"]],
    ["+2782", ["+2782"]],
    // International with 00, or digits that end in 00...
    ["0027 82 555 0101", ["+27825550101", "0027825550101"]],
    ["0001", ["+01", "0001"]],
    // No prefix: the digits anywhere.
    ["825550101", ["825550101"]],
    ["27 82 555 0101", ["27825550101"]],
    ["555 0101", ["5550101"]],
    ["  082 555 0101  ", ["+27825550101", "0825550101"]],
  ])("reads %j as a phone search for %j", (q, needles) => {
    expect(phoneSearchNeedles(q)).toEqual(needles);
  });

  it.each([
    // Fewer than four digits: text only.
    ["082"],
    ["+27"],
    ["+27 (0)8"],
    ["1-2-3"],
    // Anything but digits and separators: text only.
    ["082 555 0101 x"],
    ["ada0825550101"],
    ["082/555/0101"],
    ["2024@example.com"],
    [""],
    ["   "],
  ])("does not read %j as a phone number", (q) => {
    expect(phoneSearchNeedles(q)).toBeNull();
  });
});

describe("phoneMatches", () => {
  it.each([
    ["082 555 0101", "+27 82 555 0101"],
    ["082 555 0101", "0027825550101"],
    ["082 555 0101", "825550101"],
    ["082 555 0101", "0101"],
    ["+27 82 555 0101", "082 555 0101"],
    ["+27 82 555 0101", "82 555"],
    ["(011) 555-0101", "011 555 0101"],
  ])("finds %j by %j", (phone, q) => {
    expect(phoneMatches(phone, phoneSearchNeedles(q)!)).toBe(true);
  });

  it.each([
    ["082 555 0101", "082 555 0102"],
    // A national number is the default country's: 082... is not +44 82...
    ["+44 82 555 0101", "082 555 0101"],
    // A + is the start of the number.
    ["082 555 0101", "+82555"],
    ["+27 21 555 0100", "+2782"],
  ])("does not find %j by %j", (phone, q) => {
    expect(phoneMatches(phone, phoneSearchNeedles(q)!)).toBe(false);
  });

  it("finds nothing in a record without a phone, or with one that has no E.164 form", () => {
    expect(phoneMatches(null, ["0101"])).toBe(false);
    expect(phoneMatches("", ["0101"])).toBe(false);
    expect(phoneMatches("+999 123 0101", phoneSearchNeedles("0101")!)).toBe(false);
  });
});
