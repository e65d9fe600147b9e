import type { AuditAction, AuditEntry } from "../../src/domain/privacy";
import { insertRows } from "./bulk-insert";
import type { Db } from "./schema";

// The append-only audit log: who did what, when, from where. Written here, read by the Audit tab;
// there is no update or delete, and triggers (migration 0003) refuse them in the database.

export interface NewAuditEntry {
  actor: string;
  action: AuditAction;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
  at: Date;
}

const auditRow = (entry: NewAuditEntry) => ({
  at: entry.at.toISOString(),
  actor: entry.actor,
  action: entry.action,
  details: JSON.stringify(entry.details ?? {}),
  ip: entry.ip ?? null,
  userAgent: entry.userAgent ?? null,
});

export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insertInto("audit").values(auditRow(entry)).execute();
}

/** Several entries in one statement (a bulk change writes one per record), in order. */
export async function appendAuditEntries(db: Db, entries: readonly NewAuditEntry[]): Promise<void> {
  await insertRows(db, "audit", entries.map(auditRow));
}

/** Newest first; `before` is the id of the last entry of the previous page. */
export async function listAudit(
  db: Db,
  { limit, before }: { limit: number; before: number | null },
): Promise<AuditEntry[]> {
  let query = db.selectFrom("audit").selectAll();
  if (before !== null) query = query.where("id", "<", before);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    action: row.action as AuditAction,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}
