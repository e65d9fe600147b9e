import type { Handler } from "hono";
import { BRAND } from "../../src/config/brand";
import { csvFileName, type CsvOptions } from "../../src/domain/csv";
import { COLLECTIONS, LEAD_STATUSES, LEAD_TYPES, NEWSLETTER_STATUSES } from "../../src/domain/status";
import { isOwnedCollection } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import { appendAudit, isValidStatus, type Db, type NewAuditEntry } from "../db/store";
import type { CsvChunk, CsvSource, ExportPart } from "../export/csv-chunks";
import type { AdminEnv } from "../auth/require-session";
import { SPAM_FILTERS } from "../../src/domain/spam";
import { parseFilters, parseOwner } from "../http/list-query";
import { requestContext } from "../http/request-context";
import { describeError, type Logger } from "../logger";
import { emailHash, type PrivacyKeys } from "../privacy/keys";

export interface ExportDeps {
  /** Where the export's audit entry is written. */
  db: Db;
  /** Where its chunks come from: this thread (csvChunks) or a worker thread (export/csv-thread.ts). */
  csvSource: CsvSource;
  clock: Clock;
  logger: Logger;
  keys: PrivacyKeys;
  trustProxy: number;
}

/** The audit entry of an export, completed with the row count once the stream has ended. */
type ExportAudit = Omit<NewAuditEntry, "details"> & { details: Record<string, unknown> };

const ALL_STATUSES: readonly string[] = [...LEAD_STATUSES, ...NEWSLETTER_STATUSES];

/** The first-touch filters an export used (the same for every part), for its audit entry. */
const sourceFiltersOf = (parts: ExportPart[]) => {
  const filters = parts[0]?.filters ?? {};
  return {
    source: filters.utmSource ?? null,
    medium: filters.utmMedium ?? null,
    campaign: filters.utmCampaign ?? null,
  };
};

function planExport(
  query: Record<string, string | undefined>,
  me: string,
):
  | { ok: true; parts: ExportPart[]; owner: string | null | undefined; extended: boolean }
  | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  // "extended" adds owner, first response and attribution columns; the default keeps the product's exact columns.
  if (query.columns && query.columns !== "default" && query.columns !== "extended")
    fields.columns = "Use default or extended";
  const requested = query.collections ? query.collections.split(",").map((name) => name.trim()) : [...COLLECTIONS];
  const unknown = requested.filter((name) => !(COLLECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0 || requested.length === 0)
    fields.collections = `Use a comma list of ${COLLECTIONS.join(", ")}`;
  if (query.status && !ALL_STATUSES.includes(query.status)) fields.status = `Use one of ${ALL_STATUSES.join(", ")}`;
  if (query.type && !(LEAD_TYPES as readonly string[]).includes(query.type))
    fields.type = `Use one of ${LEAD_TYPES.join(", ")}`;
  // The Spam view ("only"): its leads and contacts; the newsletter is never held. Otherwise spam is left out.
  if (query.spam && !(SPAM_FILTERS as readonly string[]).includes(query.spam))
    fields.spam = `Use one of ${SPAM_FILTERS.join(", ")}`;
  const spamOnly = query.spam === "only";
  // "me", "none" or a staff email, read as the lists read it (leads stand for every collection with owners).
  const owner = parseOwner("leads", query.owner, me);
  if ("error" in owner) fields.owner = owner.error;
  // q and the first touch's filters, which every collection has.
  const q = parseFilters("newsletter", {
    q: query.q,
    source: query.source,
    medium: query.medium,
    campaign: query.campaign,
  });
  if (!q.ok) Object.assign(fields, q.fields);
  if (Object.keys(fields).length > 0 || "error" in owner) return { ok: false, fields };

  // Always leads, contacts, newsletter (docs/product.md, "The dashboard"), whatever order the parameter lists them in.
  // A status a collection does not have (e.g. "subscribed" for leads) leaves that collection out, and so
  // does an owner filter one without owners (the newsletter); the type filter only applies to leads.
  const parts = COLLECTIONS.filter((collection) => requested.includes(collection))
    .filter((collection) => !query.status || isValidStatus(collection, query.status))
    .filter((collection) => (owner.owner === undefined && !spamOnly) || isOwnedCollection(collection))
    .map((collection) => ({
      collection,
      filters: {
        ...(q.ok && { ...q.value }),
        ...(query.status && { status: query.status }),
        ...(collection === "leads" && query.type && { type: query.type }),
        ...(owner.owner !== undefined && { owner: owner.owner }),
        ...(spamOnly && { spam: true }),
      },
    }));
  return { ok: true, parts, owner: owner.owner, extended: query.columns === "extended" };
}

/**
 * The chunks, one per pull: a slow download slows the reading down instead of buffering.
 * A ReadableStream of our own rather than hono's stream(): a failure half-way must error the response
 * (the browser then reports a failed download) instead of ending it cleanly as a truncated file.
 */
function csvStream(
  db: Db,
  source: CsvSource,
  parts: ExportPart[],
  options: CsvOptions,
  logger: Logger,
  audit: ExportAudit,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let chunks: AsyncIterator<CsvChunk, void> | null = null;
  let rowCount = 0;
  // Written once, when the download ends however it ends: how many rows actually left the building.
  let audited = false;
  const writeAudit = async (outcome: "complete" | "failed" | "cancelled") => {
    if (audited) return;
    audited = true;
    try {
      await appendAudit(db, { ...audit, details: { ...audit.details, rows: rowCount, outcome } });
    } catch (error) {
      logger.error("audit-write-failed", { action: "export.csv", ...describeError(error) });
    }
  };
  return new ReadableStream<Uint8Array>({
    async cancel() {
      await chunks?.return?.();
      await writeAudit("cancelled");
    },
    async pull(controller) {
      try {
        chunks ??= source(parts, options);
        const next = await chunks.next();
        if (next.done) {
          await writeAudit("complete");
          return controller.close();
        }
        rowCount += next.value.rows;
        controller.enqueue(encoder.encode(next.value.text));
      } catch (error) {
        logger.error("csv-export-failed", describeError(error));
        await writeAudit("failed");
        controller.error(error);
      }
    },
  });
}

/** GET /api/admin/export.csv?collections=&q=&status=&type=&owner=&source=&medium=&campaign=&columns=default|extended */
export function adminExportHandler({ db, csvSource, clock, logger, keys, trustProxy }: ExportDeps): Handler<AdminEnv> {
  return (c) => {
    const query = c.req.query();
    const actor = c.get("admin").email;
    const plan = planExport(query, actor);
    if (!plan.ok) return c.json({ error: "validation", fields: plan.fields }, 400);
    const q = query.q?.trim();
    const audit: ExportAudit = {
      actor,
      action: "export.csv",
      details: {
        collections: plan.parts.map((part) => part.collection),
        status: query.status || null,
        type: query.type || null,
        ...sourceFiltersOf(plan.parts),
        columns: plan.extended ? "extended" : "default",
        ...(query.spam === "only" && { spam: "only" }),
        // A staff email ("me" as the exporter's own), "none" for unassigned records, or null for anyone's.
        owner: plan.owner === undefined ? null : (plan.owner ?? "none"),
        // A search is often an address: kept as its keyed hash, so an erasure leaves nothing readable here.
        searchHash: q ? emailHash(keys, q) : null,
      },
      ...requestContext(c, trustProxy),
      at: clock(),
    };
    return c.body(csvStream(db, csvSource, plan.parts, { extended: plan.extended }, logger, audit), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(BRAND.csvPrefix, clock())}"`,
    });
  };
}
