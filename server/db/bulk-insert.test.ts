import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { leadInput } from "../../src/domain/schemas";
import { insertQuery, insertRows, snakeCase, type Placeholders } from "./bulk-insert";
import { leadRow } from "./leads";
import { outboxRow } from "./outbox";
import type { Tables } from "./schema";
import { describeStorage } from "../test-support/storage-suite";

// The hand-written statements must say exactly what Kysely would have: same SQL, same parameters.

const compilerFor = (placeholders: Placeholders) =>
  new Kysely<Tables>({
    dialect:
      placeholders === "postgres"
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
    plugins: [new CamelCasePlugin()],
  });

const createdAt = "2026-11-22T04:00:00.000Z";
// Through the shared schema, as the server gets them, so every field a lead has is in the rows.
const signup = leadRow({
  id: "lead-1",
  data: leadInput.parse({
    type: "signup",
    firstName: "Thandi",
    lastName: "Nkosi",
    email: "thandi@example.co.za",
    phone: "",
    companyName: "Nkosi Rentals",
    organizationType: "landlord",
    propertyCount: "6-20",
    marketingOptIn: true,
    termsAccepted: true,
  }),
  botCheck: "passed",
  createdAt,
});
const demo = leadRow({
  id: "lead-2",
  data: leadInput.parse({
    type: "demo",
    firstName: "Pieter",
    lastName: "van Wyk",
    email: "pieter@example.co.za",
    phone: "+27 21 555 0100",
    jobTitle: "",
    companyName: "Van Wyk HOA",
    organizationType: "hoa",
    propertyCount: "11-50",
    challenges: "Levies",
  }),
  botCheck: "skipped",
  createdAt,
});

describe.each(["sqlite", "postgres"] as const)("insertQuery (%s placeholders)", (placeholders) => {
  const kysely = compilerFor(placeholders);

  it("writes the same SQL and parameters as Kysely for one row and for several", () => {
    for (const rows of [[signup], [signup, demo, { ...demo, id: "lead-3" }]]) {
      const ours = insertQuery(placeholders, "leads", rows)!;
      const theirs = kysely.insertInto("leads").values(rows).compile();
      expect(ours.sql).toBe(theirs.sql);
      expect(ours.parameters).toEqual(theirs.parameters);
    }
    const message = outboxRow(
      { kind: "welcome", subjectEmail: "a@example.com", recordCollection: "newsletter", recordId: "n-1" },
      createdAt,
    );
    expect(insertQuery(placeholders, "outbox", [message])!.sql).toBe(
      kysely.insertInto("outbox").values(message).compile().sql,
    );
  });

  it("numbers a tail's parameters after the rows'", () => {
    const rows = [{ route: "/api/leads", key: "k1", status: 201, body: "{}", createdAt }];
    const query = insertQuery(placeholders, "idempotencyKeys", rows, {
      key: "t",
      text: (next) => `where x < ${next(0)}`,
      parameters: ["bound"],
    })!;
    expect(query.sql.endsWith(placeholders === "postgres" ? "where x < $6" : "where x < ?")).toBe(true);
    expect(query.parameters).toEqual(["/api/leads", "k1", 201, "{}", createdAt, "bound"]);
  });

  it("declines rows whose keys differ or hold undefined, which Kysely fills with DEFAULT", () => {
    const { phone: _phone, ...withoutPhone } = demo;
    expect(insertQuery(placeholders, "leads", [signup, withoutPhone])).toBeNull();
    expect(insertQuery(placeholders, "leads", [{ ...signup, phone: undefined }])).toBeNull();
    expect(insertQuery(placeholders, "leads", [])).toBeNull();
  });
});

describe("snakeCase", () => {
  it("maps names as the CamelCasePlugin does", () => {
    const plugin = new (class extends CamelCasePlugin {
      map = (name: string) => this.snakeCase(name);
    })();
    for (const name of ["id", "firstName", "termsAcceptedAt", "recordCollection", "subjectEmail", "idempotencyKeys"])
      expect(snakeCase(name)).toBe(plugin.map(name));
  });
});

describeStorage("insertRows", (open) => {
  it("stores what it is given, and falls back to Kysely for rows of different keys", async () => {
    await insertRows(open.db, "leads", [signup, demo]);
    // No phone key: Kysely's DEFAULT (PostgreSQL) or NULL (SQLite), null either way.
    const { phone: _phone, ...withoutPhone } = { ...demo, id: "lead-3" };
    await insertRows(open.db, "leads", [{ ...signup, id: "lead-4" }, withoutPhone]);
    const stored = await open.db.selectFrom("leads").selectAll().orderBy("id").execute();
    expect(
      stored.map(({ id, type, status, phone, marketingOptIn }) => ({ id, type, status, phone, marketingOptIn })),
    ).toEqual([
      { id: "lead-1", type: "signup", status: "new", phone: null, marketingOptIn: 1 },
      { id: "lead-2", type: "demo", status: "new", phone: "+27 21 555 0100", marketingOptIn: null },
      { id: "lead-3", type: "demo", status: "new", phone: null, marketingOptIn: null },
      { id: "lead-4", type: "signup", status: "new", phone: null, marketingOptIn: 1 },
    ]);
  });
});
