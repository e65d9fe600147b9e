// Puts N leads straight into a fresh SQLite database, through the server's own migrations and row shape
// (server/db/leads.ts leadRow), in one transaction: seconds instead of the minutes N API calls would take.
import { randomUUID } from "node:crypto";
import { connectDatabase, leadRow, migrateToLatest } from "../../server/db/store";
import { LEAD_STATUSES } from "../../src/domain/status";

const BATCH = 500;

export async function seedLeads(databaseUrl: string, count: number): Promise<void> {
  const db = connectDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const start = Date.parse("2025-01-01T00:00:00Z");
    await db.transaction().execute(async (trx) => {
      for (let first = 0; first < count; first += BATCH) {
        const rows = [];
        for (let index = first; index < Math.min(count, first + BATCH); index += 1) {
          const row = leadRow({
            id: randomUUID(),
            botCheck: "skipped",
            // One a minute, so "newest first" has a real order to keep.
            createdAt: new Date(start + index * 60_000).toISOString(),
            data:
              index % 3 === 0
                ? {
                    type: "demo",
                    firstName: "Seed",
                    lastName: `Demo ${index}`,
                    email: `seed-demo-${index}@example.co.za`,
                    phone: "021 555 0100",
                    companyName: `Estate ${index % 977}`,
                    jobTitle: "Portfolio manager",
                    organizationType: "hoa",
                    propertyCount: "11-50",
                    challenges: "Arrears and maintenance tracking across many schemes.",
                  }
                : {
                    type: "signup",
                    firstName: "Seed",
                    lastName: `Signup ${index}`,
                    email: `seed-signup-${index}@example.co.za`,
                    phone: "",
                    companyName: `Properties ${index % 613}`,
                    organizationType: "landlord",
                    propertyCount: "6-20",
                    marketingOptIn: index % 2 === 0,
                    termsAccepted: true,
                  },
          } as Parameters<typeof leadRow>[0]);
          rows.push({ ...row, status: LEAD_STATUSES[index % LEAD_STATUSES.length]! });
        }
        await trx.insertInto("leads").values(rows).execute();
      }
    });
  } finally {
    await db.destroy();
  }
}
