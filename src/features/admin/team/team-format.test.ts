import { describe, expect, it } from "vitest";
import type { StaffAccount } from "../../../domain/staff";
import { confirmationFor, lastSignIn, roleText, statusText, teamOrder, twoFactorText } from "./team-format";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const account = (email: string, change: Partial<StaffAccount> = {}): StaffAccount => ({
  email,
  name: null,
  role: "sales",
  disabled: false,
  twoFactor: false,
  lastSignInAt: null,
  available: true,
  ...change,
});

describe("the Team table's texts", () => {
  it("shows a last sign-in as an age, with the exact time for its tooltip", () => {
    const shown = lastSignIn("2026-11-23T11:57:00Z", NOW);
    expect(shown.relative).toBe("3 min ago");
    expect(shown.exact).toMatch(/2026/);
    expect(lastSignIn("2026-11-20T12:00:00Z", NOW).relative).toBe("3 days ago");
    expect(lastSignIn(null, NOW)).toEqual({ relative: "Never", exact: null });
    expect(lastSignIn("not a date", NOW)).toEqual({ relative: "Never", exact: null });
  });

  it("names status, two-factor and role in words", () => {
    expect(statusText(account("a@erf.test", { disabled: true }))).toBe("Disabled");
    expect(statusText(account("a@erf.test"))).toBe("Active");
    expect(twoFactorText(account("a@erf.test", { twoFactor: true }))).toBe("On");
    expect(twoFactorText(account("a@erf.test"))).toBe("Off");
    expect(roleText(account("a@erf.test", { role: "admin" }))).toBe("Admin");
  });

  it("lists active accounts first, each group by email", () => {
    const order = teamOrder([
      account("cara@erf.test"),
      account("ben@erf.test", { disabled: true }),
      account("ama@erf.test"),
    ]);
    expect(order.map((each) => each.email)).toEqual(["ama@erf.test", "cara@erf.test", "ben@erf.test"]);
  });
});

describe("confirmationFor", () => {
  const admin = account("boss@erf.test", { role: "admin" });
  const rep = account("rep@erf.test");

  it("asks before disabling and before resetting two-factor", () => {
    expect(confirmationFor({ kind: "disable" }, rep, false)?.confirmLabel).toBe("Disable account");
    expect(confirmationFor({ kind: "reset-two-factor" }, admin, false)?.description).toMatch(
      /must set up two-factor again/,
    );
    expect(confirmationFor({ kind: "reset-two-factor" }, rep, false)?.description).toMatch(/password alone/);
  });

  it("asks before an admin makes themself a sales user, but not for other role changes", () => {
    expect(confirmationFor({ kind: "role", role: "sales" }, admin, true)?.title).toBe("Make yourself a sales user?");
    expect(confirmationFor({ kind: "role", role: "sales" }, admin, false)).toBeNull();
    expect(confirmationFor({ kind: "role", role: "admin" }, rep, false)).toBeNull();
  });
});
