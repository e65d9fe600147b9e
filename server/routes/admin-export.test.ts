import { sql } from "kysely";
import { NO_ATTRIBUTION } from "../../src/domain/attribution";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvHeader, EXTENDED_CSV_COLUMNS } from "../../src/domain/csv";
import { CSV_COLUMNS } from "../../src/domain/csv-columns";
import { insertContact } from "../db/store";
import { startCsvThread, type CsvThread } from "../export/csv-thread";
import { createLogger } from "../logger";
import { testDatabases } from "../test-support/databases";
import { useTestDatabase } from "../test-support/storage-suite";
import { manualClock, testApp } from "../test-support/app";
import { ADMIN_EMAIL, send, signIn } from "../test-support/admin";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";

const parseCsv = (text: string) => {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

// Every case twice: read on the server's thread (the default, and in-memory databases) and in the
// export's worker thread (main.ts).
const cases = testDatabases.flatMap((database) => [
  { ...database, thread: "this thread", inWorker: false },
  { ...database, thread: "a worker thread", inWorker: true },
]);

describe.each(cases)("GET /api/admin/export.csv ($name, read in $thread)", (database) => {
  const open = useTestDatabase(database, { admin: true });
  let csvThread: CsvThread | null = null;
  let app: ReturnType<typeof testApp>;
  let cookie: string;
  const exportApp = (deps: Parameters<typeof testApp>[1] = {}) =>
    testApp(open.db, { ...deps, ...(csvThread && { csvSource: csvThread.source }) });
  beforeAll(() => {
    if (database.inWorker)
      csvThread = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) });
  });
  afterAll(async () => {
    await csvThread?.close();
  });
  beforeEach(async () => {
    app = exportApp({ clock: manualClock("2025-07-09T23:59:00.000Z").clock });
    cookie = await signIn(app);
  });

  const exportCsv = async (query = "") => {
    const response = await send(app, "GET", `/api/admin/export.csv${query}`, { cookie });
    return { response, text: await response.text() };
  };
  /** The exported file's rows after the header, parsed; `column` picks one cell of each. */
  const exportedRows = async (query: string) => parseCsv((await exportCsv(query)).text).slice(1);
  const exportedColumn = async (query: string, column: number) => (await exportedRows(query)).map((row) => row[column]);

  it("streams a CSV download with the exact header, uncached, named after today", async () => {
    const { response, text } = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="erf-data-2025-07-09.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The header's exact text is the product's, pinned once in src/domain/csv.test.ts.
    expect(text).toBe(csvHeader());
    expect(parseCsv(text)).toEqual([[...CSV_COLUMNS]]);
  });

  it("adds the Extended CSV's columns to the header and to every row when asked", async () => {
    await seedContact(open.db, "c-1", minute(8), { utmSource: "newsletter", landingPath: "/pricing" });
    const rows = parseCsv((await exportCsv("?columns=extended")).text);
    expect(rows[0]).toEqual([...CSV_COLUMNS, ...EXTENDED_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => [row.length, row[CSV_COLUMNS.length + 3], row.at(-1)])).toEqual([
      [rows[0]!.length, "newsletter", "/pricing"],
    ]);
  });

  it("lists leads, then contacts, then newsletter entries, each newest first", async () => {
    await seedSubscriber(open.db, "n-1", minute(9), "reader@example.com");
    await seedContact(open.db, "c-1", minute(8));
    await seedLead(open.db, "l-old", minute(1));
    await seedLead(open.db, "l-new", minute(2), {}, "demo");
    const rows = parseCsv((await exportCsv()).text);
    expect(rows.slice(1)).toEqual([
      // A leading + is a formula start to a spreadsheet, so phones get the apostrophe too (src/domain/csv.ts).
      [
        "Ama Owusu",
        "ama@example.com",
        "'+233 20 000 0000",
        "Accra Estates",
        "demo",
        "new",
        minute(2),
        "Arrears tracking across 3 buildings",
      ],
      ["Pieter van der Merwe", "pieter@example.co.za", "", "Karoo Rentals", "signup", "new", minute(1), ""],
      [
        "Naledi Mokoena",
        "naledi@example.co.za",
        "'+27 82 555 0101",
        "",
        "contact",
        "new",
        minute(8),
        "Please call me about 40 units in Sandton.",
      ],
      ["", "reader@example.com", "", "", "newsletter", "subscribed", minute(9), ""],
    ]);
  });

  it("escapes formulas, quotes, commas, newlines and emoji so they parse back intact", async () => {
    await insertContact(open.db, {
      id: "tricky",
      data: {
        ...NO_ATTRIBUTION,
        firstName: '=HYPERLINK("http://evil")',
        lastName: 'O\'Brien, "Jr"',
        email: "tricky@example.com",
        phone: "+27 82 555 0101",
        sourcePath: "",
        message: 'Line one\r\nLine two, with "quotes"\nand 🏠🔑 emoji',
      },
      botCheck: "skipped",
      createdAt: minute(1),
    });
    await seedLead(open.db, "formula", minute(2), { companyName: "@SUM(A1:A9)", challenges: "-2+3" }, "demo");
    const { text } = await exportCsv();
    const rows = parseCsv(text);
    expect(rows[1]).toEqual([
      "Ama Owusu",
      "ama@example.com",
      "'+233 20 000 0000",
      "'@SUM(A1:A9)",
      "demo",
      "new",
      minute(2),
      "'-2+3",
    ]);
    expect(rows[2]).toEqual([
      '\'=HYPERLINK("http://evil") O\'Brien, "Jr"',
      "tricky@example.com",
      "'+27 82 555 0101",
      "",
      "contact",
      "new",
      minute(1),
      'Line one\r\nLine two, with "quotes"\nand 🏠🔑 emoji',
    ]);
    expect(rows).toHaveLength(3);
  });

  it("applies q and status to every collection that has them and type only to leads", async () => {
    await seedLead(open.db, "l-signup", minute(1), { email: "match@karoo.example" });
    await seedLead(open.db, "l-demo", minute(2), { email: "match@accra.example" }, "demo");
    await seedContact(open.db, "c-match", minute(3), { email: "match@contact.example" });
    await seedContact(open.db, "c-other", minute(4));
    await seedSubscriber(open.db, "n-match", minute(5), "match@news.example");
    const emails = (query: string) => exportedColumn(query, 1);
    expect(await emails("?q=MATCH")).toEqual([
      "match@accra.example",
      "match@karoo.example",
      "match@contact.example",
      "match@news.example",
    ]);
    expect(await emails("?q=match&type=signup")).toEqual([
      "match@karoo.example",
      "match@contact.example",
      "match@news.example",
    ]);
    // "subscribed" is no lead or contact status: those collections drop out.
    expect(await emails("?status=subscribed")).toEqual(["match@news.example"]);
    expect(await emails("?status=new&q=match")).toEqual([
      "match@accra.example",
      "match@karoo.example",
      "match@contact.example",
    ]);
  });

  it("applies the owner filter as the lists do (me, none or a staff email), leaving the newsletter out", async () => {
    await seedLead(open.db, "l-mine", minute(1), { email: "mine@lead.example" });
    await seedLead(open.db, "l-theirs", minute(2), { email: "theirs@lead.example" }, "demo");
    await seedLead(open.db, "l-nobody", minute(3), { email: "nobody@lead.example" });
    await seedContact(open.db, "c-mine", minute(4), { email: "mine@contact.example" });
    await seedContact(open.db, "c-nobody", minute(5), { email: "nobody@contact.example" });
    await seedSubscriber(open.db, "n-1", minute(6), "reader@news.example");
    await open.db.updateTable("leads").set({ owner: ADMIN_EMAIL }).where("id", "=", "l-mine").execute();
    await open.db.updateTable("leads").set({ owner: "thabo@erf.co.za" }).where("id", "=", "l-theirs").execute();
    await open.db.updateTable("contacts").set({ owner: ADMIN_EMAIL }).where("id", "=", "c-mine").execute();
    const emails = (query: string) => exportedColumn(query, 1);
    expect(await emails("?owner=me")).toEqual(["mine@lead.example", "mine@contact.example"]);
    expect(await emails(`?owner=${encodeURIComponent(ADMIN_EMAIL.toUpperCase())}`)).toEqual([
      "mine@lead.example",
      "mine@contact.example",
    ]);
    expect(await emails("?owner=thabo@erf.co.za&collections=leads")).toEqual(["theirs@lead.example"]);
    expect(await emails("?owner=none")).toEqual(["nobody@lead.example", "nobody@contact.example"]);
    expect(await emails("?owner=none&type=demo")).toEqual(["nobody@contact.example"]);
    // With no owner filter the subscriber is there, as before.
    expect(await emails("?collections=newsletter")).toEqual(["reader@news.example"]);
    expect(await emails("?collections=newsletter&owner=me")).toEqual([]);

    const { response } = await exportCsv("?owner=me&collections=leads");
    expect(response.status).toBe(200);
    const [audit] = await open.db
      .selectFrom("audit")
      .select("details")
      .where("action", "=", "export.csv")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(JSON.parse(audit!.details)).toMatchObject({
      collections: ["leads"],
      owner: ADMIN_EMAIL,
      rows: 1,
      outcome: "complete",
    });
    await exportCsv("?owner=none");
    const [unassigned] = await open.db
      .selectFrom("audit")
      .select("details")
      .where("action", "=", "export.csv")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(JSON.parse(unassigned!.details)).toMatchObject({
      collections: ["leads", "contacts"],
      owner: "none",
      rows: 2,
    });
  });

  it("leaves held spam out, exports the Spam view alone with spam=only, and names a bad value", async () => {
    await seedLead(open.db, "l-clean", minute(1), { email: "clean@lead.example" });
    await seedLead(open.db, "l-held", minute(2), { email: "held@lead.example" });
    await seedContact(open.db, "c-held", minute(3), { email: "held@contact.example" });
    await seedSubscriber(open.db, "n-1", minute(4), "reader@news.example");
    await open.db.updateTable("leads").set({ spam: 1 }).where("id", "=", "l-held").execute();
    await open.db.updateTable("contacts").set({ spam: 1 }).where("id", "=", "c-held").execute();
    const emails = (query: string) => exportedColumn(query, 1);
    expect(await emails("")).toEqual(["clean@lead.example", "reader@news.example"]);
    expect(await emails("?spam=only")).toEqual(["held@lead.example", "held@contact.example"]);
    expect(await emails("?spam=only&collections=contacts")).toEqual(["held@contact.example"]);
    const [audit] = await open.db
      .selectFrom("audit")
      .select("details")
      .where("action", "=", "export.csv")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(JSON.parse(audit!.details)).toMatchObject({ collections: ["contacts"], spam: "only", rows: 1 });
    const { response, text } = await exportCsv("?spam=maybe");
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ error: "validation", fields: { spam: expect.any(String) } });
  });

  it("exports only the collections asked for, always in the spec's order", async () => {
    await seedLead(open.db, "l-1", minute(1));
    await seedContact(open.db, "c-1", minute(2));
    await seedSubscriber(open.db, "n-1", minute(3), "reader@example.com");
    const types = (query: string) => exportedColumn(query, 4);
    expect(await types("?collections=newsletter,leads")).toEqual(["signup", "newsletter"]);
    expect(await types("?collections=contacts")).toEqual(["contact"]);
  });

  it("reads past one 1,000-row page, with no row twice", async () => {
    const createdAt = minute(0);
    await open.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 1_203; index++) {
        await trx
          .insertInto("newsletter")
          .values({
            id: `n-${String(index).padStart(5, "0")}`,
            email: `r${index}@example.com`,
            status: "subscribed",
            botCheck: "skipped",
            createdAt,
          })
          .execute();
      }
    });
    const rows = await exportedRows("?collections=newsletter");
    expect(rows).toHaveLength(1_203);
    expect(new Set(rows.map((row) => row[1])).size).toBe(1_203);
  });

  it("fails the download, rather than ending a truncated file cleanly, when a query fails half-way", async () => {
    await seedLead(open.db, "l-1", minute(1));
    const lines: string[] = [];
    const failing = exportApp({ logger: createLogger("error", (line) => lines.push(line)) });
    const session = await signIn(failing);
    await sql`alter table newsletter rename to newsletter_away`.execute(open.db);
    try {
      const response = await send(failing, "GET", "/api/admin/export.csv", { cookie: session });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
      expect(lines.some((line) => line.includes('"msg":"csv-export-failed"'))).toBe(true);
    } finally {
      await sql`alter table newsletter_away rename to newsletter`.execute(open.db);
    }
  });

  it.each([
    ["?collections=leads,deals", "collections"],
    ["?status=archived", "status"],
    ["?type=contact", "type"],
    [`?q=${"x".repeat(201)}`, "q"],
    ["?owner=somebody", "owner"],
  ])("answers %s with 400 naming %s", async (query, field) => {
    const { response, text } = await exportCsv(query);
    expect(response.status).toBe(400);
    expect((JSON.parse(text) as { fields: Record<string, string> }).fields[field]).toEqual(expect.any(String));
  });
});
