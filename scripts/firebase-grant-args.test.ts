import { describe, expect, it } from "vitest";
import { roleFromClaims } from "../src/backend/firebase/staff-claims";
import { grantedClaims, parseGrantArgs } from "./firebase-grant-args";

describe("parseGrantArgs", () => {
  it("takes the email, lower-cased, and the project from --project first; admin when no role is given", () => {
    expect(
      parseGrantArgs(
        ["--email", " Staff@Erf.co.za ", "--project", "erf-prod"],
        { GCLOUD_PROJECT: "other" },
        "demo-erf",
      ),
    ).toEqual({
      email: "staff@erf.co.za",
      projectId: "erf-prod",
      role: "admin",
    });
  });

  it("takes --role admin or sales", () => {
    expect(parseGrantArgs(["--email", "a@b.co", "--role", "sales"], {}, "rc")).toMatchObject({ role: "sales" });
    expect(parseGrantArgs(["--email", "a@b.co", "--role", "admin"], {}, "rc")).toMatchObject({ role: "admin" });
  });

  it("falls back to GCLOUD_PROJECT, then GOOGLE_CLOUD_PROJECT, then .firebaserc", () => {
    expect(parseGrantArgs(["--email", "a@b.co"], { GCLOUD_PROJECT: "g1" }, "rc")).toMatchObject({ projectId: "g1" });
    expect(parseGrantArgs(["--email", "a@b.co"], { GOOGLE_CLOUD_PROJECT: "g2" }, "rc")).toMatchObject({
      projectId: "g2",
    });
    expect(parseGrantArgs(["--email", "a@b.co", "--revoke"], {}, "rc")).toMatchObject({ projectId: "rc", role: null });
  });

  it("refuses a missing email, a missing project and unknown options with the usage line", () => {
    expect(parseGrantArgs([], {}, "rc")).toMatchObject({ error: expect.stringContaining("--email is required") });
    expect(parseGrantArgs(["--email", "a@b.co"], {}, null)).toMatchObject({
      error: expect.stringContaining("no project"),
    });
    expect(parseGrantArgs(["--email", "a@b.co", "--admin"], {}, "rc")).toMatchObject({
      error: expect.stringContaining("usage:"),
    });
  });

  it("refuses an unknown role, and a role with --revoke", () => {
    expect(parseGrantArgs(["--email", "a@b.co", "--role", "viewer"], {}, "rc")).toMatchObject({
      error: expect.stringContaining("--role must be one of admin, sales"),
    });
    expect(parseGrantArgs(["--email", "a@b.co", "--role", "Sales"], {}, "rc")).toMatchObject({
      error: expect.stringContaining("--role must be one of"),
    });
    expect(parseGrantArgs(["--email", "a@b.co", "--role", "sales", "--revoke"], {}, "rc")).toMatchObject({
      error: expect.stringContaining("leave out --role"),
    });
  });
});

describe("grantedClaims", () => {
  it("gives an admin role: admin and the older admin: true; a sales rep the role alone", () => {
    expect(grantedClaims(undefined, "admin")).toEqual({ admin: true, role: "admin" });
    expect(grantedClaims(undefined, "sales")).toEqual({ role: "sales" });
  });

  it("replaces the staff claims and keeps every other claim", () => {
    expect(grantedClaims({ admin: true, tenant: "erf" }, "sales")).toEqual({ tenant: "erf", role: "sales" });
    expect(grantedClaims({ role: "sales", tenant: "erf" }, "admin")).toEqual({
      tenant: "erf",
      admin: true,
      role: "admin",
    });
    expect(grantedClaims({ admin: true, role: "admin", tenant: "erf" }, null)).toEqual({ tenant: "erf" });
  });

  it("reads back, as the dashboard reads a token, as the role granted, or as nobody after a revoke", () => {
    for (const before of [undefined, { admin: true }, { role: "sales" }, { role: "admin", admin: true }]) {
      expect(roleFromClaims(grantedClaims(before, "admin"))).toBe("admin");
      expect(roleFromClaims(grantedClaims(before, "sales"))).toBe("sales");
      expect(roleFromClaims(grantedClaims(before, null))).toBeNull();
    }
  });
});
