import { can, type Capability, type Role } from "./roles";

// API tokens: a named secret an admin creates for another system, with scopes, used as
// `Authorization: Bearer <token>` on the staff record routes its scopes allow (server/auth/api-tokens.ts).
// A token acts with at most its creator's current rights (decision 0044): it is suspended while its
// creator is disabled or gone, and a scope whose capability the creator's role no longer has is refused.

export const TOKEN_SCOPES = ["records:read", "records:write", "export"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "records:read": "Read records (lists and detail)",
  "records:write": "Change status and owner",
  export: "Export CSV",
};

/**
 * The capability a token's creator must still have for the token to use each scope. Reading and
 * changing records is any staff member's work; a standing bulk export to another system is, like a
 * webhook, a decision of the integrations' owners (the "settings" capability: admins).
 */
export const TOKEN_SCOPE_NEEDS: Record<TokenScope, Capability> = {
  "records:read": "records",
  "records:write": "records",
  export: "settings",
};

/** Why a token does not work at all: its creator is disabled, or no longer a staff account. */
export const TOKEN_SUSPENSIONS = ["creator-disabled", "creator-removed"] as const;
export type TokenSuspension = (typeof TOKEN_SUSPENSIONS)[number];

export const TOKEN_SUSPENSION_LABELS: Record<TokenSuspension, string> = {
  "creator-disabled": "creator disabled",
  "creator-removed": "creator no longer on the team",
};

/** The token's creator as they are now: undefined when no staff account has their email any more. */
export interface TokenCreator {
  role: Role;
  disabled: boolean;
}

/** What a token may do now, from its creator's current account: wholly suspended, or some scopes. */
export function tokenStanding(
  scopes: readonly TokenScope[],
  creator: TokenCreator | undefined,
): { suspended: TokenSuspension | null; suspendedScopes: TokenScope[] } {
  if (!creator) return { suspended: "creator-removed", suspendedScopes: [...scopes] };
  if (creator.disabled) return { suspended: "creator-disabled", suspendedScopes: [...scopes] };
  return { suspended: null, suspendedScopes: scopes.filter((scope) => !can(creator.role, TOKEN_SCOPE_NEEDS[scope])) };
}

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
  /** Refused altogether (401) while its creator is disabled or gone; null when it works. */
  suspended: TokenSuspension | null;
  /** Its scopes refused (403) because its creator's current role does not have them (all of them while suspended). */
  suspendedScopes: TokenScope[];
}

export const isTokenScope = (value: unknown): value is TokenScope =>
  (TOKEN_SCOPES as readonly unknown[]).includes(value);
