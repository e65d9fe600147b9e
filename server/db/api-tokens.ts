import { isTokenScope, type ApiToken, type TokenScope } from "../../src/domain/api-tokens";
import type { ApiTokensTable, Db } from "./schema";

// API tokens in the database (migration 0018): created with their hash, found by it, listed without it.

const toToken = (row: ApiTokensTable): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: (JSON.parse(row.scopes) as unknown[]).filter(isTokenScope),
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  expiresAt: row.expiresAt,
});

export async function createApiToken(db: Db, token: { id: string; name: string; tokenHash: string; scopes: readonly TokenScope[]; createdBy: string; expiresAt: string | null }, now: Date): Promise<ApiToken> {
  const row: ApiTokensTable = { ...token, scopes: JSON.stringify(token.scopes), createdAt: now.toISOString(), lastUsedAt: null };
  await db.insertInto("apiTokens").values(row).execute();
  return toToken(row);
}

export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  return (await db.selectFrom("apiTokens").selectAll().orderBy("createdAt").orderBy("id").execute()).map(toToken);
}

export async function findApiTokenByHash(db: Db, tokenHash: string): Promise<ApiToken | undefined> {
  const row = await db.selectFrom("apiTokens").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
  return row && toToken(row);
}

/** Deletes a token: the next request with it is refused. The name, for the audit entry; undefined when unknown. */
export async function revokeApiToken(db: Db, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom("apiTokens").where("id", "=", id).returning("name").executeTakeFirst();
  return row?.name;
}

/** When a token was last used, written at most once a minute per token. */
export async function touchApiToken(db: Db, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("apiTokens")
    .set({ lastUsedAt: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", new Date(now.getTime() - 60_000).toISOString())]))
    .execute();
}
