import { Hono, type Context } from "hono";
import { z } from "zod";
import { fieldErrors } from "../../src/domain/schemas";
import { ASSIGNMENT_MODES } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import { appendAudit, readSettings, saveSettings, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requireCapability } from "../auth/roles";
import { limitBody, readJsonBody } from "../http/json-body";
import { requestContext } from "../http/request-context";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

// The workspace's settings: round-robin on or off. Every staff account may read them; changing them
// needs the "settings" capability (admins). Who takes part in round-robin is in admin-staff.ts.

export interface WorkspaceDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  trustProxy: number;
}

const settingsBody = z.strictObject({
  assignment: z.enum(ASSIGNMENT_MODES, { error: `Use one of ${ASSIGNMENT_MODES.join(", ")}` }),
});

const audit = (c: Context<AdminEnv>, trustProxy: number, at: Date) => ({
  actor: c.get("admin").email,
  ...requestContext(c, trustProxy),
  at,
});

/** GET and PUT /api/admin/settings {assignment}. */
export function adminSettingsRoutes({ db, reader, clock, trustProxy }: WorkspaceDeps) {
  return new Hono<AdminEnv>()
    .get(
      "/",
      describe({
        tag: "Settings",
        summary: "The workspace settings",
        access: "session",
        answers: { 200: { description: "The settings", schema: answer.settings } },
      }),
      requireCapability("records"),
      async (c) => c.json(await readSettings(reader)),
    )
    .put(
      "/",
      describe({
        tag: "Settings",
        summary: "Change the workspace settings",
        access: "session",
        body: settingsBody,
        answers: { 200: { description: "The settings", schema: answer.settings } },
      }),
      requireCapability("settings"),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = settingsBody.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const now = clock();
        const saved = await db.transaction().execute(async (trx) => {
          const settings = await saveSettings(trx, parsed.data, now);
          await appendAudit(trx, { ...audit(c, trustProxy, now), action: "settings.update", details: { ...settings } });
          return settings;
        });
        return c.json(saved);
      },
    );
}
