import { expect, it } from "vitest";
import type { ApiToken } from "../../src/domain/api-tokens";
import type { RecordWithPerson } from "../../src/domain/workspace";
import { mintSession, send } from "../test-support/admin";
import { manualClock, testApp, validContact } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";

// The person view (a person's records, notes and timeline) needs the same right wherever it is reached
// (decision 0044, server/auth/roles.ts canRead): an API token, which GET /api/admin/people/{id} refuses,
// is refused ?with=person on a record too, and gets no note or timeline; a staff session gets both.

describeStorage(
  "the person view, on its route and embedded",
  (open) => {
    it("is refused to a records:read token through ?with=person as on its own route, and read by staff on both", async () => {
      const app = testApp(open.db, { clock: manualClock("2026-03-02T08:00:00.000Z").clock });
      const cookie = await mintSession(app, open.db);
      const created = await send(app, "POST", "/api/contacts", { body: { ...validContact, email: "ama@example.com" } });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const note = `Private ${"staff note".toUpperCase()} about Ama`;
      expect(
        (await send(app, "POST", `/api/admin/contacts/${id}/notes`, { cookie, body: { body: note } })).status,
      ).toBe(201);
      const staffView = (await (
        await send(app, "GET", `/api/admin/contacts/${id}?with=person`, { cookie })
      ).json()) as RecordWithPerson<"contacts">;
      expect(JSON.stringify(staffView.person.timeline)).toContain(note);
      expect((await send(app, "GET", `/api/admin/people/${staffView.personId}`, { cookie })).status).toBe(200);

      const minted = await send(app, "POST", "/api/admin/tokens", {
        cookie,
        body: { name: "Reader", scopes: ["records:read"] },
      });
      const { token } = (await minted.json()) as ApiToken & { token: string };
      const bearer = (path: string) => app.request(path, { headers: { Authorization: `Bearer ${token}` } });

      expect((await bearer(`/api/admin/people/${staffView.personId}`)).status).toBe(403);
      const embedded = await bearer(`/api/admin/contacts/${id}?with=person`);
      const body = await embedded.text();
      expect(embedded.status).toBe(403);
      expect(JSON.parse(body)).toMatchObject({ error: "forbidden" });
      expect(body).not.toContain(note);
      expect(body).not.toContain(`"timeline"`);
      // The record alone is what records:read gives.
      const plain = await bearer(`/api/admin/contacts/${id}`);
      expect(plain.status).toBe(200);
      expect(await plain.text()).not.toContain(note);
    });
  },
  { admin: true },
);
