import { randomUUID } from "node:crypto";
import fc from "fast-check";
import Papa from "papaparse";
import { beforeAll, expect, it } from "vitest";
import { CSV_COLUMNS } from "../../../src/domain/csv-columns";
import type { ContactData, LeadData } from "../../../src/domain/schemas";
import { insertContact, insertLead } from "../../../server/db/store";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { manualClock, postJson, testApp, validContact, validDemo } from "../../../server/test-support/app";
import { send, signIn } from "../../../server/test-support/admin";
import {
  formulaSegments,
  hostileText,
  INVISIBLES,
  KNOWN_BYPASSES,
  LOOKALIKE_TRIGGERS,
  OWASP_CONTROL_START,
  unguard,
} from "./formula-oracle";

// Check 9 of docs/reliability.md: records whose fields start with = + - @ (or their full-width and
// other look-alikes), a tab, CR or NUL, with spaces or invisible characters before them, and that hold
// every separator a spreadsheet might split a cell on (`,` `;` tab, line breaks, their full-width forms)
// followed by a formula, plus quotes and emoji; stored straight into the tables (as any past or future
// writer might) and through the public API. Must hold: papaparse reads back every value, less the
// guard's apostrophes, and however the file is split no piece starts a formula (formula-oracle.ts).

const RUNS = Number(process.env.CSV_RUNS ?? 300);

const STARTS = ["=", "+", "-", "@", "\t", "\r", "\0", "a", "🏠", '"', ",", ...LOOKALIKE_TRIGGERS];
const PADDING = ["", " ", "  ", "   ", ...INVISIBLES];

/** A hostile cell value: optional padding, a (often formula) first character, then anything. */
const hostile = (allowNul: boolean) =>
  fc
    .tuple(
      fc.constantFrom(...PADDING),
      fc.constantFrom(...STARTS.filter((s) => allowNul || s !== "\0")),
      hostileText(allowNul),
    )
    .map(([pad, start, rest]) => `${pad}${start}${rest}`);

type Row = string[];

function parse(text: string): Row[] {
  const parsed = Papa.parse<string[]>(text, { delimiter: ",", skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  // The file ends with CRLF, which papaparse reads as one last empty row.
  return parsed.data.filter((row) => !(row.length === 1 && row[0] === ""));
}

const sortRows = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();

describeStorage(
  "CSV export of hostile values",
  (open) => {
    let app: ReturnType<typeof testApp>;
    let cookie: string;
    const createdAt = "2025-03-01T10:00:00.000Z";
    const expectedRows: Row[] = [];

    beforeAll(async () => {
      app = testApp(open.db, { clock: manualClock(createdAt).clock });
      cookie = await signIn(app);

      // PostgreSQL text cannot hold U+0000 at all, so NUL is only stored straight into SQLite.
      const allowNul = open.name === "sqlite";
      const direct = fc.sample(
        fc.tuple(hostile(allowNul), hostile(allowNul), hostile(allowNul), hostile(allowNul), hostile(allowNul)),
        { numRuns: RUNS, seed: 7 },
      );
      let index = 0;
      for (const [first, phone, company, text, last] of direct) {
        const email = `row${index++}@example.com`;
        if (index % 2 === 0) {
          const data = {
            ...validDemo,
            type: "demo",
            firstName: first,
            lastName: last,
            email,
            phone,
            companyName: company,
            jobTitle: "",
            challenges: text,
          } as LeadData;
          await insertLead(open.db, { id: randomUUID(), data, botCheck: "skipped", createdAt });
          expectedRows.push([`${first} ${last}`, email, phone, company, "demo", "new", createdAt, text]);
        } else {
          const data = {
            ...validContact,
            firstName: first,
            lastName: last,
            email,
            phone,
            message: text,
          } as ContactData;
          await insertContact(open.db, { id: randomUUID(), data, botCheck: "skipped", createdAt });
          expectedRows.push([`${first} ${last}`.trim(), email, phone, "", "contact", "new", createdAt, text]);
        }
      }

      // The values a probe tries first, in every column a visitor fills.
      for (const value of KNOWN_BYPASSES) {
        const email = `known${index++}@example.com`;
        const data = {
          ...validDemo,
          type: "demo",
          firstName: value,
          lastName: value,
          email,
          phone: value,
          companyName: value,
          jobTitle: "",
          challenges: value,
        } as LeadData;
        await insertLead(open.db, { id: randomUUID(), data, botCheck: "skipped", createdAt });
        expectedRows.push([`${value} ${value}`, email, value, value, "demo", "new", createdAt, value]);
      }

      // Through the public API: the schema trims, so formula characters lead; emails may start with + or -.
      const viaApi = fc.sample(
        fc.tuple(
          hostile(false),
          hostile(false),
          fc.constantFrom("+", "-", "=", "a"),
          fc.constantFrom("=", "+", "-", "@", "a"),
        ),
        { numRuns: Math.ceil(RUNS / 2), seed: 8 },
      );
      for (const [company, challenges, emailStart, nameStart] of viaApi) {
        const email = `${emailStart}${index++}x@example.com`;
        const body = { ...validDemo, firstName: `${nameStart}Name`, companyName: company, challenges, email };
        const response = await postJson(app, "/api/leads", body);
        if (response.status !== 201) continue; // the schema refused it (e.g. only spaces): nothing stored, nothing exported
        const trimmedCompany = company.trim();
        expectedRows.push([
          `${nameStart}Name ${validDemo.lastName}`,
          email.toLowerCase(),
          validDemo.phone,
          trimmedCompany,
          "demo",
          "new",
          createdAt,
          challenges.trim(),
        ]);
      }
    }, 60_000);

    it("reads back every value, less the guard, and no piece starts a formula however the file is split", async () => {
      const response = await send(app, "GET", "/api/admin/export.csv?collections=leads,contacts", { cookie });
      expect(response.status).toBe(200);
      const file = await response.text();
      // A spreadsheet splitting on `;`, tab or a line break sees pieces of cells, not our cells.
      expect(formulaSegments(file)).toEqual([]);
      const [header, ...rows] = parse(file);
      expect(header).toEqual([...CSV_COLUMNS]);
      expect(rows).toHaveLength(expectedRows.length);
      expect(rows.every((row) => row.length === CSV_COLUMNS.length)).toBe(true);

      const dangerous = rows
        .flat()
        .filter((cell) => formulaSegments(cell).length > 0 || OWASP_CONTROL_START.test(cell));
      expect(dangerous).toEqual([]);
      expect(sortRows(rows.map((row) => row.map(unguard)))).toEqual(sortRows(expectedRows));
      // The run proves something only if values needed the guard and kept their specials.
      const guarded = rows.flat().filter((cell) => unguard(cell) !== cell);
      expect(guarded.length).toBeGreaterThan(RUNS);
      for (const special of ["\r\n", "\n", '"', ",", ";", "\t", "🏠", "\u200b", "＝"]) {
        expect(
          rows.flat().some((cell) => cell.includes(special)),
          JSON.stringify(special),
        ).toBe(true);
      }
    });
  },
  { clear: "once", admin: true },
);
