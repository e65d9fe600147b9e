import { Hono, type Context } from "hono";
import { z } from "zod";
import { fieldErrors } from "../../src/domain/schemas";
import type { Collection } from "../../src/domain/status";
import { NOTE_DELETE_WINDOW_MS, NOTE_MAX_LENGTH } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import { addNote, appendAudit, deleteNote, findNote, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface NotesDeps {
  db: Db;
  clock: Clock;
  feed: ChangeFeed;
  trustProxy: number;
}

// Plain text, trimmed; the body's words never reach the audit log (only which note on which record).
const noteBody = z.strictObject({
  body: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH.toLocaleString("en")} characters`),
});

const audit = (c: Context<AdminEnv>, trustProxy: number, at: Date) => ({
  actor: c.get("admin").email,
  ...requestContext(c, trustProxy),
  at,
});

/** POST /api/admin/{collection}/{id}/notes {body}: 201 the note. */
export function adminRecordNotesRoutes(collection: Collection, { db, clock, feed, trustProxy }: NotesDeps) {
  return new Hono<AdminEnv>().post(
    "/:id/notes",
    describe({
      tag: "Notes",
      summary: `Add a note to a ${collection} record`,
      access: "session",
      body: noteBody,
      answers: { 201: { description: "The note", schema: answer.note } },
      refusals: [404],
    }),
    pathKey("id"),
    limitBody,
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = noteBody.safeParse(body.value);
      if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
      const now = clock();
      const author = c.get("admin").email;
      const note = await db.transaction().execute(async (trx) => {
        const added = await addNote(trx, collection, c.req.param("id"), { body: parsed.data.body, author, now });
        if (added)
          await appendAudit(trx, {
            ...audit(c, trustProxy, now),
            action: "note.add",
            details: { collection, id: added.recordId, noteId: added.id },
          });
        return added;
      });
      if (!note) return c.json({ error: "not-found" }, 404);
      feed.announce();
      return c.json(note, 201);
    },
  );
}

/** DELETE /api/admin/notes/{id}: only its author, within NOTE_DELETE_WINDOW_MS of writing it (403 otherwise). */
export function adminNotesRoutes({ db, clock, feed, trustProxy }: NotesDeps) {
  return new Hono<AdminEnv>().delete(
    "/:id",
    describe({
      tag: "Notes",
      summary: "Delete one's own note, within 15 minutes",
      access: "session",
      answers: { 204: { description: "Deleted", schema: null } },
      refusals: [404],
    }),
    pathKey("id"),
    async (c) => {
      const now = clock();
      const by = c.get("admin").email;
      const outcome = await db.transaction().execute(async (trx) => {
        const note = await findNote(trx, c.req.param("id"));
        if (!note) return "not-found" as const;
        if (note.author !== by || now.getTime() - Date.parse(note.createdAt) > NOTE_DELETE_WINDOW_MS)
          return "forbidden" as const;
        // Gone meanwhile (another tab of the author's deleted it first): as if it never was.
        if (!(await deleteNote(trx, note, { by, now }))) return "not-found" as const;
        await appendAudit(trx, {
          ...audit(c, trustProxy, now),
          action: "note.delete",
          details: { collection: note.collection, id: note.recordId, noteId: note.id },
        });
        return "deleted" as const;
      });
      if (outcome !== "deleted") return c.json({ error: outcome }, outcome === "not-found" ? 404 : 403);
      feed.announce();
      return c.body(null, 204);
    },
  );
}
