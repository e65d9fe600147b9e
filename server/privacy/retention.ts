import { appendAudit, purgeExpiredRecords, type Db, type PurgeCounts } from "../db/store";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The scheduled purge runs this often (and once at start-up). */
export const RETENTION_EVERY_MS = DAY_MS;

export interface RetentionRun {
  cutoff: string;
  deleted: PurgeCounts;
  total: number;
}

/**
 * Purges what is older than `retentionDays` and records it in the audit log. `actor` is "cli" for
 * `npm run admin -- purge` and "system" for the daily job, which only writes an entry when something
 * went (each instance runs it daily and at every start; empty runs would bury the log).
 */
export async function runRetention(
  db: Db,
  {
    now,
    retentionDays,
    actor,
    auditEmptyRuns,
  }: { now: Date; retentionDays: number; actor: string; auditEmptyRuns: boolean },
): Promise<RetentionRun> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const deleted = await purgeExpiredRecords(db, cutoff, now);
  const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
  if (total > 0 || auditEmptyRuns) {
    await appendAudit(db, {
      actor,
      action: "retention.purge",
      details: { retentionDays, cutoff, deleted, total },
      at: now,
    });
  }
  return { cutoff, deleted, total };
}
