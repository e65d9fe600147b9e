import { Hono, type Context } from "hono";
import type { Collection } from "../../src/domain/status";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import type { PrivacyKeys } from "../privacy/keys";
import { bulkChangeBody, checkBulkChange, checkRecordChange, recordChangeBody } from "../workspace/change-request";
import { applyRecordChange, type StaffActor } from "../workspace/record-changes";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface RecordChangesDeps {
  db: Db;
  clock: Clock;
  feed: ChangeFeed;
  keys: PrivacyKeys;
  trustProxy: number;
  /** Email new owners (SMTP is configured). */
  notifyOwners: boolean;
  wakeOutbox: () => void;
}

/** How many unknown ids a refusal names: enough to find them, not a wall of text. */
const NAMED_IDS = 5;

const actorOf = (c: Context<AdminEnv>, trustProxy: number): StaffActor => ({
  email: c.get("admin").email,
  ...requestContext(c, trustProxy),
});

/**
 * PATCH /api/admin/{collection}/{id} ({status}, {owner} or both) and POST /api/admin/{collection}/bulk
 * ({ids, status?, owner?}: all or nothing). Open dashboards hear of every changed record.
 */
export function adminRecordChangesRoutes(
  collection: Collection,
  { db, clock, feed, keys, trustProxy, notifyOwners, wakeOutbox }: RecordChangesDeps,
) {
  const deps = { db, keys, notifyOwners };
  const after = (queuedMail: boolean) => {
    feed.announce();
    if (queuedMail) wakeOutbox();
  };
  return new Hono<AdminEnv>()
    .post(
      "/bulk",
      describe({
        tag: "Records",
        summary: `Change the status or owner of many ${collection} records`,
        description: "All or nothing: an unknown id changes none.",
        access: "records:write",
        body: bulkChangeBody,
        answers: { 200: { description: "How many changed", schema: answer.bulkResult } },
      }),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const checked = await checkBulkChange(db, collection, body.value);
        if (!checked.ok) return c.json({ error: "validation", fields: checked.fields }, 400);
        const { ids, change } = checked.value;
        const result = await applyRecordChange(deps, collection, ids, change, actorOf(c, trustProxy), clock());
        if (!result.ok) {
          const named = result.missing.slice(0, NAMED_IDS).join(", ");
          const more = result.missing.length > NAMED_IDS ? ` and ${result.missing.length - NAMED_IDS} more` : "";
          return c.json(
            {
              error: "validation",
              fields: { ids: `No ${collection} record has the id ${named}${more}; nothing was changed` },
            },
            400,
          );
        }
        after(result.queuedMail);
        return c.json({ updated: result.records.length });
      },
    )
    .patch(
      "/:id",
      describe({
        tag: "Records",
        summary: `Change a ${collection} record's status or owner`,
        access: "records:write",
        body: recordChangeBody,
        answers: { 200: { description: "The record as it is now", schema: answer.recordOf(collection) } },
        refusals: [404],
      }),
      pathKey("id"),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const checked = await checkRecordChange(db, collection, body.value);
        if (!checked.ok) return c.json({ error: "validation", fields: checked.fields }, 400);
        const result = await applyRecordChange(
          deps,
          collection,
          [c.req.param("id")],
          checked.value,
          actorOf(c, trustProxy),
          clock(),
        );
        if (!result.ok) return c.json({ error: "not-found" }, 404);
        after(result.queuedMail);
        return c.json(result.records[0]);
      },
    );
}
