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

/**
 * Subscribes an address, or re-subscribes the existing row for it (the unique email index makes this
 * one statement, safe against concurrent duplicates). Returns the id of the row that now holds it.
 */
export async function subscribeEmail(db: Db, { id, data, botCheck, createdAt }: NewSubscription): Promise<string> {
  const row = await db
    .insertInto("newsletter")
    .values({ id, email: data.email, status: "subscribed", botCheck, createdAt })
    .onConflict((conflict) => conflict.column("email").doUpdateSet({ status: "subscribed", botCheck }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSubscriptionById(db: Db, id: string): Promise<NewsletterRecord | undefined> {
  const row = await db.selectFrom("newsletter").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toNewsletterRecord(row);
}

export const toNewsletterRecord = (row: NewsletterTable): NewsletterRecord => ({ ...row, type: "newsletter" });
