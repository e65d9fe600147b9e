import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps admin paths and refuses other origins", () => {
    expect(safeNextPath("/admin/dashboard?tab=contacts")).toBe("/admin/dashboard?tab=contacts");
    expect(safeNextPath("//evil.example/admin/")).toBe("/admin/dashboard");
    expect(safeNextPath("https://evil.example")).toBe("/admin/dashboard");
    expect(safeNextPath("/\\evil.example")).toBe("/admin/dashboard");
    expect(safeNextPath(null)).toBe("/admin/dashboard");
  });
});
