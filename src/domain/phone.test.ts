import { describe, expect, it } from "vitest";
import { formatInternational, toE164 } from "./phone";

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
