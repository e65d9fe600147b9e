import { describe, expect, it } from "vitest";
import type { StaffAccount } from "../../../domain/staff";
import { staffDirectory } from "./staff-directory";

const account = (email: string, disabled = false): StaffAccount => ({
  email,
  name: null,
  role: "sales",
  disabled,
  twoFactor: false,
  lastSignInAt: null,
  available: true,
});

describe("staffDirectory", () => {
  const directory = staffDirectory([account("ama@erf.test"), account("ben@erf.test", true), account("cara@erf.test")]);

  it("offers only enabled accounts as new owners, but keeps every account for the owner filter", () => {
    expect(directory.assignable).toEqual(["ama@erf.test", "cara@erf.test"]);
    expect(directory.emails).toEqual(["ama@erf.test", "ben@erf.test", "cara@erf.test"]);
  });

  it("marks a disabled owner, whatever the case of the address", () => {
    expect(directory.ownerName("ben@erf.test")).toBe("ben@erf.test (disabled)");
    expect(directory.ownerName("Ben@Erf.test")).toBe("Ben@Erf.test (disabled)");
    expect(directory.ownerName("ama@erf.test")).toBe("ama@erf.test");
    // An owner no longer listed at all (deleted from the command line) reads as their email.
    expect(directory.ownerName("gone@erf.test")).toBe("gone@erf.test");
  });
});
