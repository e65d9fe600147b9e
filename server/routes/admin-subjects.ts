import { Hono, type Context } from "hono";
import { BRAND } from "../../src/config/brand";
import { subjectRequest } from "../../src/domain/privacy";
import { fieldErrors } from "../../src/domain/schemas";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requestContext } from "../http/request-context";
import { limitBody, readJsonBody } from "../http/json-body";
import type { ChangeFeed } from "../events/change-feed";
import type { PrivacyKeys } from "../privacy/keys";
import { eraseSubject, exportSubject, findSubject, type Actor } from "../privacy/subjects";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface SubjectsDeps {
  db: Db;
  clock: Clock;
  keys: PrivacyKeys;
  feed: ChangeFeed;
  trustProxy: number;
}

type Parsed = { ok: true; email: string } | { ok: false; response: Response };

/** The address from the JSON body `{"email"}` (src/domain/privacy.ts); 400 naming the field otherwise. */
async function readEmail(c: Context<AdminEnv>): Promise<Parsed> {
  const body = await readJsonBody(c);
  if (!body.ok) return body;
  const parsed = subjectRequest.safeParse(body.value);
  if (parsed.success) return { ok: true, email: parsed.data.email };
  return { ok: false, response: c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400) };
}

const actorOf = (c: Context<AdminEnv>, trustProxy: number): Actor => ({
  email: c.get("admin").email,
  ...requestContext(c, trustProxy),
});

/**
 * /api/admin/subjects: data-subject requests by exact email address, the address always in a JSON body
 * (decision 0046): POST /lookup lists what is stored, POST /export downloads all of it as JSON, POST
 * /erase erases it. Same-origin JSON like every staff write. The old query forms (GET and DELETE
 * /subjects?email=, GET /subjects/export?email=) are not routes any more: they answer 404 like any
 * unknown API path, and nothing reads their query.
 */
export function adminSubjectsRoutes({ db, clock, keys, feed, trustProxy }: SubjectsDeps) {
  const body = subjectRequest;
  return new Hono<AdminEnv>()
    .post(
      "/lookup",
      describe({
        tag: "Privacy",
        summary: "Find everything held about a data subject (audited)",
        access: "session",
        body,
        answers: { 200: { description: "What is held", schema: answer.subjectRecords } },
        refusals: [400],
      }),
      limitBody,
      async (c) => {
        const email = await readEmail(c);
        if (!email.ok) return email.response;
        return c.json(await findSubject(db, keys, email.email, actorOf(c, trustProxy), clock()));
      },
    )
    .post(
      "/export",
      describe({
        tag: "Privacy",
        summary: "A subject access export (JSON download)",
        access: "session",
        body,
        answers: { 200: { description: "Everything held, as a file", media: "application/json" } },
        refusals: [400],
      }),
      limitBody,
      async (c) => {
        const email = await readEmail(c);
        if (!email.ok) return email.response;
        const now = clock();
        const exported = await exportSubject(db, keys, email.email, actorOf(c, trustProxy), now);
        return c.body(JSON.stringify(exported, null, 2), 200, {
          "Content-Type": "application/json; charset=utf-8",
          // No address in the file name: downloads folders and browser histories keep it.
          "Content-Disposition": `attachment; filename="${BRAND.name.toLowerCase()}-subject-export-${now.toISOString().slice(0, 10)}.json"`,
        });
      },
    )
    .post(
      "/erase",
      describe({
        tag: "Privacy",
        summary: "Erase a data subject",
        access: "session",
        body,
        answers: { 200: { description: "What was erased", schema: answer.erasureResult } },
        refusals: [400],
      }),
      limitBody,
      async (c) => {
        const email = await readEmail(c);
        if (!email.ok) return email.response;
        const result = await eraseSubject(db, keys, email.email, actorOf(c, trustProxy), clock());
        // Open dashboards drop nothing by themselves; a wake-up makes them re-read (deleted rows are skipped).
        feed.announce();
        return c.json(result);
      },
    );
}
