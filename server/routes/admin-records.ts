import { Hono } from "hono";
import type { ListPage, MatchCount } from "../../src/domain/admin";
import { toE164 } from "../../src/domain/phone";
import type { Collection } from "../../src/domain/status";
import { BULK_MAX, type RecordDetail, type RecordWithPerson } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import {
  countRecords,
  findPerson,
  findRecordWithConsent,
  latestPosition,
  listRecords,
  personIdFor,
  personRecordCounts,
  readPersonView,
  type Db,
} from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { canRead } from "../auth/roles";
import { FORBIDDEN } from "../../src/domain/staff";
import { encodeCursor, parseListFilters, parseListQuery } from "../http/list-query";
import { pathKey } from "../http/path-key";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

export interface RecordsDeps {
  db: Db;
  /** Lists and records read here (see connectReader). */
  reader: Db;
  clock: Clock;
}

/**
 * GET /api/admin/{collection} (one keyset page, with the "3 records" counts of the people on it),
 * GET /api/admin/{collection}/count (how many match the same filters, up to BULK_MAX: the bulk bar's
 * "Select all 237 matching") and GET /api/admin/{collection}/{id} (one record in full, for the record panel).
 */
export function adminRecordsRoutes(collection: Collection, { db, reader, clock }: RecordsDeps) {
  return (
    new Hono<AdminEnv>()
      .get(
        "/",
        describe({
          tag: "Records",
          summary: `List ${collection} records, newest first`,
          access: "records:read",
          query: answer.listQuery(collection),
          answers: { 200: { description: "One page", schema: answer.listPage(collection) } },
          refusals: [400],
        }),
        async (c) => {
          const parsed = parseListQuery(collection, c.req.query(), { me: c.get("admin").email });
          if (!parsed.ok) return c.json({ error: "validation", fields: parsed.fields }, 400);
          const { filters, after, limit } = parsed.value;
          // Read before the rows: a change after it may or may not be in them, and replaying it is harmless.
          const position = await latestPosition(reader);
          // One extra row says whether another page exists, so the last page carries no dangling cursor.
          const rows = await listRecords(reader, collection, { filters, after, limit: limit + 1 });
          const items = rows.slice(0, limit);
          const last = items.at(-1);
          const personRecords = await personRecordCounts(reader, [...new Set(items.map((item) => item.email))]);
          const page: ListPage<typeof collection> = {
            items,
            nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
            position,
            personRecords,
          };
          return c.json(page);
        },
      )
      // Before /:id, which would take "count" for a record id.
      .get(
        "/count",
        describe({
          tag: "Records",
          summary: `Count matching ${collection} records (up to the bulk limit)`,
          access: "records:read",
          query: answer.listFilters(collection),
          answers: { 200: { description: "The count", schema: answer.matchCount } },
          refusals: [400],
        }),
        async (c) => {
          const parsed = parseListFilters(collection, c.req.query(), { me: c.get("admin").email });
          if (!parsed.ok) return c.json({ error: "validation", fields: parsed.fields }, 400);
          // One past the cap says whether more match.
          const counted = await countRecords(reader, collection, parsed.value, BULK_MAX + 1);
          const answer: MatchCount = { count: Math.min(counted, BULK_MAX), more: counted > BULK_MAX };
          return c.json(answer);
        },
      )
      .get(
        "/:id",
        describe({
          tag: "Records",
          summary: `One ${collection} record in full`,
          access: "records:read",
          query: z.object({
            with: z
              .literal("person")
              .optional()
              .describe(
                "person: add the person's records, notes and timeline (a staff session's only: an API token gets 403)",
              ),
          }),
          answers: { 200: { description: "The record", schema: answer.recordDetail(collection) } },
          refusals: [400, 404],
        }),
        pathKey("id"),
        async (c) => {
          // ?with=person: the person's records and timeline come in the same answer (the record panel's
          // one read, instead of the record and then the person).
          const withPerson = c.req.query("with");
          if (withPerson !== undefined && withPerson !== "person")
            return c.json({ error: "validation", fields: { with: 'Only "person"' } }, 400);
          // The person view embedded is the person route's own (notes, timeline): the same rule decides, and a
          // caller it refuses is refused here too, rather than answered without it (decision 0044).
          if (withPerson !== undefined && !canRead(c, "people"))
            return c.json(
              {
                ...FORBIDDEN,
                message:
                  "This caller may not read the person view (records, notes and timeline): ask without ?with=person.",
              },
              403,
            );
          // The person is looked up while the consent is read: the panel waits for both.
          const found = await findRecordWithConsent(reader, collection, c.req.param("id"), (record) =>
            personIdFor(db, reader, record.email, clock()),
          );
          if (!found) return c.json({ error: "not-found" }, 404);
          const { record, consent, alongside: personId } = found;
          const detail: RecordDetail<typeof collection> = {
            ...record,
            personId,
            phoneE164: "phone" in record ? toE164(record.phone) : null,
            consent,
          };
          if (withPerson === undefined) return c.json(detail);
          const person = await findPerson(reader, personId);
          if (!person) return c.json({ error: "not-found" }, 404);
          const answer: RecordWithPerson<typeof collection> = {
            ...detail,
            person: await readPersonView(reader, person),
          };
          return c.json(answer);
        },
      )
  );
}
