import { describe, expect, it } from "vitest";
import { nameError, newPasswordErrors, tokenFromFragment } from "./account-rules";

describe("newPasswordErrors", () => {
  it("wants at least 12 characters, typed the same twice", () => {
    expect(newPasswordErrors("correct horse battery", "correct horse battery")).toEqual({});
    expect(newPasswordErrors("twelve chars", "twelve chars")).toEqual({});
    expect(newPasswordErrors("eleven char", "eleven char")).toEqual({
      password: "Password must be at least 12 characters.",
    });
    expect(newPasswordErrors("correct horse battery", "correct horse")).toEqual({
      confirm: "The two passwords are not the same.",
    });
    expect(newPasswordErrors("", "")).toEqual({
      password: "Password must be at least 12 characters.",
      confirm: "Type the password again.",
    });
    expect(newPasswordErrors("x".repeat(1_025), "x".repeat(1_025)).password).toBe(
      "Password must be at most 1024 characters.",
    );
  });
});

describe("nameError", () => {
  it("wants a name of at most 100 characters, spaces aside", () => {
    expect(nameError("  Naledi Dlamini ")).toBeNull();
    expect(nameError("   ")).toBe("Enter your name.");
    expect(nameError("x".repeat(101))).toBe("At most 100 characters.");
  });
});

describe("tokenFromFragment", () => {
  it("reads the token from the address's fragment", () => {
    expect(tokenFromFragment("#token=abc-DEF_123")).toBe("abc-DEF_123");
    expect(tokenFromFragment("#token=a%2Bb")).toBe("a+b");
    expect(tokenFromFragment("#other=1&token=xyz")).toBe("xyz");
  });

  it("finds none in an empty or foreign fragment", () => {
    expect(tokenFromFragment("")).toBeNull();
    expect(tokenFromFragment("#")).toBeNull();
    expect(tokenFromFragment("#token=")).toBeNull();
    expect(tokenFromFragment("#main")).toBeNull();
  });
});
