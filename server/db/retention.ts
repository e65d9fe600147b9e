import { sql, type Transaction } from "kysely";
import { SPAM_PURGE_DAYS } from "../../src/domain/spam";
import { recordRemovals } from "./changes";
import { purgeConfirmations } from "./confirmations";
import type { Db, Tables } from "./schema";

// Storage limitation (POPIA section 14, GDPR article 5(1)(e)): a closed lead or contact and an
// unsubscribed address are kept for the retention period after their last status change, then deleted.
// A subscription nobody confirmed goes far sooner: PENDING_DAYS after it was asked for; spam nobody
// restored from the Spam view SPAM_PURGE_DAYS after it arrived (src/domain/spam.ts).

/** A "pending" subscription (NEWSLETTER_DOUBLE_OPT_IN) whose address never confirmed is deleted after this. */
export const PENDING_DAYS = 7;

export interface PurgeCounts {
  leads: number;
  contacts: number;
  newsletter: number;
  consents: number;
  outbox: number;
  changes: number;
  /** Confirmation links past their 48 hours, used or not. */
  confirmations: number;
  /** Staff notes on the purged records, and their timeline entries. */
  notes: number;
  timeline: number;
  /** Person ids of people who have no record left. */
  people: number;
}

type Trx = Transaction<Tables>;

async function expiredIds(
  trx: Trx,
  table: "leads" | "contacts" | "newsletter",
  status: string,
  cutoff: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom(table as "leads")
    .select("id")
    .where("status", "=", status as "closed")
    // Rows closed before migration 0003 have no status_changed_at: their creation time stands in.
    .where((eb) => eb(eb.fn.coalesce("statusChangedAt", "createdAt"), "<", cutoff))
    .execute();
  return rows.map((row) => row.id);
}

/** Spam nobody restored (the Spam view) that arrived before `cutoff`: SPAM_PURGE_DAYS, whatever its status. */
async function expiredSpamIds(trx: Trx, table: "leads" | "contacts", cutoff: string): Promise<string[]> {
  // The literal matches the partial index WHERE spam = 1 (migration 0015).
  const rows = await trx
    .selectFrom(table as "leads")
    .select("id")
    .where(sql.ref("spam"), "=", sql.lit(1))
    .where("createdAt", "<", cutoff)
    .execute();
  return rows.map((row) => row.id);
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

async function deleteByIds(trx: Trx, table: "leads" | "contacts" | "newsletter", ids: string[]): Promise<number> {
  return ids.length === 0
    ? 0
    : deleted(
        await trx
          .deleteFrom(table as "leads")
          .where("id", "in", ids)
          .executeTakeFirst(),
      );
}

/**
 * Deletes what has outlived `cutoff` (a pending subscription: PENDING_DAYS; a confirmation link: its
 * expiry), in one transaction, with what hangs off it (queued emails, change-log rows, staff notes and
 * timeline entries), the consent records of people who have no record left and whose consents are older
 * than the cutoff too, and the person ids of people with no record left. Suppression hashes and the audit log stay: they are what keeps an opted-out person unmailed
 * and what shows the purge happened. Open dashboards are told to read the purged collections again.
 */
export async function purgeExpiredRecords(db: Db, cutoff: string, now: Date): Promise<PurgeCounts> {
  const pendingCutoff = new Date(now.getTime() - PENDING_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const spamCutoff = new Date(now.getTime() - SPAM_PURGE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return db.transaction().execute(async (trx) => {
    const ids = {
      leads: [
        ...new Set([
          ...(await expiredIds(trx, "leads", "closed", cutoff)),
          ...(await expiredSpamIds(trx, "leads", spamCutoff)),
        ]),
      ],
      contacts: [
        ...new Set([
          ...(await expiredIds(trx, "contacts", "closed", cutoff)),
          ...(await expiredSpamIds(trx, "contacts", spamCutoff)),
        ]),
      ],
      newsletter: [
        ...(await expiredIds(trx, "newsletter", "unsubscribed", cutoff)),
        ...(await expiredIds(trx, "newsletter", "pending", pendingCutoff)),
      ],
    };
    const expiredLinks = await purgeConfirmations(trx, now);
    const all = [...ids.leads, ...ids.contacts, ...ids.newsletter];
    const outbox =
      expiredLinks.outbox +
      (all.length === 0 ? 0 : deleted(await trx.deleteFrom("outbox").where("recordId", "in", all).executeTakeFirst()));
    const changes =
      all.length === 0 ? 0 : deleted(await trx.deleteFrom("changes").where("recordId", "in", all).executeTakeFirst());
    const notes =
      all.length === 0 ? 0 : deleted(await trx.deleteFrom("notes").where("recordId", "in", all).executeTakeFirst());
    const timeline =
      all.length === 0
        ? 0
        : deleted(await trx.deleteFrom("workspaceEvents").where("recordId", "in", all).executeTakeFirst());
    const counts = {
      leads: await deleteByIds(trx, "leads", ids.leads),
      contacts: await deleteByIds(trx, "contacts", ids.contacts),
      newsletter: await deleteByIds(trx, "newsletter", ids.newsletter),
    };
    const consents = deleted(
      await trx
        .deleteFrom("consents")
        .where("createdAt", "<", cutoff)
        .where((eb) =>
          eb.not(
            eb.or([
              eb.exists(eb.selectFrom("leads").select("leads.id").whereRef("leads.email", "=", "consents.email")),
              eb.exists(
                eb.selectFrom("contacts").select("contacts.id").whereRef("contacts.email", "=", "consents.email"),
              ),
              eb.exists(
                eb.selectFrom("newsletter").select("newsletter.id").whereRef("newsletter.email", "=", "consents.email"),
              ),
            ]),
          ),
        )
        .executeTakeFirst(),
    );
    const people = deleted(
      await trx
        .deleteFrom("people")
        .where((eb) =>
          eb.not(
            eb.or([
              eb.exists(eb.selectFrom("leads").select("leads.id").whereRef("leads.email", "=", "people.email")),
              eb.exists(
                eb.selectFrom("contacts").select("contacts.id").whereRef("contacts.email", "=", "people.email"),
              ),
              eb.exists(
                eb.selectFrom("newsletter").select("newsletter.id").whereRef("newsletter.email", "=", "people.email"),
              ),
            ]),
          ),
        )
        .executeTakeFirst(),
    );
    await recordRemovals(trx, counts, now.toISOString());
    return { ...counts, consents, outbox, changes, confirmations: expiredLinks.confirmations, notes, timeline, people };
  });
}
