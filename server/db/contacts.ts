import type { ContactData } from "../../src/domain/schemas";
import { toE164 } from "../../src/domain/phone";
import type { ContactRecord } from "../../src/domain/records";
import type { BotCheckVerdict } from "../../src/domain/status";
import type { SpamResult } from "./spam-result";
import type { ContactsTable, Db } from "./schema";

export interface NewContact {
  id: string;
  data: ContactData;
  botCheck: BotCheckVerdict;
  /** The spam score (security/spam-score.ts); absent or null: not scored (fixtures, benches). */
  spam?: SpamResult | null;
  createdAt: string;
}

/** The stored row for a contact message: "new", with status and createdAt from the server, never the body. */
export const contactRow = ({ id, data, botCheck, spam, createdAt }: NewContact): ContactsTable => ({
  id,
  firstName: data.firstName,
  lastName: data.lastName,
  email: data.email,
  phone: data.phone || null,
  phoneE164: toE164(data.phone),
  message: data.message,
  companyName: null,
  sourcePath: data.sourcePath || null,
  utmSource: data.utmSource || null,
  utmMedium: data.utmMedium || null,
  utmCampaign: data.utmCampaign || null,
  utmTerm: data.utmTerm || null,
  utmContent: data.utmContent || null,
  clickId: data.clickId || null,
  referrerOrigin: data.referrerOrigin || null,
  landingPath: data.landingPath || null,
  status: "new",
  owner: null,
  firstResponseAt: null,
  botCheck,
  spamScore: spam?.score ?? null,
  spamSignals: spam?.signals ?? null,
  spam: spam?.spam ? 1 : 0,
  contentHash: spam?.contentHash ?? null,
  sourceHash: spam?.sourceHash ?? null,
  createdAt,
});

export async function insertContact(db: Db, contact: NewContact): Promise<string> {
  await db.insertInto("contacts").values(contactRow(contact)).execute();
  return contact.id;
}

export async function findContactById(db: Db, id: string): Promise<ContactRecord | undefined> {
  const row = await db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toContactRecord(row);
}

// statusChangedAt (retention's bookkeeping) and phoneE164 (search's) are not part of the record staff read.
// Written out, not `{ ...row, type }`: a spread with a key added after it gets a hidden class of its own
// in V8 each time (server/db/hidden-classes.test.ts).
export const toContactRecord = (row: ContactsTable): ContactRecord => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  companyName: row.companyName,
  sourcePath: row.sourcePath,
  utmSource: row.utmSource,
  utmMedium: row.utmMedium,
  utmCampaign: row.utmCampaign,
  utmTerm: row.utmTerm,
  utmContent: row.utmContent,
  clickId: row.clickId,
  referrerOrigin: row.referrerOrigin,
  landingPath: row.landingPath,
  status: row.status,
  owner: row.owner,
  firstResponseAt: row.firstResponseAt,
  botCheck: row.botCheck,
  spamScore: row.spamScore,
  spamSignals: row.spamSignals,
  spam: row.spam === 1,
  createdAt: row.createdAt,
  type: "contact",
});
