import { describe, expect, it } from "vitest";
import { groupSecret, recoveryCodesFile } from "./two-factor-format";

describe("groupSecret", () => {
  it("groups a base32 secret in fours, dropping padding and spaces", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("jbswy3dpehpk3pxpq")).toBe("JBSW Y3DP EHPK 3PXP Q");
    expect(groupSecret("JBSW Y3DP====")).toBe("JBSW Y3DP");
    expect(groupSecret("")).toBe("");
  });
});

describe("recoveryCodesFile", () => {
  it("names the account and the date, then one code a line", () => {
    const text = recoveryCodesFile(
      ["aaaa-bbbb", "cccc-dddd"],
      "boss@erf.test",
      "Erf",
      new Date("2026-11-23T10:00:00Z"),
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe("Erf recovery codes for boss@erf.test");
    expect(lines[1]).toMatch(/^Created 2026-11-23\./);
    expect(lines.slice(4, 6)).toEqual(["aaaa-bbbb", "cccc-dddd"]);
  });
});
