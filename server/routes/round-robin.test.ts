import { expect, it } from "vitest";
import { validContact, validDemo, validSignup, manualClock, testApp, testConfig } from "../test-support/app";
import { connectDatabase, type Db } from "../db/store";
import { ADMIN_EMAIL } from "../test-support/admin";
import { describeStorage } from "../test-support/storage-suite";
import { SECOND_STAFF, THIRD_STAFF, seedStaff, staffClient, submit } from "../test-support/workspace";

// Round-robin: with the setting on, each new contact, signup and demo request is assigned at arrival to
// one of the staff marked available, fairly (N records among K staff: each ⌊N/K⌋ or ⌈N/K⌉), however
// the submissions are grouped into commits, and across two server instances on one PostgreSQL.

const UNAVAILABLE = "away@erf.co.za";
const TOTAL = 200;

/** The i-th submission: contacts, signups and demo requests in turn, each from its own address. */
function form(index: number): ["/api/contacts" | "/api/leads", object] {
  const email = `visitor${index}@example.com`;
  if (index % 3 === 0) return ["/api/contacts", { ...validContact, email }];
  return ["/api/leads", { ...(index % 3 === 1 ? validSignup : validDemo), email }];
}

describeStorage(
  "round-robin assignment",
  (open) => {
    async function team(assignment: "off" | "round-robin") {
      for (const email of [SECOND_STAFF, THIRD_STAFF, UNAVAILABLE]) await seedStaff(open.db, email);
      const staff = await staffClient(open.db, { clock: manualClock().clock });
      expect(
        (await staff.write("PATCH", `/api/admin/staff/${encodeURIComponent(UNAVAILABLE)}`, { available: false }))
          .status,
      ).toBe(200);
      expect((await staff.write("PUT", "/api/admin/settings", { assignment })).status).toBe(200);
      return staff;
    }

    async function owners(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const table of ["leads", "contacts"] as const) {
        for (const { owner } of await open.db.selectFrom(table).select("owner").execute())
          counts[String(owner)] = (counts[String(owner)] ?? 0) + 1;
      }
      return counts;
    }

    const expectFair = (counts: Record<string, number>, staff: string[], total: number) => {
      expect(Object.keys(counts).sort()).toEqual([...staff].sort());
      for (const email of staff)
        expect([Math.floor(total / staff.length), Math.ceil(total / staff.length)]).toContain(counts[email]);
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(total);
    };

    it(`deals ${TOTAL} concurrent submissions fairly among the available staff, each with an "assigned" entry by round-robin`, async () => {
      const staff = await team("round-robin");
      const app = testApp(open.db);
      await Promise.all(Array.from({ length: TOTAL }, (_, index) => submit(app, ...form(index))));
      expectFair(await owners(), [ADMIN_EMAIL, SECOND_STAFF, THIRD_STAFF], TOTAL);
      const events = await open.db
        .selectFrom("workspaceEvents")
        .select(["kind", "actor", "details", "recordId"])
        .execute();
      expect(events).toHaveLength(TOTAL);
      expect(new Set(events.map((event) => `${event.kind} by ${event.actor}`))).toEqual(
        new Set(["assigned by round-robin"]),
      );
      const [lead] = await open.db.selectFrom("leads").select(["id", "owner"]).limit(1).execute();
      expect(JSON.parse(events.find((event) => event.recordId === lead!.id)!.details)).toEqual({
        from: null,
        to: lead!.owner,
      });
      // Newsletter subscriptions are nobody's.
      await submit(app, "/api/newsletter", { email: "reader@example.com" });
      expect(await open.db.selectFrom("workspaceEvents").select("id").execute()).toHaveLength(TOTAL);
      // The cursor survives: the next record goes to whoever is next after the last one.
      expect((await staff.read<{ assignment: string }>("/api/admin/settings")).assignment).toBe("round-robin");
    }, 60_000);

    it("keeps dealing in turn from where it stopped, skipping who is not available", async () => {
      await team("round-robin");
      const app = testApp(open.db);
      const dealt: string[] = [];
      for (let index = 0; index < 7; index++) {
        const [path, body] = form(index);
        const id = await submit(app, path, body);
        const table = path === "/api/contacts" ? "contacts" : "leads";
        dealt.push(
          String(
            (await open.db.selectFrom(table).select("owner").where("id", "=", id).executeTakeFirstOrThrow()).owner,
          ),
        );
      }
      // Email order: lerato, staff, thabo; away@ is skipped.
      expect(dealt).toEqual([
        THIRD_STAFF,
        ADMIN_EMAIL,
        SECOND_STAFF,
        THIRD_STAFF,
        ADMIN_EMAIL,
        SECOND_STAFF,
        THIRD_STAFF,
      ]);
    });

    it("assigns nobody while the setting is off (the default), nor when nobody is available", async () => {
      const staff = await team("off");
      const app = testApp(open.db);
      await Promise.all(Array.from({ length: 12 }, (_, index) => submit(app, ...form(index))));
      expect(await owners()).toEqual({ null: 12 });
      await staff.write("PUT", "/api/admin/settings", { assignment: "round-robin" });
      for (const email of [ADMIN_EMAIL, SECOND_STAFF, THIRD_STAFF])
        await staff.write("PATCH", `/api/admin/staff/${email}`, { available: false });
      await submit(app, ...form(0));
      expect(await owners()).toEqual({ null: 13 });
      expect(await open.db.selectFrom("workspaceEvents").select("id").execute()).toEqual([]);
    });

    it("queues an assignment email to each owner when SMTP is set", async () => {
      await team("round-robin");
      const app = testApp(open.db, { config: testConfig({ smtpUrl: "smtp://127.0.0.1:2525" }) });
      await Promise.all(Array.from({ length: 6 }, (_, index) => submit(app, ...form(index))));
      const emails = await open.db
        .selectFrom("outbox")
        .select(["recipient", "recordId"])
        .where("kind", "=", "assignment")
        .execute();
      expect(emails).toHaveLength(6);
      const owners = new Map<string, string | null>();
      for (const table of ["leads", "contacts"] as const)
        for (const row of await open.db.selectFrom(table).select(["id", "owner"]).execute())
          owners.set(row.id, row.owner);
      for (const email of emails) expect(email.recipient).toBe(owners.get(email.recordId));
    });

    // A SQLite file serves one process: only PostgreSQL has a second instance to test.
    if (open.name === "postgres")
      it(`stays fair with two server instances on one PostgreSQL, ${TOTAL} submissions between them`, async () => {
        await team("round-robin");
        // The second instance: its own pool and its own group-commit writer, like another process.
        const second: Db = connectDatabase(open.url, { searchPath: open.schema! });
        try {
          const apps = [testApp(open.db), testApp(second)];
          await Promise.all(Array.from({ length: TOTAL }, (_, index) => submit(apps[index % 2]!, ...form(index))));
          expectFair(await owners(), [ADMIN_EMAIL, SECOND_STAFF, THIRD_STAFF], TOTAL);
        } finally {
          await second.destroy();
        }
      }, 60_000);
  },
  { admin: true },
);
