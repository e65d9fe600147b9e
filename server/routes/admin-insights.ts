import type { Context } from "hono";
import { defaultRange, rangeErrors } from "../../src/domain/insights";
import type { AdminEnv } from "../auth/require-session";
import type { Clock } from "../clock";
import { readInsights, type Db } from "../db/store";
import { parseOwner } from "../http/list-query";

/**
 * GET /api/admin/insights?from=YYYY-MM-DD&to=YYYY-MM-DD&owner=: the Insights tab's aggregates
 * (src/domain/insights.ts) for a range of UTC days, the last 90 by default, at most 366; `owner` as for
 * the lists. 400 naming the field for anything else.
 */
export function adminInsightsHandler({ reader, clock }: { reader: Db; clock: Clock }) {
  return async (c: Context<AdminEnv>) => {
    const query = c.req.query();
    const unknown = Object.keys(query).filter((key) => !["from", "to", "owner"].includes(key));
    const fallback = defaultRange(clock());
    const from = query.from || fallback.from;
    const to = query.to || fallback.to;
    const fields: Record<string, string> = {
      ...rangeErrors(from, to),
      ...Object.fromEntries(unknown.map((key) => [key, "Unknown parameter"])),
    };
    const owner = parseOwner("leads", query.owner, c.get("admin").email);
    if ("error" in owner) fields.owner = owner.error;
    if (Object.keys(fields).length > 0 || "error" in owner) return c.json({ error: "validation", fields }, 400);
    return c.json(await readInsights(reader, { from, to, ...owner }));
  };
}
