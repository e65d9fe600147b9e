// Puts N leads straight into a fresh SQLite database, through the server's own migrations and row shape
// (server/db/leads.ts leadRow), in one transaction: seconds instead of the minutes N API calls would take.
// Optionally the newest leads come from people with several records each, every record with a note and a
// status change, so the record panel's person timeline has something to show.
import { randomUUID } from "node:crypto";
import { connectDatabase, leadRow, migrateToLatest } from "../../server/db/store";
import { LEAD_STATUSES } from "../../src/domain/status";

const BATCH = 500;

export interface SharedPeople {
  /** How many of the newest leads belong to people with several records. */
  newest: number;
  /** Records per such person: that many consecutive leads share one email. */
  recordsEach: number;
}

const SEED_REP = "seed.rep@erf.test";

export async function seedLeads(databaseUrl: string, count: number, people?: SharedPeople): Promise<void> {
  const db = connectDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const start = Date.parse("2025-01-01T00:00:00Z");
    await db.transaction().execute(async (trx) => {
      for (let first = 0; first < count; first += BATCH) {
        const rows = [];
        const notes = [];
        const events = [];
        for (let index = first; index < Math.min(count, first + BATCH); index += 1) {
          const shared = people !== undefined && index >= count - people.newest;
          // Grouped from the newest down, so the first rows of the table are whole people.
          const email = shared
            ? `seed-person-${Math.floor((count - 1 - index) / people.recordsEach)}@example.co.za`
            : null;
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
                    email: email ?? `seed-demo-${index}@example.co.za`,
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
                    email: email ?? `seed-signup-${index}@example.co.za`,
                    phone: "",
                    companyName: `Properties ${index % 613}`,
                    organizationType: "landlord",
                    propertyCount: "6-20",
                    marketingOptIn: index % 2 === 0,
                    termsAccepted: true,
                  },
          } as Parameters<typeof leadRow>[0]);
          const status = LEAD_STATUSES[index % LEAD_STATUSES.length]!;
          rows.push({ ...row, status });
          if (email) {
            const at = (minutes: number) => new Date(Date.parse(row.createdAt) + minutes * 60_000).toISOString();
            const about = { collection: "leads" as const, recordId: row.id, email };
            notes.push({
              ...about,
              id: randomUUID(),
              body: `Called about lead ${index}; they want a demo next week.`,
              author: SEED_REP,
              createdAt: at(5),
            });
            events.push({
              ...about,
              id: randomUUID(),
              kind: "status-changed" as const,
              actor: SEED_REP,
              details: JSON.stringify({ from: "new", to: status }),
              at: at(10),
            });
          }
        }
        await trx.insertInto("leads").values(rows).execute();
        if (notes.length > 0) await trx.insertInto("notes").values(notes).execute();
        if (events.length > 0) await trx.insertInto("workspaceEvents").values(events).execute();
      }
    });
  } finally {
    await db.destroy();
  }
}
