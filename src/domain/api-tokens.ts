// API tokens: a named secret an admin creates for another system, with scopes, used as
// `Authorization: Bearer <token>` on the staff record routes its scopes allow (server/auth/api-tokens.ts).

export const TOKEN_SCOPES = ["records:read", "records:write", "export"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "records:read": "Read records (lists and detail)",
  "records:write": "Change status and owner",
  export: "Export CSV",
};

export const TOKEN_NAME_MAX = 100;
/** Requests one token may make per minute. */
export const TOKEN_RATE_PER_MINUTE = 600;

/** A token as the staff API lists it: never the token itself. */
export interface ApiToken {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export const isTokenScope = (value: unknown): value is TokenScope => (TOKEN_SCOPES as readonly unknown[]).includes(value);
