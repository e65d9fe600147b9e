import type { LeadData } from "../../src/domain/schemas";
import type { LeadRecord } from "../../src/domain/records";
import type { BotCheckVerdict } from "../../src/domain/status";
import type { Db, LeadsTable } from "./schema";

export interface NewLead {
  id: string;
  data: LeadData;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

/** The stored row for a signup or demo request. The spec stores `name` for demos; signups get it too. */
export function leadRow({ id, data, botCheck, createdAt }: NewLead): LeadsTable {
  const common = {
    id,
    firstName: data.firstName,
    lastName: data.lastName,
    name: `${data.firstName} ${data.lastName}`,
    email: data.email,
    phone: data.phone || null,
    companyName: data.companyName,
    organizationType: data.organizationType,
    propertyCount: data.propertyCount,
    message: null,
    status: "new" as const,
    botCheck,
    createdAt,
  };
  if (data.type === "signup") {
    return {
      ...common,
      type: "signup",
      jobTitle: null,
      challenges: null,
      marketingOptIn: data.marketingOptIn ? 1 : 0,
      // The schema only accepts termsAccepted: true; the server's clock records when.
      termsAcceptedAt: data.termsAccepted ? createdAt : null,
    };
  }
  return {
    ...common,
    type: "demo",
    jobTitle: data.jobTitle || null,
    // The spec keeps challenges as free text, empty string when absent.
    challenges: data.challenges,
    marketingOptIn: null,
    termsAcceptedAt: null,
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

// statusChangedAt is bookkeeping for retention, not part of the record staff read.
export const toLeadRecord = ({ statusChangedAt: _statusChangedAt, ...row }: LeadsTable): LeadRecord => ({
  ...row,
  marketingOptIn: row.marketingOptIn === null ? null : row.marketingOptIn === 1,
});
