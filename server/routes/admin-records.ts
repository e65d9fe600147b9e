import { Hono } from "hono";
import { z } from "zod";
import type { ListPage } from "../../src/domain/admin";
import type { Collection } from "../../src/domain/status";
import type { Clock } from "../clock";
import { appendAudit, COLLECTION_SPECS, latestPosition, listRecords, updateRecordStatus, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody } from "../http/json-body";
import { encodeCursor, parseListQuery } from "../http/list-query";
import { requestContext } from "../http/request-context";
import type { PrivacyKeys } from "../privacy/keys";
import { recordOptOut } from "../privacy/unsubscribe";

export interface RecordsDeps {
  db: Db;
  /** Lists read here (see connectReader). */
  reader: Db;
  clock: Clock;
  feed: ChangeFeed;
  keys: PrivacyKeys;
  trustProxy: number;
}

const statusBody = z.object({ status: z.string({ error: "Required" }) });

/** GET /api/admin/{collection} (one keyset page) and PATCH /api/admin/{collection}/{id} ({status}). */
export function adminRecordsRoutes(collection: Collection, { db, reader, clock, feed, keys, trustProxy }: RecordsDeps) {
  const spec = COLLECTION_SPECS[collection];
  return new Hono<AdminEnv>()
    .get("/", async (c) => {
      const parsed = parseListQuery(collection, c.req.query());
      if (!parsed.ok) return c.json({ error: "validation", fields: parsed.fields }, 400);
      const { filters, after, limit } = parsed.value;
      // Read before the rows: a change after it may or may not be in them, and replaying it is harmless.
      const position = await latestPosition(reader);
      // One extra row says whether another page exists, so the last page carries no dangling cursor.
      const rows = await listRecords(reader, collection, { filters, after, limit: limit + 1 });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const page: ListPage<typeof collection> = { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null, position };
      return c.json(page);
    })
    .patch("/:id", limitBody, async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = statusBody.safeParse(body.value);
      const status = parsed.success ? parsed.data.status : undefined;
      if (status === undefined || !spec.settableStatuses.includes(status)) {
        return c.json({ error: "validation", fields: { status: `Use one of ${spec.settableStatuses.join(", ")}` } }, 400);
      }
      const now = clock();
      const context = requestContext(c, trustProxy);
      const update = await updateRecordStatus(db, collection, c.req.param("id"), status, now, async (trx, { record, previousStatus }) => {
        // Staff unsubscribing someone (on their request by phone or email) is an opt-out like the link.
        if (collection === "newsletter" && status === "unsubscribed" && previousStatus === "subscribed") {
          await recordOptOut(trx, { subscription: record, keys, source: "admin", context, at: now.toISOString() });
        }
        await appendAudit(trx, {
          actor: c.get("admin").email,
          action: "record.status",
          details: { collection, id: record.id, from: previousStatus, to: status },
          ...context,
          at: now,
        });
      });
      if (!update) return c.json({ error: "not-found" }, 404);
      feed.announce();
      return c.json(update.record);
    });
}
