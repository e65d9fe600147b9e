import type { Kysely } from "kysely";

// Where each record's visit came from (src/domain/attribution.ts), on the three tables visitors write:
// the five utm_ values, which ad click id the landing address carried, the referring site's origin and
// the landing path. Written once, with the record, and never updated. Rows written before this read
// null for all of them.
//
// The lists filter by source, medium and campaign, newest first: one index for each, ending in the
// lists' own order (created_at, id), as the status indexes do, so a filtered page needs no sort.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const TABLES = ["leads", "contacts", "newsletter"] as const;
const COLUMNS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "click_id",
  "referrer_origin",
  "landing_path",
] as const;
const FILTERED = ["utm_source", "utm_medium", "utm_campaign"] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) await db.schema.alterTable(table).addColumn(column, "text").execute();
    for (const column of FILTERED)
      await db.schema
        .createIndex(`${table}_${column}_created_at_id_idx`)
        .on(table)
        .columns([column, "created_at", "id"])
        .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    for (const column of FILTERED) await db.schema.dropIndex(`${table}_${column}_created_at_id_idx`).execute();
    for (const column of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
