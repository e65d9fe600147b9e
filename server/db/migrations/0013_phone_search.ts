import { sql, type Kysely } from "kysely";
import { toE164 } from "../../../src/domain/phone";

// Staff search by phone number (server/db/record-lists.ts): leads and contacts keep their phone's E.164
// form beside it, phone_e164, so "082 555 0101" finds a lead that typed "+27 82 555 0101". New rows get
// it when they are written (leads.ts, contacts.ts); the rows already stored get it here, computed by the
// same function (libphonenumber has no SQL form), a batch of rows at a time so memory and statement
// size stay bounded however many there are. Null: no phone, or not a possible number.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const TABLES = ["leads", "contacts"] as const;

/** Rows read and written per statement: 2 parameters a row in the update, well under SQLite's 32,766. */
export const BACKFILL_BATCH = 500;

async function backfill(db: AnyDb, table: (typeof TABLES)[number]): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "phone"])
      .where("phone", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    const found = rows.flatMap(({ id, phone }: { id: string; phone: string }) => {
      const e164 = toE164(phone);
      return e164 === null ? [] : [{ id, e164 }];
    });
    if (found.length > 0) {
      // One statement per batch, joined by id to a VALUES list (its columns are column1 and column2 on
      // both databases).
      const values = sql.join(found.map(({ id, e164 }) => sql`(${id}, ${e164})`));
      await sql`update ${sql.table(table)} set phone_e164 = found.column2 from (values ${values}) as found where ${sql.table(table)}.id = found.column1`.execute(
        db,
      );
    }
    if (rows.length < BACKFILL_BATCH) return;
    after = (rows.at(-1) as { id: string }).id;
  }
}

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("phone_e164", "text").execute();
    await backfill(db, table);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("phone_e164").execute();
}
