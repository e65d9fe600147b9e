import { describe, expect, it } from "vitest";
import { ownerChoices } from "./filter-bar";

describe("ownerChoices", () => {
  it("offers mine, unassigned, then every owner named the way the directory names them", () => {
    const name = (email: string) => (email === "ben@erf.test" ? `${email} (disabled)` : email);
    expect(ownerChoices(["ama@erf.test", "ben@erf.test"], "", name)).toEqual([
      { value: "me", label: "Mine" },
      { value: "none", label: "Unassigned" },
      { value: "ama@erf.test", label: "ama@erf.test" },
      { value: "ben@erf.test", label: "ben@erf.test (disabled)" },
    ]);
  });

  it("keeps an owner the filter is set to even when no longer listed", () => {
    expect(ownerChoices(["ama@erf.test"], "gone@erf.test").map((choice) => choice.value)).toEqual([
      "me",
      "none",
      "ama@erf.test",
      "gone@erf.test",
    ]);
    expect(ownerChoices(["ama@erf.test"], "me").map((choice) => choice.value)).toEqual(["me", "none", "ama@erf.test"]);
  });
});
