import { Hono, type Context } from "hono";
import { z } from "zod";
import { fieldErrors } from "../../src/domain/schemas";
import { ASSIGNMENT_MODES } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import { appendAudit, listStaff, readSettings, saveSettings, setStaffAvailable, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";

// The workspace's team settings: round-robin on or off, and who takes part in it. Any signed-in staff
// member may change them for now; the staff-team issue adds roles.

export interface WorkspaceDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  trustProxy: number;
}

const settingsBody = z.strictObject({ assignment: z.enum(ASSIGNMENT_MODES, { error: `Use one of ${ASSIGNMENT_MODES.join(", ")}` }) });
const availabilityBody = z.strictObject({ available: z.boolean({ error: "Use true or false" }) });

const audit = (c: Context<AdminEnv>, trustProxy: number, at: Date) => ({ actor: c.get("admin").email, ...requestContext(c, trustProxy), at });

/** GET and PUT /api/admin/settings {assignment}. */
export function adminSettingsRoutes({ db, reader, clock, trustProxy }: WorkspaceDeps) {
  return new Hono<AdminEnv>()
    .get("/", async (c) => c.json(await readSettings(reader)))
    .put("/", limitBody, async (c) => {
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
    });
}

/** GET /api/admin/staff (every account, for owner pickers) and PATCH /api/admin/staff/{email} {available}. */
export function adminStaffRoutes({ db, reader, clock, trustProxy }: WorkspaceDeps) {
  return new Hono<AdminEnv>()
    .get("/", async (c) => c.json(await listStaff(reader)))
    .patch("/:email", pathKey("email"), limitBody, async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = availabilityBody.safeParse(body.value);
      if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
      const now = clock();
      const member = await db.transaction().execute(async (trx) => {
        const changed = await setStaffAvailable(trx, c.req.param("email"), parsed.data.available);
        if (changed) await appendAudit(trx, { ...audit(c, trustProxy, now), action: "staff.available", details: { ...changed } });
        return changed;
      });
      if (!member) return c.json({ error: "not-found" }, 404);
      return c.json(member);
    });
}
