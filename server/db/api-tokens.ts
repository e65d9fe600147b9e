import { isTokenScope, tokenStanding, type ApiToken, type TokenScope } from "../../src/domain/api-tokens";
import type { Role } from "../../src/domain/staff";
import type { ApiTokensTable, Db } from "./schema";

// API tokens in the database (migration 0018): created with their hash, found by it, listed without it.
// Every read joins the creator's account (admins.email is unique), so a token is judged by its creator's
// current role and status in the same query that finds it (decision 0044).

type TokenRow = ApiTokensTable & { creatorRole: Role | null; creatorDisabledAt: string | null };

const toToken = (row: TokenRow): ApiToken => {
  const scopes = (JSON.parse(row.scopes) as unknown[]).filter(isTokenScope);
  return {
    id: row.id,
    name: row.name,
    scopes,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
    ...tokenStanding(
      scopes,
      row.creatorRole === null ? undefined : { role: row.creatorRole, disabled: row.creatorDisabledAt !== null },
    ),
  };
};

/** The tokens with their creators' accounts (absent when deleted). */
const withCreators = (db: Db) =>
  db
    .selectFrom("apiTokens")
    .leftJoin("admins", "admins.email", "apiTokens.createdBy")
    .selectAll("apiTokens")
    .select(["admins.role as creatorRole", "admins.disabledAt as creatorDisabledAt"]);

/** A new token, made by `creator` (who is signed in, so active). */
export async function createApiToken(
  db: Db,
  token: {
    id: string;
    name: string;
    tokenHash: string;
    scopes: readonly TokenScope[];
    createdBy: string;
    expiresAt: string | null;
  },
  creator: Role,
  now: Date,
): Promise<ApiToken> {
  const row: ApiTokensTable = {
    ...token,
    scopes: JSON.stringify(token.scopes),
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await db.insertInto("apiTokens").values(row).execute();
  return toToken({ ...row, creatorRole: creator, creatorDisabledAt: null });
}

export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  return (await withCreators(db).orderBy("apiTokens.createdAt").orderBy("apiTokens.id").execute()).map(toToken);
}

/** The token with this hash, judged by its creator's account as it is now: one query. */
export async function findApiTokenByHash(db: Db, tokenHash: string): Promise<ApiToken | undefined> {
  const row = await withCreators(db).where("apiTokens.tokenHash", "=", tokenHash).executeTakeFirst();
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
    .where((eb) =>
      eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", new Date(now.getTime() - 60_000).toISOString())]),
    )
    .execute();
}
