import { describe, expect, it } from "vitest";
import { errorsFor, firstInvalidField } from "./field-errors";

describe("firstInvalidField", () => {
  it("picks the first field in form order that has an error", () => {
    expect(
      firstInvalidField(["name", "password", "confirm"], { confirm: "Passwords differ", password: "Too short" }),
    ).toBe("password");
    expect(firstInvalidField(["name", "password"], {})).toBeNull();
    expect(firstInvalidField(["name"], { other: "x" })).toBeNull();
  });
});

describe("errorsFor", () => {
  it("keeps the errors of the form's own fields", () => {
    expect(errorsFor(["email", "role"], { email: "Required", token: "Invalid" })).toEqual({ email: "Required" });
  });
});
