import { Hono } from "hono";
import { findPerson, readPersonView, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requireRead } from "../auth/roles";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

/**
 * GET /api/admin/people/{personId}: the person's records across the three collections and their timeline,
 * newest first. Who may read it is canRead(c, "people"), asked too where a record's answer embeds it.
 */
export function adminPeopleRoutes(reader: Db) {
  return new Hono<AdminEnv>().get(
    "/:personId",
    describe({
      tag: "People",
      summary: "A person: every record with their email, and their timeline",
      access: "session",
      answers: { 200: { description: "The person", schema: answer.personView } },
      refusals: [404],
    }),
    requireRead("people"),
    async (c) => {
      const id = c.req.param("personId");
      // Ids are UUIDs; anything else (a NUL is a 500 on PostgreSQL) names nobody.
      const person = /^[0-9a-f-]{36}$/.test(id) ? await findPerson(reader, id) : undefined;
      if (!person) return c.json({ error: "not-found" }, 404);
      return c.json(await readPersonView(reader, person));
    },
  );
}
