import { describe, expect, it } from "vitest";
import { guardFormulas } from "./formula-guard";

describe("guardFormulas", () => {
  it("guards a formula after any separator a spreadsheet may split on, not just at the start", () => {
    expect(guardFormulas("ok;=cmd|' /C calc'!A0")).toBe("ok;'=cmd|' /C calc'!A0");
    expect(guardFormulas("ok,+1")).toBe("ok,'+1");
    expect(guardFormulas("ok\t-1")).toBe("ok\t'-1");
    expect(guardFormulas("ok\r\n@SUM(A1)")).toBe("ok\r\n'@SUM(A1)");
    expect(guardFormulas("ok\r=1")).toBe("ok\r'=1");
    expect(guardFormulas("ok\u2028=1")).toBe("ok\u2028'=1");
    expect(guardFormulas("ok；=1")).toBe("ok；'=1");
    expect(guardFormulas("ok\u037e=1")).toBe("ok\u037e'=1");
    expect(guardFormulas("=1;=2")).toBe("'=1;'=2");
    expect(guardFormulas(";;=1")).toBe(";;'=1");
  });

  it("sees through invisible characters, quotes and full-width or other look-alike triggers", () => {
    for (const pad of [
      "\u200b",
      "\ufeff",
      "\u00a0",
      "\u3000",
      "\u2060",
      "\u202e",
      "\u00ad",
      "\u3164",
      "\u0301",
      '"',
      " \u200b ",
    ]) {
      expect(guardFormulas(`${pad}=1`), JSON.stringify(pad)).toBe(`'${pad}=1`);
      expect(guardFormulas(`ok;${pad}=1`), JSON.stringify(pad)).toBe(`ok;'${pad}=1`);
    }
    for (const trigger of ["＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫", "⁼", "⁺", "⁻", "₌", "₊", "₋", "−", "⩵"]) {
      expect(guardFormulas(`${trigger}1`), trigger).toBe(`'${trigger}1`);
    }
  });

  it("keeps OWASP's leading tab and CR (and LF, NUL), and the old cases", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\n", "\0"])
      expect(guardFormulas(`${start}x`).startsWith("'")).toBe(true);
    expect(guardFormulas("  =HYPERLINK()")).toBe("'  =HYPERLINK()");
  });

  it("guards a stored apostrophe-formula too, so the guard can always be undone exactly", () => {
    expect(guardFormulas("'=1")).toBe("''=1");
    expect(guardFormulas("ok;'=1")).toBe("ok;''=1");
    expect(guardFormulas("'\tx")).toBe("''\tx");
  });

  it("leaves ordinary text alone", () => {
    for (const value of [
      "a=b",
      "jean-luc@example.com",
      "3 - 4 buildings",
      "x;y, z",
      "2025-03-01T10:00:00.000Z",
      "it's",
      "'quoted'",
      "",
      "café 🏠",
    ]) {
      expect(guardFormulas(value)).toBe(value);
    }
  });
});
