import type { NewsletterData } from "../../src/domain/schemas";
import type { NewsletterRecord } from "../../src/domain/records";
import type { BotCheckVerdict, NewsletterStatus } from "../../src/domain/status";
import type { Db, NewsletterTable, Writer } from "./schema";

export interface NewSubscription {
  id: string;
  data: NewsletterData;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

/** The row that holds an address, if any: what a subscription request decides on. */
export async function findSubscriptionByEmail(
  db: Writer,
  email: string,
): Promise<{ id: string; status: NewsletterStatus } | undefined> {
  return db.selectFrom("newsletter").select(["id", "status"]).where("email", "=", email).executeTakeFirst();
}

/**
 * A new row for an address that has none; false when another request stored one first. The unique
 * email index decides, so two concurrent submissions of a new address cannot both count as new (which
 * would send two welcome emails).
 */
export async function insertSubscription(
  db: Writer,
  { id, data, botCheck, createdAt }: NewSubscription,
  status: NewsletterStatus,
): Promise<boolean> {
  const row = await db
    .insertInto("newsletter")
    .values({
      id,
      email: data.email,
      utmSource: data.utmSource || null,
      utmMedium: data.utmMedium || null,
      utmCampaign: data.utmCampaign || null,
      utmTerm: data.utmTerm || null,
      utmContent: data.utmContent || null,
      clickId: data.clickId || null,
      referrerOrigin: data.referrerOrigin || null,
      landingPath: data.landingPath || null,
      status,
      botCheck,
      createdAt,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Subscribes a row still in `from`; false when it has moved on meanwhile (the conditional UPDATE makes two
 * concurrent requests change it once).
 */
export async function changeSubscriptionStatus(
  db: Writer,
  id: string,
  from: NewsletterStatus,
  to: NewsletterStatus,
  at: string,
): Promise<boolean> {
  const row = await db
    .updateTable("newsletter")
    .set({ status: to, statusChangedAt: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Subscribes the address a confirmation link was sent to: a new row, or the existing one whatever its
 * status. Returns the row's id and whether it changed (false: it was subscribed already).
 */
export async function confirmSubscription(
  db: Writer,
  { id, email, botCheck, at }: { id: string; email: string; botCheck: BotCheckVerdict; at: string },
): Promise<{ id: string; op: "insert" | "update" } | null> {
  const row = await db
    .insertInto("newsletter")
    .values({ id, email, status: "subscribed", botCheck, createdAt: at })
    .onConflict((conflict) =>
      conflict
        .column("email")
        .doUpdateSet({ status: "subscribed", botCheck, statusChangedAt: at })
        .where("newsletter.status", "<>", "subscribed"),
    )
    .returning("id")
    .executeTakeFirst();
  return row ? { id: row.id, op: row.id === id ? "insert" : "update" } : null;
}

/** Seeds a subscribed row (test fixtures and benches): returns its id. */
export async function subscribeEmail(db: Db, subscription: NewSubscription): Promise<string> {
  await insertSubscription(db, subscription, "subscribed");
  return (await findSubscriptionByEmail(db, subscription.data.email))!.id;
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
  utmSource: row.utmSource,
  utmMedium: row.utmMedium,
  utmCampaign: row.utmCampaign,
  utmTerm: row.utmTerm,
  utmContent: row.utmContent,
  clickId: row.clickId,
  referrerOrigin: row.referrerOrigin,
  landingPath: row.landingPath,
  status: row.status,
  botCheck: row.botCheck,
  createdAt: row.createdAt,
  type: "newsletter",
});
