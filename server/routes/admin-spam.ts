import { Hono, type Context } from "hono";
import { parseBlocklistEntry, SPAM_VERDICTS } from "../../src/domain/spam";
import { fieldErrors } from "../../src/domain/schemas";
import type { Clock } from "../clock";
import { addBlocklistEntry, appendAudit, decideSpam, listBlocklist, removeBlocklistEntry, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requireCapability } from "../auth/roles";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

// Staff decisions on the spam score (src/domain/spam.ts, docs/decisions/0030-spam-score.md):
//
// - POST /api/admin/{leads|contacts}/{id}/spam {verdict: "spam" | "not-spam"}: anyone who works records
//   (admins and sales). "not-spam" restores a record and sends what it missed; "spam" holds it.
// - GET /api/admin/spam/blocklist: the addresses and domains whose submissions score as spam; everyone
//   who works records may read it, to see why a record was held.
// - POST /api/admin/spam/blocklist {entry}, DELETE /api/admin/spam/blocklist/{entry}: admins only (the
//   "settings" capability): the blocklist decides for every future submission, like a setting.

export interface SpamRoutesDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  feed: ChangeFeed;
  trustProxy: number;
  wakeOutbox: () => void;
  /** Staff alerts are on: a "Not spam" sends the one the record missed. */
  alerts: boolean;
  notifyOwners: boolean;
}

const actorOf = (c: Context<AdminEnv>, trustProxy: number) => ({
  email: c.get("admin").email,
  ...requestContext(c, trustProxy),
});

const verdictBody = z.strictObject({
  verdict: z.enum(SPAM_VERDICTS, { error: `Use one of ${SPAM_VERDICTS.join(", ")}` }),
});
// The entry's own rules (an address or a domain) are parseBlocklistEntry's, which names what is wrong.
const entryBody = z.strictObject({
  entry: z.string({ error: "Required" }).describe("An email address, or a domain (covers its subdomains)"),
});

/** POST /{id}/spam for one collection, mounted beside its other record routes. */
export function adminSpamDecisionRoutes(
  collection: "leads" | "contacts",
  { db, clock, feed, trustProxy, wakeOutbox, alerts, notifyOwners }: SpamRoutesDeps,
) {
  return new Hono<AdminEnv>().post(
    "/:id/spam",
    describe({
      tag: "Records",
      summary: `Mark a ${collection} record spam, or not spam`,
      access: "session",
      body: verdictBody,
      answers: { 200: { description: "The record as it is now", schema: answer.recordOf(collection) } },
      refusals: [404],
    }),
    pathKey("id"),
    limitBody,
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = verdictBody.safeParse(body.value);
      if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
      const outcome = await decideSpam(db, {
        collection,
        id: c.req.param("id"),
        verdict: parsed.data.verdict,
        actor: actorOf(c, trustProxy),
        now: clock(),
        alerts,
        notifyOwners,
      });
      if (!outcome.found) return c.json({ error: "not-found" }, 404);
      if (outcome.changed) feed.announce();
      if (outcome.queuedMail) wakeOutbox();
      return c.json(outcome.record);
    },
  );
}

/** /api/admin/spam: the blocklist. */
export function adminSpamRoutes({ db, reader, clock, trustProxy }: SpamRoutesDeps) {
  const audit = (c: Context<AdminEnv>, at: Date) => ({
    actor: c.get("admin").email,
    ...requestContext(c, trustProxy),
    at,
  });
  return new Hono<AdminEnv>()
    .get(
      "/blocklist",
      describe({
        tag: "Settings",
        summary: "The spam blocklist",
        access: "session",
        answers: { 200: { description: "Its entries", schema: z.object({ items: z.array(answer.blocklistEntry) }) } },
      }),
      requireCapability("records"),
      async (c) => c.json({ items: await listBlocklist(reader) }),
    )
    .post(
      "/blocklist",
      describe({
        tag: "Settings",
        summary: "Block an address or a domain",
        access: "session",
        body: entryBody,
        answers: { 201: { description: "Added", schema: answer.blocklistEntry } },
        refusals: [409],
      }),
      requireCapability("settings"),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const shape = entryBody.safeParse(body.value);
        if (!shape.success) return c.json({ error: "validation", fields: fieldErrors(shape.error) }, 400);
        const parsed = parseBlocklistEntry(shape.data.entry);
        if (!parsed.ok) return c.json({ error: "validation", fields: { entry: parsed.error } }, 400);
        const now = clock();
        const entry = {
          entry: parsed.entry,
          kind: parsed.kind,
          addedBy: c.get("admin").email,
          createdAt: now.toISOString(),
        };
        const added = await db.transaction().execute(async (trx) => {
          const fresh = await addBlocklistEntry(trx, entry);
          if (fresh)
            await appendAudit(trx as unknown as Db, {
              ...audit(c, now),
              action: "spam.blocklist-add",
              details: { entry: entry.entry, kind: entry.kind },
            });
          return fresh;
        });
        return added
          ? c.json(entry, 201)
          : c.json({ error: "validation", fields: { entry: "Already on the blocklist" } }, 409);
      },
    )
    .delete(
      "/blocklist/:entry",
      describe({
        tag: "Settings",
        summary: "Unblock an address or a domain",
        access: "session",
        answers: { 204: { description: "Removed", schema: null } },
        refusals: [400, 404],
      }),
      requireCapability("settings"),
      async (c) => {
        const parsed = parseBlocklistEntry(c.req.param("entry"));
        if (!parsed.ok) return c.json({ error: "validation", fields: { entry: parsed.error } }, 400);
        const now = clock();
        const removed = await db.transaction().execute(async (trx) => {
          const gone = await removeBlocklistEntry(trx, parsed.entry);
          if (gone)
            await appendAudit(trx as unknown as Db, {
              ...audit(c, now),
              action: "spam.blocklist-remove",
              details: { entry: parsed.entry },
            });
          return gone;
        });
        return removed ? c.body(null, 204) : c.json({ error: "not-found" }, 404);
      },
    );
}
