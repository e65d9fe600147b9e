import type { Generated, Kysely } from "kysely";
import type { BotCheckVerdict, Collection, LeadStatus, LeadType, NewsletterStatus } from "../../src/domain/status";

// Table shapes as Kysely sees them: camelCase here, snake_case in SQL (CamelCasePlugin, see connect.ts).
// Timestamps are ISO-8601 UTC text with milliseconds on both databases, so ordering and keyset
// pagination compare the same way on SQLite and PostgreSQL.

export interface ContactsTable {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string;
  /** Read by the admin (spec section 3); the public form does not send it. */
  companyName: string | null;
  status: LeadStatus;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface LeadsTable {
  id: string;
  type: LeadType;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string;
  jobTitle: string | null;
  organizationType: string;
  propertyCount: string;
  message: string | null;
  challenges: string | null;
  /** 0 or 1: an integer on both databases so the same queries and rows work everywhere; null for demos. */
  marketingOptIn: number | null;
  termsAcceptedAt: string | null;
  status: LeadStatus;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface NewsletterTable {
  id: string;
  email: string;
  status: NewsletterStatus;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface IdempotencyKeysTable {
  key: string;
  route: string;
  status: number;
  /** The response body exactly as first sent, replayed byte for byte. */
  body: string;
  createdAt: string;
}

export interface AdminsTable {
  id: string;
  /** Lower-cased before it is stored, so the unique index is case-insensitive. */
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  adminId: string;
  createdAt: string;
  lastSeenAt: string;
  /** The absolute end (created + 7 days); idle expiry is computed from lastSeenAt. */
  expiresAt: string;
}

export interface LoginThrottleTable {
  /** "account:<email>" or "ip:<address>". */
  key: string;
  windowStart: string;
  failures: number;
}

export type ChangeOp = "insert" | "update";

export interface ChangesTable {
  /** Autoincrement on SQLite, bigserial on PostgreSQL (read back as a string there: convert with Number). */
  seq: Generated<number | string>;
  collection: Collection;
  recordId: string;
  op: ChangeOp;
  createdAt: string;
}

export interface Tables {
  contacts: ContactsTable;
  leads: LeadsTable;
  newsletter: NewsletterTable;
  idempotencyKeys: IdempotencyKeysTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  changes: ChangesTable;
}

export type Db = Kysely<Tables>;
