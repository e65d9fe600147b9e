import {
  idempotencyWindowStart,
  pruneChanges,
  purgeFinishedOutbox,
  purgeIdempotencyKeys,
  purgeInvitations,
  purgePasswordResets,
  purgeRateLimits,
  purgeUsedRenderStamps,
  type Db,
} from "./db/store";
import { RATE_LIMIT_WINDOW_MS } from "./security/rate-limit";
import type { LoginThrottle } from "./auth/login-throttle";
import type { SessionStore } from "./auth/sessions";
import { describeError, type Logger } from "./logger";

/** How long the live stream can replay: a dashboard closed for longer reloads its lists instead. */
export const CHANGES_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;
/** Sent and cancelled emails stay listed this long (for "did the alert go out?"), then go. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Used or expired invitations and reset links stay as long, then go. */
export const STAFF_LINK_RETENTION_MS = OUTBOX_RETENTION_MS;

export interface MaintenanceDeps {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  logger: Logger;
  now: () => Date;
}

/** The hourly clean-up of rows nothing reads any more. Each task fails on its own, logged, never thrown. */
export async function runMaintenance({ db, sessions, throttle, logger, now }: MaintenanceDeps): Promise<void> {
  const at = now();
  const tasks: Record<string, () => Promise<number>> = {
    "idempotency-keys": () => purgeIdempotencyKeys(db, idempotencyWindowStart(at)),
    changes: () => pruneChanges(db, new Date(at.getTime() - CHANGES_RETENTION_MS).toISOString()),
    sessions: () => sessions.purgeExpired(),
    "login-throttle": () => throttle.purgeExpired(),
    // PostgreSQL's form-limit windows (SQLite counts in memory and leaves the table empty).
    "rate-limits": () => purgeRateLimits(db, new Date(at.getTime() - RATE_LIMIT_WINDOW_MS).toISOString()),
    outbox: () => purgeFinishedOutbox(db, new Date(at.getTime() - OUTBOX_RETENTION_MS).toISOString()),
    "staff-invitations": () => purgeInvitations(db, new Date(at.getTime() - STAFF_LINK_RETENTION_MS).toISOString()),
    // Claims of render stamps past their age (they count as missing by then).
    "used-render-stamps": () => purgeUsedRenderStamps(db, at.toISOString()),
    "password-resets": () => purgePasswordResets(db, new Date(at.getTime() - STAFF_LINK_RETENTION_MS).toISOString()),
  };
  for (const [name, task] of Object.entries(tasks)) {
    try {
      const deleted = await task();
      if (deleted > 0) logger.debug("purged", { table: name, deleted });
    } catch (error) {
      logger.warn("purge-failed", { table: name, ...describeError(error) });
    }
  }
}
