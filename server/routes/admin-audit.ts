import { Hono } from "hono";
import type { AuditPage } from "../../src/domain/privacy";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../src/domain/admin";
import { listAudit, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

/** GET /api/admin/audit?limit=&cursor=: newest first; the cursor is the last entry's id. Read-only by design. */
export function adminAuditRoutes(db: Db) {
  return new Hono<AdminEnv>().get(
    "/",
    describe({
      tag: "Privacy",
      summary: "The audit log, newest first",
      access: "session",
      query: answer.auditQuery,
      answers: {
        200: {
          description: "One page of entries",
          schema: z.object({ items: z.array(answer.auditEntry), nextCursor: z.string().nullable() }),
        },
      },
      refusals: [400],
    }),
    async (c) => {
      const fields: Record<string, string> = {};
      const rawLimit = c.req.query("limit");
      const limit =
        rawLimit === undefined || rawLimit === ""
          ? DEFAULT_PAGE_SIZE
          : /^\d{1,6}$/.test(rawLimit)
            ? Number(rawLimit)
            : NaN;
      if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) fields.limit = `Use a whole number from 1 to ${MAX_PAGE_SIZE}`;
      const rawCursor = c.req.query("cursor");
      const before = rawCursor ? (/^\d{1,15}$/.test(rawCursor) ? Number(rawCursor) : NaN) : null;
      if (Number.isNaN(before)) fields.cursor = "Malformed cursor";
      if (Object.keys(fields).length > 0) return c.json({ error: "validation", fields }, 400);

      const rows = await listAudit(db, { limit: limit + 1, before });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const page: AuditPage = { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
      return c.json(page);
    },
  );
}
