import { describe, expect, it } from "vitest";
import { codeStepError, loginFailureText } from "./sign-in-steps";

describe("codeStepError", () => {
  it("keeps the code step open for a wrong, replayed or missing code, and for the lockout", () => {
    expect(codeStepError("invalid-code")).toMatch(/not accepted.*recovery code/);
    // Waiting does not mend a wrong code: the text must not send the person to wait for the next one.
    expect(codeStepError("invalid-code")).not.toMatch(/wait/i);
    expect(codeStepError("two-factor-required")).toMatch(/Enter the code/);
    expect(codeStepError("too-many-requests")).toMatch(/locked/);
  });

  it("sends other refusals back to the password step", () => {
    expect(codeStepError("invalid-credential")).toBeNull();
    expect(codeStepError("disabled")).toBeNull();
    expect(codeStepError("network-request-failed")).toBeNull();
  });
});

describe("loginFailureText", () => {
  it("shows the code and message, the message alone, or a generic line", () => {
    expect(loginFailureText("disabled", "This account is disabled. Ask an admin to enable it.")).toBe(
      "disabled: This account is disabled. Ask an admin to enable it.",
    );
    expect(loginFailureText(undefined, "Could not reach the server.")).toBe("Could not reach the server.");
    expect(loginFailureText(undefined, undefined)).toBe("Please check your credentials");
  });
});
