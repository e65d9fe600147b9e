import { expect, it } from "vitest";
import { ATTRIBUTION_FIELD_NAMES } from "../../src/domain/attribution";
import { toE164 } from "../../src/domain/phone";
import { contactInput, leadInput } from "../../src/domain/schemas";
import { validContact, validSignup } from "../test-support/app";
import { testMigrator } from "../test-support/migrator";
import { describeStorage } from "../test-support/storage-suite";
import { contactRow } from "./contacts";
import { leadRow } from "./leads";
import { BACKFILL_BATCH } from "./migrations/0013_phone_search";
import { listRecords } from "./record-lists";

// Migration 0013 adds phone_e164 to leads and contacts and fills it in for the rows already there, a
// batch at a time, so a database from before it finds its old leads by phone as soon as it is up.

const BEFORE = "0012_staff_team";
/** More rows than two batches hold, so the backfill has to go on from where each batch stopped. */
const LEADS = 2 * BACKFILL_BATCH + 7;
const at = "2025-02-01T09:00:00.000Z";

/** Four kinds of phone in turn: none, national, international, and one that is not a possible number (no such country code). */
const phoneOf = (i: number) =>
  [null, `082 ${String(i).padStart(3, "0")} 0101`, `+27 21 ${String(i).padStart(3, "0")} 0100`, "+999 123 4567"][
    i % 4
  ] ?? null;

/** A row as the tables held it before 0013: no phone_e164, nor the attribution columns 0014 adds. */
function withoutPhoneSearch<T extends { phoneE164: unknown }>({ phoneE164: _phoneE164, ...row }: T) {
  // And the columns later migrations add: attribution (0014) and the spam score (0015, 0023).
  const later = [
    ...ATTRIBUTION_FIELD_NAMES,
    "spamScore",
    "spamSignals",
    "spam",
    "contentHash",
    "sourceHash",
  ] as readonly string[];
  return Object.fromEntries(Object.entries(row).filter(([key]) => !later.includes(key)));
}

const oldLead = (i: number) =>
  withoutPhoneSearch(
    leadRow({
      id: `lead-${String(i).padStart(5, "0")}`,
      data: leadInput.parse({ ...validSignup, email: `lead${i}@example.com`, phone: phoneOf(i) ?? "" }),
      botCheck: "skipped",
      createdAt: at,
    }),
  );

describeStorage(
  "migration 0013_phone_search",
  (open) => {
    it("stores the E.164 form of every phone already there, in batches, and steps back down", async () => {
      const db = open.db;
      const migrator = testMigrator(open);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();

      const leads = Array.from({ length: LEADS }, (_, i) => oldLead(i));
      // Chunks: a statement's parameters stay under SQLite's limit.
      for (let start = 0; start < leads.length; start += 200)
        await db
          .insertInto("leads")
          .values(leads.slice(start, start + 200) as never)
          .execute();
      const contacts = ["082 555 0101", null, "not a number"].map((phone, i) =>
        withoutPhoneSearch(
          contactRow({
            id: `contact-${i}`,
            data: { ...contactInput.parse(validContact), phone: phone ?? "" },
            botCheck: "skipped",
            createdAt: at,
          }),
        ),
      );
      await db
        .insertInto("contacts")
        .values(contacts as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const stored = await db.selectFrom("leads").select(["id", "phone", "phoneE164"]).orderBy("id").execute();
      expect(stored).toHaveLength(LEADS);
      // Each row's form is the one the server writes with a new row.
      expect(stored.filter((row) => row.phoneE164 !== toE164(row.phone))).toEqual([]);
      expect(stored.slice(0, 4)).toEqual([
        { id: "lead-00000", phone: null, phoneE164: null },
        { id: "lead-00001", phone: "082 001 0101", phoneE164: "+27820010101" },
        { id: "lead-00002", phone: "+27 21 002 0100", phoneE164: "+27210020100" },
        { id: "lead-00003", phone: "+999 123 4567", phoneE164: null },
      ]);
      // The third batch's rows too.
      expect(stored.at(-1)).toEqual({
        id: `lead-0${LEADS - 1}`,
        phone: phoneOf(LEADS - 1),
        phoneE164: toE164(phoneOf(LEADS - 1)),
      });
      expect(await db.selectFrom("contacts").select(["id", "phoneE164"]).orderBy("id").execute()).toEqual([
        { id: "contact-0", phoneE164: "+27825550101" },
        { id: "contact-1", phoneE164: null },
        { id: "contact-2", phoneE164: null },
      ]);

      // An old lead is found by its number written another way.
      const found = await listRecords(db, "leads", { filters: { q: "+27 82 001 0101" }, after: null, limit: 10 });
      expect(found.map((lead) => lead.id)).toEqual(["lead-00001"]);

      // Down: the column goes, the rows stay.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const down = await db.selectFrom("leads").selectAll().where("id", "=", "lead-00001").executeTakeFirstOrThrow();
      expect(down).not.toHaveProperty("phoneE164");
      expect(down).toMatchObject({ phone: "082 001 0101" });
      expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(LEADS);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  },
  { clear: "once" },
);
