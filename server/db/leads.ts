import type { LeadData } from "../../src/domain/schemas";
import { toE164 } from "../../src/domain/phone";
import type { LeadRecord } from "../../src/domain/records";
import type { BotCheckVerdict } from "../../src/domain/status";
import type { SpamResult } from "./spam-result";
import type { Db, LeadsTable } from "./schema";

export interface NewLead {
  id: string;
  data: LeadData;
  botCheck: BotCheckVerdict;
  /** The spam score (security/spam-score.ts); absent or null: not scored (fixtures, benches). */
  spam?: SpamResult | null;
  createdAt: string;
}

/**
 * The stored row for a signup or demo request. `name` is first and last name joined, for both types.
 * Every key is written out in one literal, in one order: an object spread with keys added after it
 * (`{ ...common, type }`) gets a hidden class of its own in V8 each time, and at 2,000 submissions a
 * second those classes were most of what the old generation collected (docs/performance.md, session 8).
 */
export function leadRow({ id, data, botCheck, spam, createdAt }: NewLead): LeadsTable {
  const signup = data.type === "signup";
  return {
    id,
    type: data.type,
    firstName: data.firstName,
    lastName: data.lastName,
    name: `${data.firstName} ${data.lastName}`,
    email: data.email,
    phone: data.phone || null,
    phoneE164: toE164(data.phone),
    companyName: data.companyName,
    jobTitle: signup ? null : data.jobTitle || null,
    organizationType: data.organizationType,
    propertyCount: data.propertyCount,
    message: null,
    // Challenges are free text, an empty string when absent (demos only; docs/product.md, "Records and statuses").
    challenges: signup ? null : data.challenges,
    marketingOptIn: signup ? (data.marketingOptIn ? 1 : 0) : null,
    // The schema only accepts termsAccepted: true; the server's clock records when.
    termsAcceptedAt: signup && data.termsAccepted ? createdAt : null,
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
  };
}

export async function insertLead(db: Db, lead: NewLead): Promise<string> {
  await db.insertInto("leads").values(leadRow(lead)).execute();
  return lead.id;
}

export async function findLeadById(db: Db, id: string): Promise<LeadRecord | undefined> {
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toLeadRecord(row);
}

// statusChangedAt (retention's bookkeeping), phoneE164 (search's), contentHash and sourceHash (the spam
// score's) are not part of the record staff read.
export const toLeadRecord = ({
  statusChangedAt: _statusChangedAt,
  phoneE164: _phoneE164,
  contentHash: _contentHash,
  sourceHash: _sourceHash,
  ...row
}: LeadsTable): LeadRecord => ({
  ...row,
  marketingOptIn: row.marketingOptIn === null ? null : row.marketingOptIn === 1,
  spam: row.spam === 1,
});
