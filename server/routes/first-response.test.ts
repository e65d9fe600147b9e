import { expect, it } from "vitest";
import type { DashboardStats } from "../../src/domain/admin";
import { medianFirstResponseMs } from "../db/store";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { seedContact, seedLead } from "../test-support/records";
import { staffClient } from "../test-support/workspace";

// The speed-to-lead clock: firstResponseAt is set when a lead or contact first leaves "new" or gets its
// first note, whichever comes first, and never moves after; the count cards show the median over the
// last 7 days.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeStorage(
  "first response",
  (open) => {
    async function setup(start = "2025-05-02T09:00:00.000Z") {
      const time = manualClock(start);
      const staff = await staffClient(open.db, { clock: time.clock });
      const firstResponse = async (table: "leads" | "contacts", id: string) =>
        (await open.db.selectFrom(table).select("firstResponseAt").where("id", "=", id).executeTakeFirstOrThrow())
          .firstResponseAt;
      return { time, staff, firstResponse };
    }

    it("starts when a record first leaves new, and stays put through later changes", async () => {
      const { time, staff, firstResponse } = await setup();
      await seedLead(open.db, "l-1", "2025-05-02T08:00:00.000Z");
      time.advance(12 * MINUTE);
      await staff.write("PATCH", "/api/admin/leads/l-1", { owner: ADMIN_EMAIL });
      expect(await firstResponse("leads", "l-1")).toBeNull();
      await staff.write("PATCH", "/api/admin/leads/l-1", { status: "new" });
      expect(await firstResponse("leads", "l-1")).toBeNull();
      await staff.write("PATCH", "/api/admin/leads/l-1", { status: "contacted" });
      expect(await firstResponse("leads", "l-1")).toBe("2025-05-02T09:12:00.000Z");
      for (const status of ["new", "qualified", "closed"]) {
        time.advance(HOUR);
        await staff.write("PATCH", "/api/admin/leads/l-1", { status });
      }
      await staff.write("POST", "/api/admin/leads/l-1/notes", { body: "Closed after the demo" });
      expect(await firstResponse("leads", "l-1")).toBe("2025-05-02T09:12:00.000Z");
    });

    it("starts with the first note when that comes first", async () => {
      const { time, staff, firstResponse } = await setup();
      await seedContact(open.db, "c-1", "2025-05-02T08:55:00.000Z");
      time.advance(3 * MINUTE);
      await staff.write("POST", "/api/admin/contacts/c-1/notes", { body: "Rang, no answer" });
      time.advance(HOUR);
      await staff.write("POST", "/api/admin/contacts/c-1/notes", { body: "Rang again" });
      await staff.write("PATCH", "/api/admin/contacts/c-1", { status: "contacted" });
      expect(await firstResponse("contacts", "c-1")).toBe("2025-05-02T09:03:00.000Z");
    });

    it("is not made up for a record that had left new before the clock existed", async () => {
      const { staff, firstResponse } = await setup();
      await seedLead(open.db, "old", "2025-04-01T08:00:00.000Z");
      await open.db.updateTable("leads").set({ status: "contacted" }).where("id", "=", "old").execute();
      await staff.write("PATCH", "/api/admin/leads/old", { status: "qualified" });
      expect(await firstResponse("leads", "old")).toBeNull();
    });

    it("shows the median over leads and contacts that arrived in the last 7 days and were answered", async () => {
      const now = "2025-05-10T12:00:00.000Z";
      const { staff } = await setup(now);
      const seed = async (
        table: "leads" | "contacts",
        id: string,
        createdAt: string,
        answeredAfterMs: number | null,
      ) => {
        await (table === "leads" ? seedLead : seedContact)(open.db, id, createdAt);
        const firstResponseAt =
          answeredAfterMs === null ? null : new Date(Date.parse(createdAt) + answeredAfterMs).toISOString();
        await open.db.updateTable(table).set({ firstResponseAt }).where("id", "=", id).execute();
      };
      expect((await staff.read<DashboardStats>("/api/admin/stats")).medianFirstResponseMs).toBeNull();
      await seed("leads", "l-fast", "2025-05-09T10:00:00.000Z", 4 * MINUTE);
      await seed("contacts", "c-mid", "2025-05-08T10:00:00.000Z", 12 * MINUTE + 500);
      await seed("leads", "l-slow", "2025-05-04T10:00:00.000Z", 3 * HOUR);
      await seed("leads", "l-waiting", "2025-05-10T11:00:00.000Z", null);
      // Older than 7 days: left out however slow.
      await seed("contacts", "c-old", "2025-05-03T11:59:59.999Z", 48 * HOUR);
      expect((await staff.read<DashboardStats>("/api/admin/stats")).medianFirstResponseMs).toBe(12 * MINUTE + 500);
      await seed("contacts", "c-more", "2025-05-10T09:00:00.000Z", 20 * MINUTE + 1);
      // An even count: the mean of the middle two (12:00.5 and 20:00.001).
      expect(await medianFirstResponseMs(open.db, "2025-05-03T12:00:00.000Z")).toBe(
        Math.round((12 * MINUTE + 500 + 20 * MINUTE + 1) / 2),
      );
    });
  },
  { admin: true },
);
