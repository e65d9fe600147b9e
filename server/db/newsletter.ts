import type { NewsletterData } from "../../src/domain/schemas";
import type { NewsletterRecord } from "../../src/domain/records";
import type { BotCheckVerdict } from "../../src/domain/status";
import type { Db, NewsletterTable } from "./schema";

export interface NewSubscription {
  id: string;
  data: NewsletterData;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

/** What a subscription did: a new row, a re-subscription of an unsubscribed one, or nothing new. */
export type SubscribeOutcome = "inserted" | "resubscribed" | "unchanged";

/**
 * Subscribes an address, or re-subscribes the existing row for it. One statement decides, so two
 * concurrent submissions of the same address cannot both count as new (which would send two welcome
 * emails): the unique email index serialises them, and only an unsubscribed row is updated.
 */
export async function upsertSubscription(db: Db, { id, data, botCheck, createdAt }: NewSubscription): Promise<{ id: string; outcome: SubscribeOutcome }> {
  const row = await db
    .insertInto("newsletter")
    .values({ id, email: data.email, status: "subscribed", botCheck, createdAt })
    .onConflict((conflict) =>
      conflict
        .column("email")
        .doUpdateSet({ status: "subscribed", botCheck, statusChangedAt: createdAt })
        .where("newsletter.status", "=", "unsubscribed"),
    )
    .returning("id")
    .executeTakeFirst();
  if (row) return { id: row.id, outcome: row.id === id ? "inserted" : "resubscribed" };
  const existing = await db.selectFrom("newsletter").select("id").where("email", "=", data.email).executeTakeFirstOrThrow();
  return { id: existing.id, outcome: "unchanged" };
}

/** Returns the id of the row that now holds the address. */
export async function subscribeEmail(db: Db, subscription: NewSubscription): Promise<string> {
  return (await upsertSubscription(db, subscription)).id;
}

export async function findSubscriptionById(db: Db, id: string): Promise<NewsletterRecord | undefined> {
  const row = await db.selectFrom("newsletter").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toNewsletterRecord(row);
}

// statusChangedAt is bookkeeping for retention, not part of the record staff read.
// Written out, not `{ ...row, type }` (see toContactRecord).
export const toNewsletterRecord = (row: NewsletterTable): NewsletterRecord => ({
  id: row.id,
  email: row.email,
  status: row.status,
  botCheck: row.botCheck,
  createdAt: row.createdAt,
  type: "newsletter",
});
