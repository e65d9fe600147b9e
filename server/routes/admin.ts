import { Hono } from "hono";
import type { Capability } from "../../src/domain/staff";
import { COLLECTIONS } from "../../src/domain/status";
import type { Clock } from "../clock";
import { dashboardStats, type Db } from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requireCapability } from "../auth/roles";
import type { SessionStore } from "../auth/sessions";
import type { ChangeFeed } from "../events/change-feed";
import type { StreamSlots } from "../events/stream-slots";
import type { Logger } from "../logger";
import { adminEventsHandler } from "./admin-events";
import { adminExportHandler } from "./admin-export";
import { adminInsightsHandler } from "./admin-insights";
import { adminRecordsRoutes } from "./admin-records";
import { adminRecordChangesRoutes } from "./admin-record-changes";
import { adminNotesRoutes, adminRecordNotesRoutes } from "./admin-notes";
import { adminPeopleRoutes } from "./admin-people";
import { adminSettingsRoutes } from "./admin-workspace";
import { adminStaffRoutes } from "./admin-staff";
import { adminAuditRoutes } from "./admin-audit";
import { adminOutboxRoutes } from "./admin-outbox";
import { adminSubjectsRoutes } from "./admin-subjects";
import type { PrivacyKeys } from "../privacy/keys";
import type { CsvSource } from "../export/csv-chunks";
import { adminSpamDecisionRoutes, adminSpamRoutes } from "./admin-spam";
import { adminWebhookDeliveryRoutes, adminWebhookRoutes } from "./admin-webhooks";
import { adminTokenRoutes } from "./admin-tokens";
import type { AddressPolicy } from "../webhooks/address-guard";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

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
  /** Send staff invitations (SMTP is configured). */
  staffMail: boolean;
  /** Staff alerts of new leads are on (SMTP_URL and NOTIFY_TO): a "Not spam" sends the one held back. */
  alerts: boolean;
  /** Where webhooks may go (WEBHOOKS_ALLOW_PRIVATE). */
  webhookPolicy: AddressPolicy;
  wakeWebhooks: () => void;
  /** Tests: how webhook URLs' host names resolve. */
  resolveHost?: (host: string) => Promise<string[]>;
}

/** A route group behind one capability of the signed-in account's role (403 forbidden otherwise). */
const only = (capability: Capability, routes: Hono<AdminEnv>) =>
  new Hono<AdminEnv>().use(requireCapability(capability)).route("/", routes);

/**
 * /api/admin: the staff API. Session, the admins' two-factor enrolment, same-origin and no-store are
 * applied by app.ts for the whole prefix; each group here names the capability it needs (the staff and
 * settings groups name theirs per route).
 */
export function adminRoutes(deps: AdminDeps) {
  const records = requireCapability("records");
  const webhookDeps = { ...deps, policy: deps.webhookPolicy, ...(deps.resolveHost && { resolve: deps.resolveHost }) };
  const app = new Hono<AdminEnv>()
    .get(
      "/stats",
      describe({
        tag: "Dashboard",
        summary: "The dashboard's counts",
        access: "session",
        answers: {
          200: { description: "Counts by collection and status, and this week's", schema: answer.dashboardStats },
        },
      }),
      records,
      async (c) => c.json(await dashboardStats(deps.reader, deps.clock())),
    )
    .get(
      "/events",
      describe({
        tag: "Dashboard",
        summary: "Live changes (server-sent events)",
        description:
          "Every created, updated or removed record after the given position, then as they happen. Reconnect with Last-Event-ID to miss nothing.",
        access: "session",
        query: answer.eventsQuery,
        answers: { 200: { description: "An event stream", media: "text/event-stream" } },
        refusals: [429],
      }),
      records,
      adminEventsHandler({ ...deps, db: deps.reader, slots: deps.streamSlots }),
    )
    .get(
      "/export.csv",
      describe({
        tag: "Records",
        summary: "Export records as CSV",
        description: "Streams every matching record; spreadsheet formulas are neutralised. Audited.",
        access: "export",
        query: answer.exportQuery,
        answers: { 200: { description: "The CSV file", media: "text/csv" } },
        refusals: [400],
      }),
      records,
      adminExportHandler(deps),
    )
    .get(
      "/insights",
      describe({
        tag: "Dashboard",
        summary: "Charts: leads per day, sources, funnel, response times",
        access: "session",
        query: answer.insightsQuery,
        answers: { 200: { description: "The figures for the range", schema: answer.insights } },
        refusals: [400],
      }),
      records,
      adminInsightsHandler(deps),
    )
    .route("/subjects", only("privacy", adminSubjectsRoutes(deps)))
    .route("/audit", only("audit", adminAuditRoutes(deps.reader)))
    .route("/outbox", only("privacy", adminOutboxRoutes(deps)))
    .route("/people", only("records", adminPeopleRoutes(deps.reader)))
    .route("/notes", only("records", adminNotesRoutes(deps)))
    .route("/settings", adminSettingsRoutes(deps))
    .route("/staff", adminStaffRoutes({ ...deps, mail: deps.staffMail }))
    .route("/spam", adminSpamRoutes(deps))
    .route("/webhooks", only("settings", adminWebhookRoutes(webhookDeps)))
    .route("/webhook-deliveries", only("settings", adminWebhookDeliveryRoutes(webhookDeps)))
    .route("/tokens", only("settings", adminTokenRoutes(deps)));
  for (const collection of COLLECTIONS) {
    const routes = new Hono<AdminEnv>()
      .route("/", adminRecordsRoutes(collection, deps))
      .route("/", adminRecordChangesRoutes(collection, deps))
      .route("/", adminRecordNotesRoutes(collection, deps));
    if (collection !== "newsletter") routes.route("/", adminSpamDecisionRoutes(collection, deps));
    app.route(`/${collection}`, only("records", routes));
  }
  return app;
}
