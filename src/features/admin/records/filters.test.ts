import { describe, expect, it } from "vitest";
import type { ContactRecord } from "../../../domain/records";
import { exportFilters, hasFilters, listQuery, matchesFilters, matchesOwner, NO_FILTERS } from "./filters";

const contact = (owner: string | null): ContactRecord =>
  ({
    id: "c1",
    firstName: "Thandi",
    lastName: "Nkosi",
    email: "thandi@example.co.za",
    status: "new",
    owner,
    type: "contact",
  }) as ContactRecord;

describe("the owner filter", () => {
  it("matches mine, unassigned and a named owner the way the server does", () => {
    expect(matchesOwner(null, "", "me@erf.test")).toBe(true);
    expect(matchesOwner("me@erf.test", "me", "me@erf.test")).toBe(true);
    expect(matchesOwner("other@erf.test", "me", "me@erf.test")).toBe(false);
    expect(matchesOwner("me@erf.test", "me", undefined)).toBe(false);
    expect(matchesOwner(null, "none", "me@erf.test")).toBe(true);
    expect(matchesOwner("me@erf.test", "none", "me@erf.test")).toBe(false);
    expect(matchesOwner("Other@erf.test", "other@erf.test", "me@erf.test")).toBe(true);
    expect(matchesOwner(null, "other@erf.test", "me@erf.test")).toBe(false);
  });

  it("keeps a live insert out of a list filtered to someone else's records, and counts as a filter", () => {
    expect(matchesFilters("contacts", contact(null), { ...NO_FILTERS, owner: "me" }, "me@erf.test")).toBe(false);
    expect(matchesFilters("contacts", contact("me@erf.test"), { ...NO_FILTERS, owner: "me" }, "me@erf.test")).toBe(
      true,
    );
    expect(hasFilters({ ...NO_FILTERS, owner: "none" })).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});

describe("the export of a filtered tab", () => {
  it("exports the tab's collection with the list's filters, the owner one included", () => {
    expect(exportFilters("leads", { ...NO_FILTERS, owner: "me", type: "demo" })).toEqual({
      collections: ["leads"],
      q: "",
      status: "",
      type: "demo",
      owner: "me",
    });
    expect(exportFilters("contacts", { ...NO_FILTERS, q: "naledi", owner: "none" })).toEqual({
      collections: ["contacts"],
      q: "naledi",
      status: "",
      type: "",
      owner: "none",
    });
    expect(exportFilters("contacts", { ...NO_FILTERS, status: "new" })).toEqual({
      collections: ["contacts"],
      q: "",
      status: "new",
      type: "",
    });
  });

  it("exports everything when the tab has no filters, and never an owner filter for the newsletter", () => {
    expect(exportFilters("leads", NO_FILTERS)).toEqual({});
    expect(exportFilters("newsletter", { ...NO_FILTERS, owner: "me", status: "subscribed" })).toEqual({
      collections: ["newsletter"],
      q: "",
      status: "subscribed",
      type: "",
    });
  });
});

describe("the campaign filters", () => {
  const attributed = {
    ...contact(null),
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "nov",
  } as ContactRecord;

  it("keep a live change in a list when its first touch matches, in any case, and out when it does not", () => {
    expect(matchesFilters("contacts", attributed, { ...NO_FILTERS, source: " Newsletter " })).toBe(true);
    expect(matchesFilters("contacts", attributed, { ...NO_FILTERS, source: "newsletter", campaign: "dec" })).toBe(
      false,
    );
    expect(matchesFilters("contacts", contact(null), { ...NO_FILTERS, medium: "email" })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, campaign: "nov" })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, campaign: "  " })).toBe(false);
  });

  it("go to the list, the count and the export only when set", () => {
    expect(exportFilters("newsletter", { ...NO_FILTERS, source: "newsletter", campaign: "nov" })).toEqual({
      collections: ["newsletter"],
      q: "",
      status: "",
      type: "",
      source: "newsletter",
      campaign: "nov",
    });
  });
});

describe("a live insert under a search", () => {
  it("joins a list searched by the record's phone, in any of its forms", () => {
    const called = { ...contact(null), phone: "082 555 0101" } as ContactRecord;
    expect(matchesFilters("contacts", called, { ...NO_FILTERS, q: "+27 82 555 0101" })).toBe(true);
    expect(matchesFilters("contacts", called, { ...NO_FILTERS, q: "0825550101" })).toBe(true);
    expect(matchesFilters("contacts", called, { ...NO_FILTERS, q: "082 555 0199" })).toBe(false);
  });
});

describe("the Spam view", () => {
  it("asks the list API for it only where records are held as spam, and is a view rather than a filter", () => {
    const spamView = { ...NO_FILTERS, spam: "only" as const };
    expect(listQuery("leads", spamView)).toEqual({ q: "", status: "", type: "", spam: "only" });
    expect(listQuery("contacts", { ...spamView, owner: "me" })).toEqual({
      q: "",
      status: "",
      type: "",
      owner: "me",
      spam: "only",
    });
    expect(listQuery("newsletter", spamView)).toEqual({ q: "", status: "", type: "" });
    expect(listQuery("leads", NO_FILTERS)).toEqual({ q: "", status: "", type: "" });
    expect(hasFilters(spamView)).toBe(false);
    // Its export is what it shows: the held records of this tab only.
    expect(exportFilters("contacts", spamView)).toEqual({
      collections: ["contacts"],
      q: "",
      status: "",
      type: "",
      spam: "only",
    });
    expect(exportFilters("contacts", NO_FILTERS)).toEqual({});
  });

  it("matches a held record in the Spam view only", () => {
    const held = { ...contact(null), spam: true } as ContactRecord;
    const clean = { ...contact(null), spam: false } as ContactRecord;
    expect(matchesFilters("contacts", held, { ...NO_FILTERS, spam: "only" })).toBe(true);
    expect(matchesFilters("contacts", held, NO_FILTERS)).toBe(false);
    expect(matchesFilters("contacts", clean, NO_FILTERS)).toBe(true);
    expect(matchesFilters("contacts", clean, { ...NO_FILTERS, spam: "only" })).toBe(false);
  });
});
