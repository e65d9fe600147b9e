import type { BotCheckVerdict } from "../../src/domain/status";
import { newRecordId } from "./record-id";
import type { Db, NewsletterConfirmationsTable, Writer } from "./schema";

// Newsletter confirmations: one row per emailed link. The link is signed (server/privacy/keys.ts), but a
// signature cannot expire on its own or be used once: the row holds both facts.

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
/**
 * No second confirmation email to an address within this time of the last one, however often it is
 * submitted: the form must not become a way to flood someone's inbox from our mail server.
 */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

export interface ConfirmationRequest {
  email: string;
  botCheck: BotCheckVerdict;
  now: Date;
}

/**
 * Opens a confirmation for the address and returns its id, or null when one was opened within
 * CONFIRMATION_RESEND_MS and is still unused (its email is on its way or in the inbox).
 */
export async function openConfirmation(
  db: Writer,
  { email, botCheck, now }: ConfirmationRequest,
): Promise<string | null> {
  const recent = await db
    .selectFrom("newsletterConfirmations")
    .select("id")
    .where("email", "=", email)
    .where("confirmedAt", "is", null)
    .where("createdAt", ">", new Date(now.getTime() - CONFIRMATION_RESEND_MS).toISOString())
    .executeTakeFirst();
  if (recent) return null;
  const row: NewsletterConfirmationsTable = {
    id: newRecordId(now.getTime()),
    email,
    botCheck,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
    confirmedAt: null,
  };
  await db.insertInto("newsletterConfirmations").values(row).execute();
  return row.id;
}

export type ClaimedConfirmation = Pick<NewsletterConfirmationsTable, "email" | "botCheck">;

/**
 * Uses a confirmation: the one conditional UPDATE that succeeds for an unused, unexpired row, so two
 * simultaneous clicks count once. Undefined when it is used, expired or gone.
 */
export async function claimConfirmation(db: Writer, id: string, at: string): Promise<ClaimedConfirmation | undefined> {
  return db
    .updateTable("newsletterConfirmations")
    .set({ confirmedAt: at })
    .where("id", "=", id)
    .where("confirmedAt", "is", null)
    .where("expiresAt", ">", at)
    .returning(["email", "botCheck"])
    .executeTakeFirst();
}

/** Marks the address's other open confirmations used: once it is subscribed, its older links say so. */
export async function closeConfirmations(db: Writer, email: string, at: string): Promise<void> {
  await db
    .updateTable("newsletterConfirmations")
    .set({ confirmedAt: at })
    .where("email", "=", email)
    .where("confirmedAt", "is", null)
    .execute();
}

/** Why a claim failed: an earlier click used the link, or its 48 hours are over (or it was purged since). */
export async function unclaimableReason(db: Writer, id: string): Promise<"used" | "expired"> {
  const row = await db
    .selectFrom("newsletterConfirmations")
    .select("confirmedAt")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.confirmedAt ? "used" : "expired";
}

/** The confirmation a queued email is about, while its link can still be used; else undefined. */
export async function findOpenConfirmation(
  db: Db,
  id: string,
  now: Date,
): Promise<Pick<NewsletterConfirmationsTable, "id" | "email"> | undefined> {
  return db
    .selectFrom("newsletterConfirmations")
    .select(["id", "email"])
    .where("id", "=", id)
    .where("confirmedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
}

/**
 * Deletes confirmations whose link no longer works (used or not), the emails that carried them and
 * those emails' timeline entries: an address someone typed in and nobody confirmed is gone soon after
 * its 48 hours. Returns the counts.
 */
export async function purgeConfirmations(db: Writer, now: Date): Promise<{ confirmations: number; outbox: number }> {
  const expired = await db
    .deleteFrom("newsletterConfirmations")
    .where("expiresAt", "<=", now.toISOString())
    .returning("id")
    .execute();
  if (expired.length === 0) return { confirmations: 0, outbox: 0 };
  const ids = expired.map((row) => row.id);
  const outbox = await db
    .deleteFrom("outbox")
    .where("kind", "=", "newsletter-confirmation")
    .where("recordId", "in", ids)
    .executeTakeFirst();
  // Their timeline entries (markSent) name the confirmation, not a record: they go with it.
  await db.deleteFrom("workspaceEvents").where("kind", "=", "email-sent").where("recordId", "in", ids).execute();
  return { confirmations: ids.length, outbox: Number(outbox.numDeletedRows) };
}
