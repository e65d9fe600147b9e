import type { Kysely } from "kysely";

// API tokens (src/domain/api-tokens.ts): only the SHA-256 of each token is kept, unique, so a request's
// token is found by its hash; a revoked token's row is deleted (the audit log keeps that it existed).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("scopes", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("expires_at", "text")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
