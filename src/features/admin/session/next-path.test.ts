import { describe, expect, it } from "vitest";
import { pathAfterSignIn, safeNextPath, sessionRedirect, twoFactorPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps admin paths and refuses other origins", () => {
    expect(safeNextPath("/admin/dashboard?tab=contacts")).toBe("/admin/dashboard?tab=contacts");
    expect(safeNextPath("//evil.example/admin/")).toBe("/admin/dashboard");
    expect(safeNextPath("https://evil.example")).toBe("/admin/dashboard");
    expect(safeNextPath("/\\evil.example")).toBe("/admin/dashboard");
    expect(safeNextPath(null)).toBe("/admin/dashboard");
  });
});

describe("where a signed-in account goes", () => {
  it("sends an admin who must enrol to enrolment, keeping where they were going", () => {
    expect(pathAfterSignIn({ mustEnrolTwoFactor: true }, null)).toBe("/admin/two-factor");
    expect(pathAfterSignIn({ mustEnrolTwoFactor: true }, "/admin/dashboard?tab=contacts")).toBe(
      "/admin/two-factor?next=%2Fadmin%2Fdashboard%3Ftab%3Dcontacts",
    );
    expect(pathAfterSignIn({ mustEnrolTwoFactor: false }, "/admin/dashboard?tab=team")).toBe(
      "/admin/dashboard?tab=team",
    );
  });

  it("never loops the enrolment page back to itself, nor leaves the site", () => {
    expect(twoFactorPath("/admin/two-factor")).toBe("/admin/two-factor");
    expect(twoFactorPath("https://evil.example")).toBe("/admin/two-factor");
  });

  it("keeps every page but enrolment from an admin who must enrol, and sends the signed-out to sign in", () => {
    expect(sessionRedirect({ mustEnrolTwoFactor: true }, "/admin/dashboard", "?tab=leads")).toBe(
      "/admin/two-factor?next=%2Fadmin%2Fdashboard%3Ftab%3Dleads",
    );
    expect(sessionRedirect({ mustEnrolTwoFactor: true }, "/admin/two-factor", "")).toBeNull();
    expect(sessionRedirect({ mustEnrolTwoFactor: false }, "/admin/dashboard", "")).toBeNull();
    expect(sessionRedirect(null, "/admin/dashboard", "?tab=team")).toBe(
      "/admin/login?next=%2Fadmin%2Fdashboard%3Ftab%3Dteam",
    );
  });
});
