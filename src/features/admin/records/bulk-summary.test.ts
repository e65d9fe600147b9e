import { describe, expect, it } from "vitest";
import { bulkSummary, countOf, selectAllOffer } from "./bulk-summary";

describe("bulkSummary", () => {
  it("sums a bulk change up in one sentence", () => {
    expect(bulkSummary("leads", 12, { owner: "ama@erf.test" }, "sipho@erf.test")).toBe(
      "12 leads assigned to ama@erf.test",
    );
    expect(bulkSummary("leads", 12, { owner: "Sipho@erf.test" }, "sipho@erf.test")).toBe("12 leads assigned to you");
    expect(bulkSummary("contacts", 1, { status: "contacted" }, undefined)).toBe("1 contact message marked contacted");
    expect(bulkSummary("contacts", 3, { status: "closed", owner: null }, undefined)).toBe(
      "3 contact messages marked closed and unassigned",
    );
    expect(bulkSummary("leads", 1_000, {}, undefined)).toBe(`${(1_000).toLocaleString("en-ZA")} leads updated`);
  });

  it("counts with the right noun", () => {
    expect(countOf("newsletter", 2)).toBe("2 subscribers");
    expect(countOf("leads", 1)).toBe("1 lead");
  });
});

describe("selectAllOffer", () => {
  it("names how many match once they are counted, and says when more match than one change takes", () => {
    expect(selectAllOffer({ count: 237, more: false })).toEqual({ label: "Select all 237 matching", note: null });
    expect(selectAllOffer({ count: 1_000, more: false })).toEqual({
      label: `Select all ${(1_000).toLocaleString("en-ZA")} matching`,
      note: null,
    });
    expect(selectAllOffer({ count: 1_000, more: true })).toEqual({
      label: `Select the newest ${(1_000).toLocaleString("en-ZA")}`,
      note: `More than ${(1_000).toLocaleString("en-ZA")} match.`,
    });
  });

  it("offers every match up to the cap while the count is not known", () => {
    expect(selectAllOffer(null)).toEqual({
      label: `Select all matching this filter (up to ${(1_000).toLocaleString("en-ZA")})`,
      note: null,
    });
  });
});
