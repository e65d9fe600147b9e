import { Hono, type Context } from "hono";
import { BRAND } from "../../src/config/brand";
import { emailField } from "../../src/domain/field-validators";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requestContext } from "../http/request-context";
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

/** The address is parsed like the forms parse it (trimmed, lower-cased), so it matches what they stored. */
function readEmail(c: Context<AdminEnv>): Parsed {
  const parsed = emailField.safeParse(c.req.query("email") ?? "");
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, response: c.json({ error: "validation", fields: { email: parsed.error.issues[0]?.message ?? "Enter a valid email address" } }, 400) };
}

const actorOf = (c: Context<AdminEnv>, trustProxy: number): Actor => ({ email: c.get("admin").email, ...requestContext(c, trustProxy) });

/**
 * /api/admin/subjects: data-subject requests by exact email address. GET lists what is stored, GET
 * /export downloads all of it as JSON, DELETE erases it (same-origin JSON like every admin write).
 */
export function adminSubjectsRoutes({ db, clock, keys, feed, trustProxy }: SubjectsDeps) {
  return new Hono<AdminEnv>()
    .get("/", describe({ tag: "Privacy", summary: "Find everything held about a data subject", access: "session", query: answer.subjectQuery, answers: { 200: { description: "What is held", schema: answer.subjectRecords } }, refusals: [400] }), async (c) => {
      const email = readEmail(c);
      if (!email.ok) return email.response;
      return c.json(await findSubject(db, keys, email.email));
    })
    .get("/export", describe({ tag: "Privacy", summary: "A subject access export (JSON download)", access: "session", query: answer.subjectQuery, answers: { 200: { description: "Everything held, as a file", media: "application/json" } }, refusals: [400] }), async (c) => {
      const email = readEmail(c);
      if (!email.ok) return email.response;
      const now = clock();
      const body = await exportSubject(db, keys, email.email, actorOf(c, trustProxy), now);
      return c.body(JSON.stringify(body, null, 2), 200, {
        "Content-Type": "application/json; charset=utf-8",
        // No address in the file name: downloads folders and browser histories keep it.
        "Content-Disposition": `attachment; filename="${BRAND.name.toLowerCase()}-subject-export-${now.toISOString().slice(0, 10)}.json"`,
      });
    })
    .delete("/", describe({ tag: "Privacy", summary: "Erase a data subject", access: "session", query: answer.subjectQuery, answers: { 200: { description: "What was erased", schema: answer.erasureResult } }, refusals: [400] }), async (c) => {
      const email = readEmail(c);
      if (!email.ok) return email.response;
      const result = await eraseSubject(db, keys, email.email, actorOf(c, trustProxy), clock());
      // Open dashboards drop nothing by themselves; a wake-up makes them re-read (deleted rows are skipped).
      feed.announce();
      return c.json(result);
    });
}
