import type { AuditEntry } from "../../src/domain/privacy";
import { listAudit, type Db } from "../db/store";

// The audit log cannot be cleared between tests (it is append-only, by trigger), so suites note where
// it stood and read what was added since.

export async function auditMark(db: Db): Promise<number> {
  const [latest] = await listAudit(db, { limit: 1, before: null });
  return latest?.id ?? 0;
}

/** Entries added after `mark`, oldest first. */
export async function auditSince(db: Db, mark: number): Promise<AuditEntry[]> {
  const entries = await listAudit(db, { limit: 500, before: null });
  return entries.filter((entry) => entry.id > mark).reverse();
}
