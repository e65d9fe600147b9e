import { describe, expect, it } from "vitest";
import { UNATTRIBUTED } from "./attribution";
import { csvCell, csvFileName, csvHeader, newsletterCsvRow } from "./csv";

describe("csv", () => {
  // The one place the header's text is written out: it is the product's, so a change to it must be deliberate.
  it("writes the exact header", () => {
    expect(csvHeader()).toBe("Name,Email,Phone,Company,Type,Status,Created At,Message/Challenges\r\n");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
  });

  it("defuses cells that start a formula, even after spaces", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\0"]) {
      expect(csvCell(`${start}1+1`).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell("  =HYPERLINK()")).toBe("'  =HYPERLINK()");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("defuses a formula a spreadsheet would find after splitting the cell on ; or a line break", () => {
    expect(csvCell("ok;=cmd|' /C calc'!A0")).toBe("ok;'=cmd|' /C calc'!A0");
    expect(csvCell("ok,\u200b=1")).toBe('"ok,\'\u200b=1"');
    expect(csvCell("ok\n＝1")).toBe('"ok\n\'＝1"');
  });

  it("names the file by prefix and date, and leaves newsletter name, phone, company and message empty", () => {
    expect(csvFileName("erf-data", new Date("2026-03-05T23:00:00Z"))).toBe("erf-data-2026-03-05.csv");
    expect(
      newsletterCsvRow({
        id: "1",
        email: "a@b.co",
        ...UNATTRIBUTED,
        status: "subscribed",
        type: "newsletter",
        botCheck: "skipped",
        createdAt: "2026-01-01T00:00:00.000Z",
      }),
    ).toBe(",a@b.co,,,newsletter,subscribed,2026-01-01T00:00:00.000Z,\r\n");
  });
});
