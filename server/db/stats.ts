import type { DashboardStats } from "../../src/domain/admin";
import type { Db } from "./schema";

/** The dashboard's count cards and tab totals, in three aggregate queries. */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const [leads, contacts, newsletter] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => [
        eb.fn.countAll().as("total"),
        eb.fn.countAll().filterWhere("status", "=", "new").as("fresh"),
        eb.fn.countAll().filterWhere("type", "=", "signup").as("signups"),
        eb.fn.countAll().filterWhere("type", "=", "demo").as("demos"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("contacts")
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter")
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL returns count(*) as a bigint string, SQLite as a number.
  const totalLeads = Number(leads.total);
  const totalNewsletter = Number(newsletter.total);
  return {
    totalLeads,
    newLeads: Number(leads.fresh),
    signups: Number(leads.signups),
    demoRequests: Number(leads.demos),
    newsletter: totalNewsletter,
    tabs: { leads: totalLeads, contacts: Number(contacts.total), newsletter: totalNewsletter },
    medianFirstResponseMs: null, // WORKSPACE-TODO(server): computed in the lead-workspace work
  };
}
