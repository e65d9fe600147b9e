import { sql } from "kysely";
import { expect, it } from "vitest";
import type { ErasureResult, SubjectRecords } from "../../src/domain/privacy";
import { isPostgres, isSuppressed, type Db } from "../db/store";
import { derivePrivacyKeys, emailHash, unsubscribeToken } from "../privacy/keys";
import { auditMark, auditSince } from "../test-support/audit";
import { describeStorage } from "../test-support/storage-suite";
import {
  manualClock,
  postJson,
  TEST_APP_SECRET,
  testApp,
  testConfig,
  validContact,
  validDemo,
  validSignup,
} from "../test-support/app";
import { send, signIn } from "../test-support/admin";
import { latestConfirmationToken, pressConfirm } from "../test-support/confirmations";

// Data-subject requests: find, export and erase everything about one address.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const SUBJECT = "thandi@example.co.za";
const BYSTANDER = "bystander@example.com";

/** Every row of every table in the database, whatever tables a later migration adds. */
async function everyRow(db: Db): Promise<{ table: string; row: unknown }[]> {
  const tables = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
        db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const rows: { table: string; row: unknown }[] = [];
  for (const { name } of tables.rows) {
    const result = await sql`select * from ${sql.table(name)}`.execute(db);
    rows.push(...result.rows.map((row) => ({ table: name, row })));
  }
  return rows;
}

const mentioning = (rows: { table: string; row: unknown }[], needle: string) =>
  rows.filter(({ row }) => JSON.stringify(row).toLowerCase().includes(needle.toLowerCase()));

describeStorage(
  "data-subject requests",
  (open) => {
    const time = manualClock("2025-08-01T10:00:00.000Z");
    // Mail switched on, so the subject also has queued alert and welcome emails to erase.
    const config = testConfig({ smtpUrl: "smtp://127.0.0.1:1", notifyTo: ["sales@erf.test"] });
    const app = () => testApp(open.db, { clock: time.clock, config });
    let key = 0;
    const submit = (path: string, body: unknown) => {
      // One minute apart, so the consent history has an order to check.
      time.advance(60_000);
      return postJson(app(), path, body, { "Idempotency-Key": `key-${++key}`, "User-Agent": "Test/1.0" });
    };

    /** The subject in every table: records of each kind, consents given and withdrawn, emails, changes, idempotency rows. */
    async function seedSubject(): Promise<string[]> {
      const ids: string[] = [];
      const remember = async (response: Response) => {
        expect(response.status).toBe(201);
        ids.push(((await response.json()) as { id: string }).id);
      };
      await remember(await submit("/api/newsletter", { email: SUBJECT.toUpperCase(), sourcePath: "/" }));
      time.advance(60_000);
      await postJson(app(), "/api/unsubscribe", { token: unsubscribeToken(keys, ids[0]!) });
      // Back on the list only by the emailed link: a confirmation row, its email, the click's consent and a new welcome.
      await submit("/api/newsletter", { email: SUBJECT, sourcePath: "/faqs" });
      expect((await pressConfirm(app(), await latestConfirmationToken(open.db, SUBJECT))).status).toBe(200);
      await remember(await submit("/api/leads", { ...validSignup, email: SUBJECT, sourcePath: "/signup" }));
      await remember(await submit("/api/leads", { ...validDemo, email: SUBJECT }));
      await remember(await submit("/api/contacts", { ...validContact, email: SUBJECT }));
      await submit("/api/contacts", { ...validContact, email: BYSTANDER });
      await submit("/api/newsletter", { email: BYSTANDER });
      return ids;
    }

    it("lists what is stored about an address, by exact address in any case", async () => {
      await seedSubject();
      const cookie = await signIn(app());
      const response = await send(app(), "POST", "/api/admin/subjects/lookup", {
        cookie,
        body: { email: " Thandi@Example.co.za " },
      });
      expect(response.status).toBe(200);
      const subject = (await response.json()) as SubjectRecords;
      expect(subject.email).toBe(SUBJECT);
      expect(subject.leads.map((lead) => lead.type).sort()).toEqual(["demo", "signup"]);
      expect(subject.contacts).toHaveLength(1);
      expect(subject.newsletter).toMatchObject([{ email: SUBJECT, status: "subscribed" }]);
      expect(subject.consents.map((consent) => `${consent.purpose}:${consent.action}`)).toEqual([
        "newsletter:given",
        "newsletter:withdrawn",
        "newsletter:given",
        "marketing:given",
      ]);
      expect(subject.outbox).toBe(6);
      expect(subject.suppressed).toBe(false);
      expect(JSON.stringify(subject)).not.toContain(BYSTANDER);
    });

    it("exports every column of every row about the address as a JSON attachment, and audits it", async () => {
      await seedSubject();
      const cookie = await signIn(app());
      const mark = await auditMark(open.db);
      const response = await send(app(), "POST", "/api/admin/subjects/export", { cookie, body: { email: SUBJECT } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="erf-subject-export-2025-08-01.json"',
      );
      const exported = (await response.json()) as {
        records: Record<string, unknown[]>;
        consents: unknown[];
        outbox: unknown[];
        changeLog: unknown[];
      };

      const stored = {
        leads: await open.db.selectFrom("leads").selectAll().where("email", "=", SUBJECT).execute(),
        contacts: await open.db.selectFrom("contacts").selectAll().where("email", "=", SUBJECT).execute(),
        newsletter: await open.db.selectFrom("newsletter").selectAll().where("email", "=", SUBJECT).execute(),
      };
      for (const table of ["leads", "contacts", "newsletter"] as const) {
        expect(stored[table].length, table).toBeGreaterThan(0);
        expect(exported.records[table]).toHaveLength(stored[table].length);
        for (const row of stored[table]) expect(exported.records[table]).toContainEqual(row);
      }
      expect(exported.consents).toEqual(
        await open.db
          .selectFrom("consents")
          .selectAll()
          .where("email", "=", SUBJECT)
          .orderBy("createdAt")
          .orderBy("id")
          .execute(),
      );
      expect(exported.outbox).toHaveLength(6);
      expect(exported.changeLog.length).toBeGreaterThan(0);
      expect(JSON.stringify(exported)).not.toContain(BYSTANDER);

      const [entry, ...more] = await auditSince(open.db, mark);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actor: "staff@erf.co.za",
        action: "subject.export",
        details: { emailHash: emailHash(keys, SUBJECT), rows: expect.any(Number) },
      });
      expect(JSON.stringify(entry)).not.toContain(SUBJECT);
    });

    it("erases every row about the address, leaving its suppression hash and one audit entry", async () => {
      const ids = await seedSubject();
      const cookie = await signIn(app());
      const before = await everyRow(open.db);
      expect(mentioning(before, SUBJECT).map((found) => found.table)).toEqual(
        expect.arrayContaining(["leads", "contacts", "newsletter", "consents", "outbox", "newsletter_confirmations"]),
      );
      for (const id of ids) expect(mentioning(before, id).length, id).toBeGreaterThan(0);
      const bystanderRows = mentioning(before, BYSTANDER).length;

      const mark = await auditMark(open.db);
      const response = await send(app(), "POST", "/api/admin/subjects/erase", { cookie, body: { email: SUBJECT } });
      expect(response.status).toBe(200);
      const result = (await response.json()) as ErasureResult;
      expect(result.deleted).toMatchObject({
        leads: 2,
        contacts: 1,
        newsletter: 1,
        consents: 4,
        outbox: 6,
        confirmations: 1,
      });
      expect(result.deleted.changes).toBeGreaterThanOrEqual(4);
      // Four keyed submissions answered with the subject's record ids; the re-subscription's answer named no record.
      expect(result.deleted.idempotencyKeys).toBe(4);

      const after = await everyRow(open.db);
      expect(mentioning(after, SUBJECT)).toEqual([]);
      for (const id of ids)
        expect(
          mentioning(after, id).filter((found) => found.table !== "audit"),
          id,
        ).toEqual([]);
      expect(mentioning(after, BYSTANDER)).toHaveLength(bystanderRows);
      expect(await isSuppressed(open.db, emailHash(keys, SUBJECT))).toBe(true);
      expect(
        await open.db
          .selectFrom("suppressions")
          .select("reason")
          .where("emailHash", "=", emailHash(keys, SUBJECT))
          .execute(),
      ).toEqual([{ reason: "erased" }]);

      const entries = await auditSince(open.db, mark);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "subject.erase",
        actor: "staff@erf.co.za",
        details: { emailHash: emailHash(keys, SUBJECT), deleted: result.deleted },
      });

      // Nothing left to find; a later erasure of the same address finds nothing and still answers.
      const again = (await (
        await send(app(), "POST", "/api/admin/subjects/lookup", { cookie, body: { email: SUBJECT } })
      ).json()) as SubjectRecords;
      expect(again).toMatchObject({
        leads: [],
        contacts: [],
        newsletter: [],
        consents: [],
        outbox: 0,
        suppressed: true,
      });
    });

    it("refuses a missing or malformed address, or another field, with 400 naming it", async () => {
      const cookie = await signIn(app());
      for (const path of ["/api/admin/subjects/lookup", "/api/admin/subjects/export", "/api/admin/subjects/erase"]) {
        for (const [body, field] of [
          [{}, "email"],
          [{ email: "nope" }, "email"],
          [{ email: "" }, "email"],
          [{ email: 7 }, "email"],
          [{ email: SUBJECT, q: 1 }, "q"],
          ["{not json", "body"],
        ] as const) {
          const response = await send(app(), "POST", path, { cookie, body });
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          expect(
            ((await response.json()) as { fields: Record<string, string> }).fields[field],
            `${path} ${JSON.stringify(body)}`,
          ).toEqual(expect.any(String));
        }
      }
    });

    it("answers the old query forms with 404 and nothing about the address, and erases nothing through them", async () => {
      await seedSubject();
      const cookie = await signIn(app());
      const mark = await auditMark(open.db);
      for (const [method, path] of [
        ["GET", `/api/admin/subjects?email=${encodeURIComponent(SUBJECT)}`],
        ["GET", `/api/admin/subjects/export?email=${encodeURIComponent(SUBJECT)}`],
        ["DELETE", `/api/admin/subjects?email=${encodeURIComponent(SUBJECT)}`],
      ] as const) {
        const response = await send(app(), method, path, { cookie, ...(method === "DELETE" && { body: {} }) });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/json/);
        const text = await response.text();
        expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ error: expect.any(String) });
        expect(text).not.toContain(SUBJECT);
      }
      expect(await open.db.selectFrom("leads").select("id").where("email", "=", SUBJECT).execute()).toHaveLength(2);
      expect(await auditSince(open.db, mark)).toEqual([]);
    });

    it("keeps the address out of every URL: the request log and the audit trail of a look-up, export and erasure hold no address", async () => {
      await seedSubject();
      const logged: unknown[] = [];
      const record = (message: string, fields?: object) => void logged.push({ message, ...fields });
      const logger = { error: record, warn: record, info: record, debug: record };
      const logging = testApp(open.db, { clock: time.clock, config, logger });
      const cookie = await signIn(logging);
      const mark = await auditMark(open.db);
      for (const path of ["/api/admin/subjects/lookup", "/api/admin/subjects/export", "/api/admin/subjects/erase"]) {
        expect((await send(logging, "POST", path, { cookie, body: { email: SUBJECT } })).status, path).toBe(200);
      }
      const requests = logged.filter((entry) => (entry as { message: string }).message === "request") as {
        path: string;
      }[];
      expect(requests.map((entry) => entry.path)).toEqual(
        expect.arrayContaining([
          "/api/admin/subjects/lookup",
          "/api/admin/subjects/export",
          "/api/admin/subjects/erase",
        ]),
      );
      for (const needle of [SUBJECT, encodeURIComponent(SUBJECT)]) expect(JSON.stringify(logged)).not.toContain(needle);
      const entries = await auditSince(open.db, mark);
      expect(entries.map((entry) => entry.action)).toEqual(["subject.lookup", "subject.export", "subject.erase"]);
      for (const needle of [SUBJECT, encodeURIComponent(SUBJECT)])
        expect(JSON.stringify(entries)).not.toContain(needle);
    });

    it("needs a session, and a same-origin JSON request for each of the three", async () => {
      await seedSubject();
      expect((await send(app(), "POST", "/api/admin/subjects/lookup", { body: { email: SUBJECT } })).status).toBe(401);
      const cookie = await signIn(app());
      for (const path of ["/api/admin/subjects/lookup", "/api/admin/subjects/export", "/api/admin/subjects/erase"]) {
        const crossSite = await send(app(), "POST", path, {
          cookie,
          body: { email: SUBJECT },
          headers: { Origin: "https://evil.example" },
        });
        expect(crossSite.status, path).toBe(403);
        expect(await crossSite.text()).not.toContain(SUBJECT);
        // A form post (no JSON) is refused too: a cross-site form cannot send application/json.
        const form = await send(app(), "POST", path, {
          cookie,
          body: `email=${encodeURIComponent(SUBJECT)}`,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        expect([403, 415], path).toContain(form.status);
      }
      expect(await open.db.selectFrom("leads").select("id").where("email", "=", SUBJECT).execute()).toHaveLength(2);
    });
  },
  { admin: true },
);
