import { Hono } from "hono";
import { COLLECTIONS } from "../../src/domain/status";
import type { Clock } from "../clock";
import { dashboardStats, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import type { SessionStore } from "../auth/sessions";
import type { ChangeFeed } from "../events/change-feed";
import type { StreamSlots } from "../events/stream-slots";
import type { Logger } from "../logger";
import { adminEventsHandler } from "./admin-events";
import { adminExportHandler } from "./admin-export";
import { adminRecordsRoutes } from "./admin-records";
import { adminRecordChangesRoutes } from "./admin-record-changes";
import { adminNotesRoutes, adminRecordNotesRoutes } from "./admin-notes";
import { adminPeopleRoutes } from "./admin-people";
import { adminSettingsRoutes, adminStaffRoutes } from "./admin-workspace";
import { adminAuditRoutes } from "./admin-audit";
import { adminOutboxRoutes } from "./admin-outbox";
import { adminSubjectsRoutes } from "./admin-subjects";
import type { PrivacyKeys } from "../privacy/keys";
import type { CsvSource } from "../export/csv-chunks";

export interface AdminDeps {
  db: Db;
  /** Lists, stats, the live stream and the audit log read here (see connectReader). */
  reader: Db;
  /** The CSV export's chunks (see export/csv-chunks.ts). */
  csvSource: CsvSource;
  clock: Clock;
  logger: Logger;
  feed: ChangeFeed;
  sessions: SessionStore;
  heartbeatMs: number;
  shutdown: AbortSignal;
  /** The live streams' caps, per session and in all. */
  streamSlots: StreamSlots;
  keys: PrivacyKeys;
  trustProxy: number;
  wakeOutbox: () => void;
  /** Email a lead's or contact's new owner (SMTP is configured). */
  notifyOwners: boolean;
}

/** /api/admin: the staff API. Session, same-origin and no-store are applied by app.ts for the whole prefix. */
export function adminRoutes(deps: AdminDeps) {
  const app = new Hono<AdminEnv>()
    .get("/stats", async (c) => c.json(await dashboardStats(deps.reader, deps.clock())))
    .get("/events", adminEventsHandler({ ...deps, db: deps.reader, slots: deps.streamSlots }))
    .get("/export.csv", adminExportHandler(deps))
    .route("/subjects", adminSubjectsRoutes(deps))
    .route("/audit", adminAuditRoutes(deps.reader))
    .route("/outbox", adminOutboxRoutes(deps))
    .route("/people", adminPeopleRoutes(deps.reader))
    .route("/notes", adminNotesRoutes(deps))
    .route("/settings", adminSettingsRoutes(deps))
    .route("/staff", adminStaffRoutes(deps));
  for (const collection of COLLECTIONS) {
    app.route(`/${collection}`, adminRecordsRoutes(collection, deps));
    app.route(`/${collection}`, adminRecordChangesRoutes(collection, deps));
    app.route(`/${collection}`, adminRecordNotesRoutes(collection, deps));
  }
  return app;
}
