import { randomUUID } from "node:crypto";
import type { Db } from "./schema";

// A person is everyone's records under one normalised email (stored emails are trimmed and lower-cased
// by the shared schema). Their id is random, made the first time a record panel asks for it, so a URL,
// a log line or a browser history names a person without their address; an erasure deletes the row,
// and the id then names nobody (docs/decisions/0025-lead-workspace-storage.md).

const idByEmail = (db: Db, email: string) => db.selectFrom("people").select("id").where("email", "=", email);

/**
 * The person id of an email: read on `reader`, made on `db` when there is none yet. Two panels opening
 * at once for a new person both get the one id the unique email index lets in.
 */
export async function personIdFor(db: Db, reader: Db, email: string, now: Date): Promise<string> {
  const known = await idByEmail(reader, email).executeTakeFirst();
  if (known) return known.id;
  await db
    .insertInto("people")
    .values({ id: randomUUID(), email, createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .execute();
  const made = await idByEmail(db, email).executeTakeFirstOrThrow();
  return made.id;
}

/** The query the person view starts with (its plan is checked: timeline-plans.test.ts). */
export const personByIdQuery = (db: Db, id: string) =>
  db.selectFrom("people").select(["id", "email"]).where("id", "=", id);

/** The person's id and email, or undefined for an id nobody has (never made, or erased). */
export const findPerson = (db: Db, id: string) => personByIdQuery(db, id).executeTakeFirst();
