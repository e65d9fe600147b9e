import type { Transaction } from "kysely";
import type { ErasureResult } from "../../src/domain/privacy";
import type { Collection } from "../../src/domain/status";
import type { Db, Tables } from "./schema";

// Data-subject requests (POPIA sections 23-24, GDPR articles 15 and 17): everything stored about one
// email address, and its erasure. Emails are stored lower-cased (the shared schema does it), so an
// exact match on the normalised address finds every row.

const RECORD_TABLES = ["leads", "contacts", "newsletter"] as const satisfies readonly Collection[];

/** Every stored row about the address, every column, as the tables hold them. */
export async function subjectRows(db: Db | Transaction<Tables>, email: string) {
  const [
    leads,
    contacts,
    newsletter,
    consents,
    outbox,
    confirmations,
    notes,
    timeline,
    webhookEvents,
    webhookDeliveries,
  ] = await Promise.all([
    db.selectFrom("leads").selectAll().where("email", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("contacts").selectAll().where("email", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("newsletter").selectAll().where("email", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("consents").selectAll().where("email", "=", email).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("outbox").selectAll().where("subjectEmail", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("newsletterConfirmations").selectAll().where("email", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("notes").selectAll().where("email", "=", email).orderBy("createdAt").execute(),
    db.selectFrom("workspaceEvents").selectAll().where("email", "=", email).orderBy("at").execute(),
    db.selectFrom("webhookEvents").selectAll().where("subjectEmail", "=", email).orderBy("createdAt").execute(),
    // Each delivery with where it went and its attempts: the body sent holds the record.
    db
      .selectFrom("webhookDeliveries")
      .innerJoin("webhookEndpoints", "webhookEndpoints.id", "webhookDeliveries.endpointId")
      .selectAll("webhookDeliveries")
      .select("webhookEndpoints.url as endpointUrl")
      .where("webhookDeliveries.subjectEmail", "=", email)
      .orderBy("webhookDeliveries.createdAt")
      .execute(),
  ]);
  const attempts =
    webhookDeliveries.length === 0
      ? []
      : await db
          .selectFrom("webhookAttempts")
          .selectAll()
          .where(
            "deliveryId",
            "in",
            webhookDeliveries.map((delivery) => delivery.id),
          )
          .orderBy("at")
          .execute();
  const recordIds = [...leads, ...contacts, ...newsletter].map((row) => row.id);
  const changes =
    recordIds.length === 0
      ? []
      : await db.selectFrom("changes").selectAll().where("recordId", "in", recordIds).orderBy("seq").execute();
  const webhooks = {
    queued: webhookEvents,
    deliveries: webhookDeliveries.map((delivery) => ({
      ...delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    })),
  };
  return {
    leads,
    contacts,
    newsletter,
    consents,
    outbox,
    confirmations,
    notes,
    timeline,
    changes: changes.map((change) => ({ ...change, seq: Number(change.seq) })),
    webhooks,
  };
}

export type SubjectRows = Awaited<ReturnType<typeof subjectRows>>;

/** The exact response bodies the idempotency ledger keeps for these records (see routes/submission.ts). */
const idempotencyBodies = (ids: readonly string[]) => ids.map((id) => JSON.stringify({ id }));

/**
 * Hard-deletes everything about the address, inside the caller's transaction: its records, consents,
 * confirmation links, queued or sent emails about it, the change-log rows of its records (the live stream would otherwise
 * still name them), the idempotency rows that answer with its record ids, the staff's notes on its
 * records, its timeline entries, its person id, and the webhooks about it (queued, and the delivery log's).
 */
export async function eraseSubjectRows(trx: Transaction<Tables>, email: string): Promise<ErasureResult["deleted"]> {
  const ids: string[] = [];
  for (const table of RECORD_TABLES) {
    const rows = await trx
      .selectFrom(table as "leads")
      .select("id")
      .where("email", "=", email)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const changes =
    ids.length === 0 ? 0 : count(await trx.deleteFrom("changes").where("recordId", "in", ids).executeTakeFirst());
  const idempotencyKeys =
    ids.length === 0
      ? 0
      : count(await trx.deleteFrom("idempotencyKeys").where("body", "in", idempotencyBodies(ids)).executeTakeFirst());
  const outbox = count(
    await trx
      .deleteFrom("outbox")
      .where((eb) => eb.or([eb("subjectEmail", "=", email), ...(ids.length > 0 ? [eb("recordId", "in", ids)] : [])]))
      .executeTakeFirst(),
  );
  const consents = count(await trx.deleteFrom("consents").where("email", "=", email).executeTakeFirst());
  const leads = count(await trx.deleteFrom("leads").where("email", "=", email).executeTakeFirst());
  const contacts = count(await trx.deleteFrom("contacts").where("email", "=", email).executeTakeFirst());
  const newsletter = count(await trx.deleteFrom("newsletter").where("email", "=", email).executeTakeFirst());
  const confirmations = count(
    await trx.deleteFrom("newsletterConfirmations").where("email", "=", email).executeTakeFirst(),
  );
  const notes = count(await trx.deleteFrom("notes").where("email", "=", email).executeTakeFirst());
  const timeline = count(await trx.deleteFrom("workspaceEvents").where("email", "=", email).executeTakeFirst());
  const people = count(await trx.deleteFrom("people").where("email", "=", email).executeTakeFirst());
  // Webhooks about the person not yet sent (queued events, deliveries and their log): their bodies hold the record.
  await trx.deleteFrom("webhookEvents").where("subjectEmail", "=", email).execute();
  await trx
    .deleteFrom("webhookAttempts")
    .where("deliveryId", "in", (eb) =>
      eb.selectFrom("webhookDeliveries").select("id").where("subjectEmail", "=", email),
    )
    .execute();
  const webhooks = count(
    await trx.deleteFrom("webhookDeliveries").where("subjectEmail", "=", email).executeTakeFirst(),
  );
  return {
    leads,
    contacts,
    newsletter,
    consents,
    outbox,
    changes,
    idempotencyKeys,
    confirmations,
    notes,
    timeline,
    people,
    webhooks,
  };
}
