import { sql } from "kysely";
import { expect, it } from "vitest";
import type { ListPage, MatchCount } from "../../src/domain/admin";
import { BULK_MAX } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { staffClient } from "../test-support/workspace";

// GET /api/admin/{collection}/count: how many records match a list's filters (the same q, status, type
// and owner), counted up to BULK_MAX, for the bulk bar's "Select all 237 matching" or "More than 1,000
// match".

describeStorage(
  "the count of matching records",
  (open) => {
    const client = () => staffClient(open.db, { clock: manualClock("2025-05-02T09:00:00.000Z").clock });

    it("counts what the list with the same filters holds, the owner filter included", async () => {
      await seedLead(open.db, "l-1", minute(1), { email: "ama@karoo.example" });
      await seedLead(open.db, "l-2", minute(2), { email: "ben@accra.example" }, "demo");
      await seedLead(open.db, "l-3", minute(3), { email: "cleo@karoo.example" }, "demo");
      await seedContact(open.db, "c-1", minute(4));
      await seedSubscriber(open.db, "n-1", minute(5), "reader@example.com");
      await open.db
        .updateTable("leads")
        .set({ owner: ADMIN_EMAIL, status: "contacted" })
        .where("id", "=", "l-3")
        .execute();
      const staff = await client();
      const count = (query: string) => staff.read<MatchCount>(`/api/admin/leads/count${query}`);
      const listed = async (query: string) =>
        (await staff.read<ListPage<"leads">>(`/api/admin/leads${query}`)).items.length;
      for (const query of [
        "",
        "?type=demo",
        "?status=contacted",
        "?q=KAROO",
        "?owner=me",
        "?owner=none",
        "?owner=none&type=demo",
        "?q=nobody",
      ]) {
        expect(await count(query), query).toEqual({ count: await listed(query), more: false });
      }
      expect(await count("?type=demo")).toEqual({ count: 2, more: false });
      expect(await staff.read<MatchCount>("/api/admin/contacts/count?owner=none")).toEqual({ count: 1, more: false });
      expect(await staff.read<MatchCount>("/api/admin/newsletter/count?status=subscribed")).toEqual({
        count: 1,
        more: false,
      });
    });

    it(`stops at ${BULK_MAX.toLocaleString("en")}, saying whether more match`, async () => {
      const insert = (from: number, to: number) =>
        sql`with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(to)})
      insert into contacts (id, first_name, last_name, email, message, status, bot_check, created_at)
      select 'c' || i, 'F', 'L', 'p' || i || '@example.com', 'Hello', case when i % 2 = 0 then 'new' else 'closed' end, 'skipped', '2025-01-01T00:00:00.000Z' from n`.execute(
          open.db,
        );
      await insert(1, BULK_MAX);
      const staff = await client();
      expect(await staff.read<MatchCount>("/api/admin/contacts/count")).toEqual({ count: BULK_MAX, more: false });
      await insert(BULK_MAX + 1, BULK_MAX + 1);
      expect(await staff.read<MatchCount>("/api/admin/contacts/count")).toEqual({ count: BULK_MAX, more: true });
      expect(await staff.read<MatchCount>("/api/admin/contacts/count?status=new")).toEqual({
        count: BULK_MAX / 2,
        more: false,
      });
    });

    it("answers a filter the collection does not have with 400 naming it", async () => {
      const staff = await client();
      expect(await staff.read("/api/admin/newsletter/count?owner=me", 400)).toEqual({
        error: "validation",
        fields: { owner: expect.any(String) },
      });
      expect(await staff.read("/api/admin/contacts/count?type=demo", 400)).toEqual({
        error: "validation",
        fields: { type: expect.any(String) },
      });
      expect(await staff.read("/api/admin/leads/count?status=subscribed&owner=x", 400)).toEqual({
        error: "validation",
        fields: { status: expect.any(String), owner: expect.any(String) },
      });
      expect(await staff.read(`/api/admin/leads/count?q=${"x".repeat(201)}`, 400)).toEqual({
        error: "validation",
        fields: { q: expect.any(String) },
      });
    });
  },
  { admin: true },
);
