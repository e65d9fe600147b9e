import type { Db } from "../db/store";
import { confirmationToken, derivePrivacyKeys } from "../privacy/keys";
import { postJson, TEST_APP_SECRET, type testApp } from "./app";

// What the owner of an address finds in the confirmation email, read from the table instead of an
// inbox (the outbox suites and the e2e test read the real email).

const keys = derivePrivacyKeys(TEST_APP_SECRET);

/** The token of the newest confirmation opened for the address, as the emailed link carries it. */
export async function latestConfirmationToken(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom("newsletterConfirmations")
    .select("id")
    .where("email", "=", email)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return confirmationToken(keys, row.id);
}

/** The confirmation page's press. */
export const pressConfirm = (app: ReturnType<typeof testApp>, token: string, headers: Record<string, string> = {}) =>
  postJson(app, "/api/newsletter/confirm", { token }, headers);
