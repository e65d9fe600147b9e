import { z } from "zod";
import { emailField } from "../../src/domain/field-validators";
import { fieldErrors } from "../../src/domain/schemas";
import type { Collection } from "../../src/domain/status";
import { BULK_MAX, isOwnedCollection, type RecordChangeRequest } from "../../src/domain/workspace";
import { COLLECTION_SPECS, isStaffEmail, type Db } from "../db/store";

// The bodies of PATCH /api/admin/{collection}/{id} ({status}, {owner} or both) and of the bulk change
// ({ids, status?, owner?}), checked in full before anything is written: each error names its field.

export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

// Record ids are UUIDs (seeded ones are short ASCII names); a NUL would be a 500 on PostgreSQL.
const recordId = z.string().regex(/^[\x21-\x7e]{1,100}$/, "Not a record id");

const change = {
  status: z.string().optional().describe("One of the statuses staff may set on the collection"),
  owner: z.string().nullable().optional().describe("A staff email, or null for nobody (leads and contacts)"),
};
export const recordChangeBody = z.strictObject(change);
export const bulkChangeBody = z.strictObject({
  ...change,
  ids: z
    .array(recordId, { error: "Send a list of record ids" })
    .min(1, "Send at least one id")
    .max(BULK_MAX, `At most ${BULK_MAX.toLocaleString("en")} ids`)
    .refine((ids) => new Set(ids).size === ids.length, "Each id once"),
});

/** `ids.3` (one bad id) is reported as `ids`: the client sent the list. */
const byTopField = (fields: Record<string, string>) => {
  const named: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, message] of Object.entries(fields)) named[name.split(".")[0]!] ??= message;
  return named;
};

async function checkChange(
  db: Db,
  collection: Collection,
  { status, owner }: RecordChangeRequest,
): Promise<Checked<RecordChangeRequest>> {
  const fields: Record<string, string> = {};
  const settable = COLLECTION_SPECS[collection].settableStatuses;
  if (status === undefined && owner === undefined)
    fields.status = isOwnedCollection(collection)
      ? "Send a status, an owner or both"
      : `Use one of ${settable.join(", ")}`;
  if (status !== undefined && !settable.includes(status)) fields.status = `Use one of ${settable.join(", ")}`;
  let ownerEmail: string | null | undefined = owner === null ? null : undefined;
  if (typeof owner === "string") {
    const email = emailField.safeParse(owner);
    if (!isOwnedCollection(collection)) fields.owner = `${collection} records have no owner`;
    else if (!email.success || !(await isStaffEmail(db, email.data))) fields.owner = "Choose a staff account";
    else ownerEmail = email.data;
  } else if (owner === null && !isOwnedCollection(collection)) fields.owner = `${collection} records have no owner`;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: { ...(status !== undefined && { status }), ...(ownerEmail !== undefined && { owner: ownerEmail }) },
  };
}

/** A PATCH body: a status the collection lets staff set, an owner that is a staff account (or null), or both. */
export async function checkRecordChange(
  db: Db,
  collection: Collection,
  body: unknown,
): Promise<Checked<RecordChangeRequest>> {
  const parsed = recordChangeBody.safeParse(body);
  if (!parsed.success) return { ok: false, fields: fieldErrors(parsed.error) };
  return checkChange(db, collection, parsed.data);
}

/** A bulk change's body: 1 to BULK_MAX distinct ids and the change for all of them. */
export async function checkBulkChange(
  db: Db,
  collection: Collection,
  body: unknown,
): Promise<Checked<{ ids: string[]; change: RecordChangeRequest }>> {
  const parsed = bulkChangeBody.safeParse(body);
  if (!parsed.success) return { ok: false, fields: byTopField(fieldErrors(parsed.error)) };
  const { ids, ...requested } = parsed.data;
  const checked = await checkChange(db, collection, requested);
  return checked.ok ? { ok: true, value: { ids, change: checked.value } } : checked;
}
