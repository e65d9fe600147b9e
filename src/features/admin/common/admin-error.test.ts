import { describe, expect, it } from "vitest";
import { AdminApiError } from "../../../backend/admin-port";
import { adminErrorText, fieldErrors } from "./admin-error";

describe("adminErrorText", () => {
  it("says in words what a refusal by role means", () => {
    expect(adminErrorText(new AdminApiError(403, "forbidden", "Request failed (403)"), "fallback")).toBe(
      "Your role does not allow this. Ask an admin if you need it.",
    );
    expect(adminErrorText(new AdminApiError(409, "last-admin", "x"), "fallback")).toMatch(/last active admin/);
  });

  it("shows the server's message for other client errors, and the fallback for server failures and network errors", () => {
    expect(adminErrorText(new AdminApiError(409, "exists", "An account with this email exists."), "fallback")).toBe(
      "An account with this email exists.",
    );
    expect(adminErrorText(new AdminApiError(500, "internal", "boom"), "fallback")).toBe("fallback");
    expect(adminErrorText(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });
});

describe("fieldErrors", () => {
  it("returns a validation answer's fields, and nothing for other errors", () => {
    expect(
      fieldErrors(new AdminApiError(400, "validation", "Invalid", { email: "Enter a valid email address" })),
    ).toEqual({ email: "Enter a valid email address" });
    expect(fieldErrors(new AdminApiError(403, "forbidden", "x"))).toEqual({});
    expect(fieldErrors(new Error("x"))).toEqual({});
  });
});
