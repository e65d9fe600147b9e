import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../src/domain/admin";
import { parseSourceFilters } from "../../src/domain/attribution";
import { emailField } from "../../src/domain/field-validators";
import { SPAM_FILTERS } from "../../src/domain/spam";
import type { Collection } from "../../src/domain/status";
import { isOwnedCollection } from "../../src/domain/workspace";
import { COLLECTION_SPECS, type Keyset, type ListFilters } from "../db/store";
import { storableString } from "./storable-text";

// Query-string parsing for the admin lists and the export. Errors name the parameter, like the form
// routes' { error: "validation", fields } answers.

export type Parsed<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

const MAX_QUERY_LENGTH = 200;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// Record ids are UUIDs (seeded ones are short ASCII names); anything else, a NUL included (PostgreSQL
// refuses it in a query: a 500), cannot come from a cursor this server made.
const CURSOR_ID = /^[\x21-\x7e]{1,100}$/;

/** The cursor is opaque to clients: base64url of [createdAt, id] of the page's last row. */
export const encodeCursor = ({ createdAt, id }: Keyset) =>
  Buffer.from(JSON.stringify([createdAt, id]), "utf8").toString("base64url");

export function decodeCursor(cursor: string): Keyset | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (
      typeof createdAt !== "string" ||
      !ISO_TIMESTAMP.test(createdAt) ||
      typeof id !== "string" ||
      !CURSOR_ID.test(id)
    )
      return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

export interface FilterParams {
  q?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  source?: string | undefined;
  medium?: string | undefined;
  campaign?: string | undefined;
  /** "only": the Spam view; "exclude" (the default): everything else. Leads and contacts. */
  spam?: string | undefined;
}

/**
 * q, status, type and the first touch's source, medium and campaign for one collection; status and type
 * must be values that collection has.
 */
export function parseFilters(collection: Collection, params: FilterParams): Parsed<ListFilters> {
  const spec = COLLECTION_SPECS[collection];
  const fields: Record<string, string> = {};
  // A NUL would reach the database in the LIKE pattern (a 500 on PostgreSQL); stored text never holds one.
  const q = storableString(params.q?.trim() ?? "");
  if (q.length > MAX_QUERY_LENGTH) fields.q = `At most ${MAX_QUERY_LENGTH} characters`;
  const status = params.status || undefined;
  if (status !== undefined && !spec.statuses.includes(status)) fields.status = `Use one of ${spec.statuses.join(", ")}`;
  const type = params.type || undefined;
  if (type !== undefined && !spec.types?.includes(type)) {
    fields.type = spec.types ? `Use one of ${spec.types.join(", ")}` : `${collection} have no type filter`;
  }
  const source = parseSourceFilters(params);
  Object.assign(fields, source.errors);
  const spam = params.spam || undefined;
  if (spam !== undefined) {
    if (!spec.spam) fields.spam = `${collection} records are never held as spam`;
    else if (!(SPAM_FILTERS as readonly string[]).includes(spam)) fields.spam = `Use one of ${SPAM_FILTERS.join(", ")}`;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      ...(q && { q }),
      ...(status && { status }),
      ...(type && { type }),
      ...source.filters,
      ...(spam === "only" && { spam: true }),
    },
  };
}

export interface ListParams {
  filters: ListFilters;
  after: Keyset | null;
  limit: number;
}

/**
 * `owner`: "me" (the signed-in staff member, `me`), "none" (nobody) or a staff email; leads and contacts
 * only. Returns the filter (undefined: none; null: unassigned) or the field's error.
 */
export function parseOwner(
  collection: Collection,
  owner: string | undefined,
  me: string,
): { owner?: string | null } | { error: string } {
  if (owner === undefined || owner === "") return {};
  if (!isOwnedCollection(collection)) return { error: `${collection} records have no owner` };
  if (owner === "me") return { owner: me };
  if (owner === "none") return { owner: null };
  const email = emailField.safeParse(owner);
  return email.success ? { owner: email.data } : { error: 'Use "me", "none" or a staff email' };
}

/** q, status, type and owner (see parseOwner) as a list or a count reads them. */
export function parseListFilters(
  collection: Collection,
  query: Record<string, string | undefined>,
  { me }: { me: string },
): Parsed<ListFilters> {
  const filters = parseFilters(collection, query);
  const owner = parseOwner(collection, query.owner, me);
  if (filters.ok && !("error" in owner)) return { ok: true, value: { ...filters.value, ...owner } };
  return { ok: false, fields: { ...(!filters.ok && filters.fields), ...("error" in owner && { owner: owner.error }) } };
}

/** limit (1-500, default 100; over 500 is a 400, not clamped, so a client never gets less than it asked for silently). */
export function parseListQuery(
  collection: Collection,
  query: Record<string, string | undefined>,
  { me }: { me: string },
): Parsed<ListParams> {
  const filters = parseListFilters(collection, query, { me });
  const fields: Record<string, string> = filters.ok ? {} : { ...filters.fields };

  let limit = DEFAULT_PAGE_SIZE;
  if (query.limit !== undefined && query.limit !== "") {
    limit = /^\d{1,6}$/.test(query.limit) ? Number(query.limit) : NaN;
    if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) fields.limit = `Use a whole number from 1 to ${MAX_PAGE_SIZE}`;
  }

  let after: Keyset | null = null;
  if (query.cursor) {
    after = decodeCursor(query.cursor);
    if (!after) fields.cursor = "Malformed cursor";
  }

  if (!filters.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { filters: filters.value, after, limit } };
}
